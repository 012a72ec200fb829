/**
 * Rounds of a PostgreSQL writer killed with SIGKILL at a random moment while its clients read
 * it: timer blocks, `/dev/mine` bursts and announces (valid and failing ones) go on while a
 * client records every block hash, transaction status and finalized block the writer's REST
 * answers and WebSocket frames told, and a reader process (over the same database) does the
 * same; after each restart every recorded fact must hold. Used by the writer's crash test (a
 * few rounds in CI) and its long run (`CRASH_ROUNDS=50`).
 */
import { once } from 'node:events';
import { Hash256, PrivateKey } from 'symbol-sdk';
import { Network, SymbolFacade } from 'symbol-sdk/symbol';
import WebSocket from 'ws';
import { listening } from './cli.js';
import { random as seeded } from './random.js';

/** What clients were told, to be checked after each restart. */
export interface Told {
  /** Block hash by height. */
  readonly blocks: Map<number, string>;
  /** The highest finalized block told. */
  finalized: { height: number; hash: string } | undefined;
  /** Each transaction's status as told: confirmed at a height, failed with a code, or unconfirmed. */
  readonly statuses: Map<string, { group: 'confirmed' | 'failed' | 'unconfirmed'; code: string; height?: number }>;
  /** Every contradiction seen while recording (two hashes for a height, a status that went back). */
  readonly contradictions: string[];
}

export interface CrashRound {
  readonly round: number;
  /** ms the writer ran before the kill. */
  readonly ranFor: number;
  readonly heightTold: number;
  /** Blocks (by height), statuses and the finalized height told so far. */
  readonly blocksTold: number;
  readonly statusesTold: number;
  readonly finalizedTold: number;
  /** The writer's height after its restart (what the database held). */
  readonly heightAfter: number;
}

const HEADERS = { 'content-type': 'application/json' };

function tell(told: Told, source: string, height: number, hash: string): void {
  const before = told.blocks.get(height);
  if (before !== undefined && before !== hash) told.contradictions.push(`${source}: block ${height} is ${hash}, was told ${before}`);
  told.blocks.set(height, hash);
}

function tellFinalized(told: Told, source: string, height: number, hash: string): void {
  if (height === 0) return;
  tell(told, `${source} (finalized)`, height, hash);
  if (told.finalized && told.finalized.height > height) return;
  told.finalized = { height, hash };
}

function tellStatus(told: Told, source: string, hash: string, status: { group: string; code: string; height?: string }): void {
  const group = status.group as 'confirmed' | 'failed' | 'unconfirmed';
  if (group !== 'confirmed' && group !== 'failed' && group !== 'unconfirmed') return;
  const before = told.statuses.get(hash);
  const height = status.height === undefined ? undefined : Number(status.height);
  if (before && before.group !== 'unconfirmed') {
    if (before.group !== group || before.code !== status.code || (group === 'confirmed' && height !== undefined && before.height !== height)) {
      told.contradictions.push(`${source}: ${hash} is ${group} ${status.code}${height === undefined ? '' : ` at ${height}`}, was told ${before.group} ${before.code}${before.height === undefined ? '' : ` at ${before.height}`}`);
    }
    return;
  }
  told.statuses.set(hash, { group, code: status.code, ...(group === 'confirmed' && height !== undefined && { height }) });
}

/** A WebSocket client that records the frames of `topics` into `told`. */
async function watch(url: string, topics: string[], told: Told, source: string): Promise<WebSocket> {
  const socket = new WebSocket(url);
  let uid: string | undefined;
  socket.on('error', () => undefined);
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data)) as any;
    if (uid === undefined) {
      uid = frame.uid as string;
      for (const topic of topics) socket.send(JSON.stringify({ uid, subscribe: topic }));
      return;
    }
    const channel = String(frame.topic).split('/')[0];
    if (channel === 'block') tell(told, `${source} block frame`, Number(frame.data.block.height), frame.data.meta.hash);
    else if (channel === 'finalizedBlock') tellFinalized(told, `${source} finalizedBlock frame`, Number(frame.data.height), frame.data.hash);
    else if (channel === 'confirmedAdded') tellStatus(told, `${source} confirmedAdded frame`, frame.data.meta.hash, { group: 'confirmed', code: 'Success', height: frame.data.meta.height });
    else if (channel === 'status') tellStatus(told, `${source} status frame`, frame.data.hash, { group: 'failed', code: frame.data.code });
  });
  await once(socket, 'open');
  return socket;
}

async function json(url: string, init?: RequestInit): Promise<any> {
  const reply = await fetch(url, init);
  const text = await reply.text();
  if (!reply.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${reply.status} ${text}`);
  return JSON.parse(text);
}

/** Everything `told` says, checked against a gateway: each block's hash, each status, the finalized height. */
export async function checkTold(base: string, told: Told): Promise<string[]> {
  const wrong: string[] = [];
  const heights = [...told.blocks.keys()].sort((a, b) => a - b);
  const last = heights.at(-1) ?? 0;
  for (let from = 1; from <= last; from += 100) {
    const page = await json(`${base}/blocks?pageSize=100&order=asc&orderBy=height&pageNumber=${(from - 1) / 100 + 1}`).catch(() => undefined);
    const stored = new Map<number, string>((page?.data ?? []).map((block: any) => [Number(block.block.height), block.meta.hash]));
    for (let height = from; height < from + 100 && height <= last; height++) {
      const hash = told.blocks.get(height);
      if (hash === undefined) continue;
      const now = stored.get(height) ?? (await json(`${base}/blocks/${height}`).then((block) => block.meta.hash as string, () => 'missing'));
      if (now !== hash) wrong.push(`block ${height} is ${now}, was told ${hash}`);
    }
  }
  const hashes = [...told.statuses.keys()];
  for (let i = 0; i < hashes.length; i += 100) {
    const answered = (await json(`${base}/transactionStatus`, { method: 'POST', headers: HEADERS, body: JSON.stringify({ hashes: hashes.slice(i, i + 100) }) })) as any[];
    const byHash = new Map(answered.map((status) => [status.hash as string, status]));
    for (const hash of hashes.slice(i, i + 100)) {
      const was = told.statuses.get(hash)!;
      const now = byHash.get(hash);
      if (was.group === 'unconfirmed') {
        // Told unconfirmed: it may have confirmed since (or be pending still), never be unknown or failed.
        if (now === undefined || now.group === 'failed') wrong.push(`${hash} was told unconfirmed, is now ${now ? `${now.group} ${now.code}` : 'unknown'}`);
      } else if (now === undefined || now.group !== was.group || now.code !== was.code || (was.height !== undefined && Number(now.height) !== was.height)) {
        wrong.push(`${hash} is ${now ? `${now.group} ${now.code} at ${now.height}` : 'unknown'}, was told ${was.group} ${was.code}${was.height === undefined ? '' : ` at ${was.height}`}`);
      }
    }
  }
  if (told.finalized) {
    const info = await json(`${base}/chain/info`);
    if (Number(info.latestFinalizedBlock.height) < told.finalized.height) {
      wrong.push(`the latest finalized block is ${info.latestFinalizedBlock.height}, below ${told.finalized.height} as told`);
    }
  }
  return wrong;
}

export interface CrashOptions {
  /** The database the writer writes (and the reader reads, unless `reader` says otherwise). */
  url: string;
  /** The reader's database (a hot standby of `url`) and its primary. Default: `url` itself. */
  reader?: { url: string; primary?: string };
  rounds: number;
  /** ms between timer blocks. Default 100. */
  blockTime?: number;
  /** The longest a writer runs before its kill, in ms. Default 2000. */
  longest?: number;
  seed?: number;
  /** Told after each round. */
  onRound?: (round: CrashRound) => void;
}

/**
 * Runs the rounds and answers what was told and every fact found wrong after a restart (empty
 * when the writer kept its word).
 */
export async function crashRounds(options: CrashOptions): Promise<{ told: Told; wrong: string[]; rounds: CrashRound[] }> {
  const next = seeded(options.seed ?? 49);
  const random = { int: (n: number) => Math.floor(next() * n) };
  const told: Told = { blocks: new Map(), finalized: undefined, statuses: new Map(), contradictions: [] };
  const wrong: string[] = [];
  const rounds: CrashRound[] = [];
  const blockTime = String(options.blockTime ?? 100);
  const longest = options.longest ?? 2_000;
  let writer = await listening(['--store', options.url, '--dev', '--block-time', blockTime, '--accounts', '2', '--seed', 'crash-test'], {}, 60_000);
  const privateKeys = [...writer.output().matchAll(/private key ([0-9A-F]{64})/g)].map((match) => match[1]);
  const properties = await json(`${writer.base}/network/properties`);
  const epoch = Number(String(properties.network.epochAdjustment).replace(/s$/, ''));
  const facade = new SymbolFacade(new Network('testnet', 0x98, new Date(epoch * 1000), new Hash256(properties.network.generationHashSeed)));
  const keyPairs = privateKeys.map((key) => new SymbolFacade.KeyPair(new PrivateKey(key)));
  const addresses = keyPairs.map((pair) => facade.network.publicKeyToAddress(pair.publicKey).toString());
  const readerStore = options.reader ?? { url: options.url };
  const reader = await listening(['--store', readerStore.url, '--reader', ...(readerStore.primary === undefined ? [] : ['--primary', readerStore.primary])], {}, 60_000);
  const readerSocket = await watch(reader.base.replace(/^http/, 'ws') + '/ws', ['block', 'finalizedBlock', ...addresses.map((address) => `confirmedAdded/${address}`)], told, 'reader');
  try {
    for (let round = 1; round <= options.rounds; round++) {
      const base = writer.base;
      const socket = await watch(base.replace(/^http/, 'ws') + '/ws', ['block', 'finalizedBlock', ...addresses.flatMap((address) => [`confirmedAdded/${address}`, `status/${address}`])], told, 'writer');
      const ranFor = 100 + random.int(longest - 100);
      const until = Date.now() + ranFor;
      let stopped = false;
      const client = async (): Promise<void> => {
        while (!stopped) {
          try {
            await act(base);
          } catch {
            // The writer died under it: what it was not told, it was not told.
          }
        }
      };
      const act = async (at: string): Promise<void> => {
        const pick = random.int(10);
        if (pick < 2) {
          const mined = await json(`${at}/dev/mine`, { method: 'POST', headers: HEADERS, body: JSON.stringify({ count: 1 + random.int(60) }) });
          for (const block of mined.blocks) tell(told, '/dev/mine', Number(block.height), block.hash);
        } else if (pick < 5) {
          const sender = random.int(keyPairs.length);
          const now = BigInt((await json(`${at}/node/time`)).communicationTimestamps.receiveTimestamp);
          // One in four asks more than the account holds: its status is a failure.
          const amount = random.int(4) === 0 ? 10n ** 15n : BigInt(1 + random.int(1000));
          const transaction = facade.transactionFactory.create({
            type: 'transfer_transaction_v1',
            signerPublicKey: keyPairs[sender].publicKey,
            fee: 1_000_000n,
            deadline: now + 3_600_000n,
            recipientAddress: addresses[(sender + 1) % addresses.length],
            mosaics: [{ mosaicId: 0xe74b99ba41f4afeen, amount }],
          } as never);
          const body = facade.transactionFactory.static.attachSignature(transaction, facade.signTransaction(keyPairs[sender], transaction));
          const hash = facade.hashTransaction(transaction).toString();
          const reply = await fetch(`${at}/transactions`, { method: 'PUT', headers: HEADERS, body });
          await reply.text();
          if (reply.status !== 202) throw new Error(`PUT /transactions: ${reply.status}`);
          const status = await fetch(`${at}/transactionStatus/${hash}`);
          if (status.status === 200) tellStatus(told, '/transactionStatus', hash, (await status.json()) as any);
          else await status.text();
        } else if (pick < 7) {
          const info = await json(`${at}/chain/info`);
          if (info.latestFinalizedBlock) tellFinalized(told, '/chain/info', Number(info.latestFinalizedBlock.height), info.latestFinalizedBlock.hash);
          const head = await json(`${at}/blocks/${info.height}`);
          tell(told, '/blocks/{height}', Number(head.block.height), head.meta.hash);
        } else {
          const info = await json(`${reader.base}/chain/info`);
          const head = await json(`${reader.base}/blocks/${info.height}`);
          tell(told, 'reader /blocks/{height}', Number(head.block.height), head.meta.hash);
        }
      };
      const clients = [client(), client()];
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, until - Date.now())));
      writer.child.kill('SIGKILL');
      await once(writer.child, 'exit').catch(() => undefined);
      stopped = true;
      await Promise.all(clients);
      socket.terminate();
      const heightTold = Math.max(0, ...told.blocks.keys());
      writer = await listening(['--store', options.url, '--dev', '--block-time', blockTime], {}, 60_000);
      const found = await checkTold(writer.base, told);
      wrong.push(...found.map((line) => `round ${round}: ${line}`));
      const heightAfter = Number((await json(`${writer.base}/chain/info`)).height);
      const record: CrashRound = { round, ranFor, heightTold, blocksTold: told.blocks.size, statusesTold: told.statuses.size, finalizedTold: told.finalized?.height ?? 0, heightAfter };
      rounds.push(record);
      options.onRound?.(record);
    }
    // The reader's frames and pages told too: checked against the last writer as well.
    wrong.push(...(await checkTold(writer.base, told)).map((line) => `at the end: ${line}`));
    wrong.push(...told.contradictions);
    return { told, wrong, rounds };
  } finally {
    readerSocket.terminate();
    writer.child.kill('SIGTERM');
    reader.child.kill('SIGTERM');
  }
}
