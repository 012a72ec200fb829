/**
 * The development controls, each through `/dev/` over HTTP and through `chain.dev`: mining on
 * demand, automine and interval mining, time travel that moves deadlines and lock and
 * namespace expiries, balances, impersonation; and `/dev/` absent unless the gateway is made
 * with `dev: true`.
 */
import net from 'node:net';
import { Hash256, PublicKey, Signature } from 'symbol-sdk';
import { generateNamespaceId, Network } from 'symbol-sdk/symbol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import type { InMemoryChainOptions } from '../../src/memory/options.js';
import { confirm, hashLockFor, hex, lockFunds, signedBy } from '../support/announce.js';
import { POSTGRES_BACKEND } from '../support/postgres-mount.js';
import { startGateway, testChain, type TestServer } from '../support/server.js';
import { aggregate, cosign, embeddedTransfer, transfer } from '../support/signing.js';
import { Client } from '../support/ws-client.js';

type Server = TestServer & { chain: InMemoryChain };

const JSON_HEADERS = { 'content-type': 'application/json' };
let server: Server | undefined;

async function start(options: InMemoryChainOptions = {}, dev = true): Promise<Server> {
  server = await startGateway({ backend: testChain(options), dev });
  return server;
}
afterEach(async () => {
  await server?.close();
  server = undefined;
  vi.restoreAllMocks();
});

/** A `/dev/` request with a JSON body; its answer is not in the Symbol OpenAPI (errors still are). */
function dev(method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown) {
  return server!.request(method, path, { body: body === undefined ? undefined : JSON.stringify(body), headers: JSON_HEADERS, spec: false });
}

async function status(hash: string): Promise<{ group: string; code: string }> {
  return (await server!.get(`/transactionStatus/${hash}`)).body;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 3_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('mine', () => {
  it('harvests N blocks now over HTTP, with what waits in the pool', async () => {
    const { chain } = await start();
    const [a, b] = chain.fundedAccounts;
    const payment = transfer(chain, a, b);
    expect((await server!.request('PUT', '/transactions', { body: payment.body, headers: JSON_HEADERS })).status).toBe(202);
    const { status: code, body } = await dev('POST', '/dev/mine', { count: 3 });
    expect(code).toBe(200);
    expect(body.blocks.map((block: { height: string }) => block.height)).toEqual(['2', '3', '4']);
    expect(body.blocks.map((block: { transactions: number }) => block.transactions)).toEqual([1, 0, 0]);
    expect(body.blocks[2].hash).toBe((await server!.get('/blocks/4')).body.meta.hash);
    expect(await status(payment.hash)).toMatchObject({ group: 'confirmed' });
  });

  it('harvests N blocks from TypeScript, and refuses counts out of range', async () => {
    const { chain } = await start();
    expect(chain.dev.mine(2).map((block) => block.height)).toEqual(['2', '3']);
    expect(() => chain.dev.mine(0)).toThrow(/count must be from 1/);
    for (const count of [0, -1, 1.5, '2', 10_001]) {
      const { status: code, body } = await server!.request('POST', '/dev/mine', { body: JSON.stringify({ count }), headers: JSON_HEADERS });
      expect([count, code, body.code]).toEqual([count, 409, 'InvalidArgument']);
    }
    expect(chain.height).toBe(3n);
  });
});

describe('mining mode', () => {
  it('automine over HTTP: a transfer is confirmed without anyone harvesting', async () => {
    const { chain } = await start({ announceDelay: 10 });
    const [a, b] = chain.fundedAccounts;
    expect((await dev('PUT', '/dev/mining', { automine: true })).body).toEqual({ automine: true, interval: 0 });
    expect((await dev('GET', '/dev/mining')).body).toEqual({ automine: true, interval: 0 });
    const payment = transfer(chain, a, b);
    await server!.request('PUT', '/transactions', { body: payment.body, headers: JSON_HEADERS });
    expect(await until(() => status(payment.hash), (s) => s.group === 'confirmed')).toMatchObject({ group: 'confirmed', code: 'Success' });
    expect(chain.height).toBe(2n);
  });

  it('automine from TypeScript (and the chain option), off again on request', async () => {
    const { chain } = await start({ announceDelay: 10, automine: true });
    const [a, b] = chain.fundedAccounts;
    expect(chain.dev.mining()).toEqual({ automine: true, interval: 0 });
    const first = transfer(chain, a, b, { message: 'first' });
    await server!.request('PUT', '/transactions', { body: first.body, headers: JSON_HEADERS });
    expect(await until(() => status(first.hash), (s) => s.group === 'confirmed')).toMatchObject({ group: 'confirmed' });
    chain.dev.setMining({ automine: false });
    const second = transfer(chain, a, b, { message: 'second' });
    await server!.request('PUT', '/transactions', { body: second.body, headers: JSON_HEADERS });
    expect(await until(() => status(second.hash), (s) => s.group === 'unconfirmed', 1_000)).toMatchObject({ group: 'unconfirmed' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await status(second.hash)).group).toBe('unconfirmed');
  });

  it('interval mining: blocks every N ms once set, none once set to 0', async () => {
    const { chain } = await start();
    expect((await dev('PUT', '/dev/mining', { interval: 30 })).body).toEqual({ automine: false, interval: 30 });
    await until(async () => chain.height, (height) => height >= 4n);
    expect(chain.height >= 4n).toBe(true);
    chain.dev.setMining({ interval: 0 });
    const stopped = chain.height;
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(chain.height).toBe(stopped);
    for (const body of [{ interval: -1 }, { interval: 'fast' }, { automine: 'yes' }]) {
      expect((await server!.request('PUT', '/dev/mining', { body: JSON.stringify(body), headers: JSON_HEADERS })).status).toBe(409);
    }
  });
});

describe('time travel', () => {
  it('moves the network time and harvests the blocks that time covers: a hash lock expires, as its receipt shows', async () => {
    const { chain } = await start({ blockInterval: false, rules: { minNamespaceDuration: 5n } });
    const [, b] = chain.fundedAccounts;
    const lockedAt = await confirm(server!, hashLockFor(chain, b, 'EF'.repeat(32), { duration: 10n }));
    const before = BigInt((await server!.get('/node/time')).body.communicationTimestamps.receiveTimestamp);
    // The chain's nominal block time (the testnet's 30 s when no interval is set): 12 blocks.
    const { body } = await dev('POST', '/dev/time', { advance: 12 * 30_000 });
    expect(body.blocks).toHaveLength(12);
    const timestamps = body.blocks.map((block: { timestamp: string }) => BigInt(block.timestamp));
    expect(timestamps.slice(1).map((t: bigint, i: number) => t - timestamps[i])).toEqual(Array(11).fill(30_000n));
    expect(BigInt(body.networkTime) - before >= 12n * 30_000n).toBe(true);
    const { lock } = (await server!.get(`/lock/hash/${'EF'.repeat(32)}`)).body;
    expect(lock.endHeight).toBe((lockedAt + 10n).toString());
    // Expired at its end height within the jump: its mosaics went to that block's harvester (LockHash_Expired).
    const statements = (await server!.get(`/statements/transaction?height=${lockedAt + 10n}&receiptType=${0x2348}`)).body.data;
    const expired = statements.flatMap(({ statement }: any) => statement.receipts).filter((receipt: { type: number }) => receipt.type === 0x2348);
    expect(expired).toEqual([expect.objectContaining({ amount: lock.amount })]);
  });

  it('moves deadlines from TypeScript: without blocks only the clock moves, and the next block drops what passed its deadline', async () => {
    const { chain } = await start({ maxTransactionLifetime: 3_600_000 });
    const [a, b] = chain.fundedAccounts;
    const payment = transfer(chain, a, b);
    await server!.request('PUT', '/transactions', { body: payment.body, headers: JSON_HEADERS });
    chain.processAnnounced();
    const { blocks } = chain.dev.advanceTime(2 * 3_600_000, { blocks: false });
    expect(blocks).toEqual([]);
    expect(chain.height).toBe(1n);
    chain.dev.mine(1);
    expect(await status(payment.hash)).toMatchObject({ group: 'failed', code: 'Failure_Core_Past_Deadline' });
  });

  it('ends a namespace when its duration and grace period are travelled through', async () => {
    const { chain } = await start({ blockInterval: 1_000, rules: { minNamespaceDuration: 5n, namespaceGracePeriod: 2n } });
    chain.dev.setMining({ interval: 0 });
    const [a] = chain.fundedAccounts;
    const id = generateNamespaceId('travel');
    await confirm(server!, signedBy(chain, a, { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: 5n, name: 'travel', id }));
    expect((await server!.get(`/namespaces/${hex(id)}`)).body.meta.active).toBe(true);
    // Registered at height 2: held through height 6, in its grace period through 8, ended at 9.
    expect(chain.dev.advanceTime(7_000).blocks).toHaveLength(7); // one block a second, to height 9
    expect((await server!.get(`/namespaces/${hex(id)}`)).body.meta.active).toBe(false);
    chain.dev.advanceTime(1_000); // height 10 is finalized: the ended root is pruned
    expect((await server!.get(`/namespaces/${hex(id)}`)).status).toBe(404);
  });

  it('gives the next block a set timestamp over HTTP, however it is made; the clock follows; refuses one not after the latest block', async () => {
    const { chain } = await start();
    chain.harvest();
    const latest = BigInt((await server!.get(`/blocks/${chain.height}`)).body.block.timestamp);
    const ahead = chain.networkTime() + 3_600_000n;
    const { status: code, body } = await dev('PUT', '/dev/next-block-timestamp', { timestamp: ahead.toString() });
    expect(code).toBe(200);
    expect(body.timestamp).toBe(ahead.toString());
    // The clock moved up to it: what follows comes after it.
    expect(BigInt(body.networkTime)).toBeGreaterThanOrEqual(ahead);
    expect(chain.networkTime()).toBeGreaterThanOrEqual(ahead);
    const [mined] = (await dev('POST', '/dev/mine', { count: 1 })).body.blocks;
    expect(mined.timestamp).toBe(ahead.toString());
    expect((await server!.get(`/blocks/${mined.height}`)).body.block.timestamp).toBe(ahead.toString());
    // Once only: the block after it is stamped by the clock, later still.
    const [next] = (await dev('POST', '/dev/mine', {})).body.blocks;
    expect(BigInt(next.timestamp)).toBeGreaterThan(ahead);

    // A timestamp behind the clock but after the latest block: the block made by automine takes it.
    const behind = BigInt(next.timestamp) + 1n;
    expect((await dev('PUT', '/dev/next-block-timestamp', { timestamp: Number(behind) })).status).toBe(200);
    await dev('PUT', '/dev/mining', { automine: true });
    const [alice, bob] = chain.fundedAccounts;
    const payment = transfer(chain, alice, bob);
    await server!.request('PUT', '/transactions', { body: payment.body, headers: JSON_HEADERS });
    expect(await until(() => status(payment.hash), (s) => s.group === 'confirmed')).toMatchObject({ group: 'confirmed' });
    const stamped = (await server!.get('/blocks?order=desc&pageSize=10')).body.data[0];
    expect(BigInt(stamped.block.height)).toBe(BigInt(next.height) + 1n);
    expect(stamped.block.timestamp).toBe(behind.toString());

    for (const timestamp of [latest.toString(), stamped.block.timestamp, '-1', 'soon', '18446744073709551616']) {
      const refused = await dev('PUT', '/dev/next-block-timestamp', { timestamp });
      expect([refused.status, refused.body.code], timestamp).toEqual([409, 'InvalidArgument']);
    }
    expect((await dev('PUT', '/dev/next-block-timestamp', { timestamp: stamped.block.timestamp })).body.message).toBe(
      `timestamp must be after the latest block's, ${stamped.block.timestamp} (network time, ms), not ${stamped.block.timestamp}`,
    );
    expect((await dev('PUT', '/dev/next-block-timestamp', { at: '1' })).body.message).toContain('unknown field "at"');
  });

  it('sets the next block\'s timestamp from TypeScript: chain.harvest() takes it', async () => {
    const { chain } = await start();
    const at = chain.networkTime() + 90_000n;
    expect(chain.dev.setNextBlockTimestamp(at).timestamp).toBe(at.toString());
    expect(chain.harvest().block.timestamp).toBe(at.toString());
    expect(() => chain.dev.setNextBlockTimestamp(at)).toThrow(/after the latest block's/);
  });

  it('drops an unconfirmed transaction over HTTP as if never announced: status 404, the block without it; kept in a dump', async () => {
    const { chain } = await start();
    const [a, b, c] = chain.fundedAccounts;
    const dropped = transfer(chain, a, b, { amount: 7n });
    const kept = transfer(chain, a, c, { amount: 9n });
    for (const signed of [dropped, kept]) await server!.request('PUT', '/transactions', { body: signed.body, headers: JSON_HEADERS });
    await until(() => status(kept.hash), (s) => s.group === 'unconfirmed');
    expect((await status(dropped.hash)).group).toBe('unconfirmed');

    const reply = await server!.request('DELETE', `/dev/transactions/${dropped.hash.toLowerCase()}`, { spec: false });
    expect([reply.status, reply.body]).toEqual([200, { hash: dropped.hash, group: 'unconfirmed' }]);
    expect((await server!.get(`/transactionStatus/${dropped.hash}`)).status).toBe(404);
    expect((await server!.get('/transactions/unconfirmed')).body.data.map((entry: { meta: { hash: string } }) => entry.meta.hash)).toEqual([kept.hash]);
    const [mined] = (await dev('POST', '/dev/mine', {})).body.blocks;
    expect(mined.transactions).toBe(1);
    expect((await status(kept.hash)).group).toBe('confirmed');
    expect((await server!.get(`/transactionStatus/${dropped.hash}`)).status).toBe(404);

    // Not waiting (confirmed, or never seen): 404; not a hash: 409.
    expect((await server!.request('DELETE', `/dev/transactions/${kept.hash}`, { spec: false })).status).toBe(404);
    const bad = await server!.request('DELETE', '/dev/transactions/nothex', { spec: false });
    expect([bad.status, bad.body.code]).toEqual([409, 'InvalidArgument']);
  });

  it('drops an aggregate bonded waiting for cosignatures from the partial pool: partialRemoved, its status unknown, its cosignatures refused since', async () => {
    const { chain } = await start();
    const [a, b, c, d] = chain.fundedAccounts;
    const bonded = aggregate(chain, 'bonded', a, [embeddedTransfer(chain, a, c), embeddedTransfer(chain, b, d)]);
    lockFunds(chain, a, bonded);
    expect((await server!.request('PUT', '/transactions/partial', { body: bonded.body, headers: JSON_HEADERS })).status).toBe(202);
    chain.processAnnounced();
    expect((await status(bonded.hash)).group).toBe('partial');
    const client = await Client.connect(server!.wsUrl);
    await client.subscribe(`partialRemoved/${a.address}`);

    const reply = await server!.request('DELETE', `/dev/transactions/${bonded.hash}`, { spec: false });
    expect([reply.status, reply.body]).toEqual([200, { hash: bonded.hash, group: 'partial' }]);
    expect(await client.next()).toEqual({ topic: `partialRemoved/${a.address}`, data: { meta: { hash: bonded.hash } } });
    client.socket.terminate();
    expect((await server!.get(`/transactionStatus/${bonded.hash}`)).status).toBe(404);
    expect((await server!.get('/transactions/partial')).body.data).toEqual([]);
    // A cosignature for it now finds nothing to complete: no block takes it.
    expect((await server!.request('PUT', '/transactions/cosignature', { body: JSON.stringify(cosign(chain, b, bonded)), headers: JSON_HEADERS })).status).toBe(202);
    const [mined] = (await dev('POST', '/dev/mine', {})).body.blocks;
    expect(mined.transactions).toBe(0);
    expect((await server!.get(`/transactionStatus/${bonded.hash}`)).status).toBe(404);
  });

  it('drops from TypeScript; a dump replays the drop', async () => {
    const { chain } = await start();
    const [a, b] = chain.fundedAccounts;
    const signed = transfer(chain, a, b);
    chain.announcer.announce(signed.payload);
    chain.processAnnounced();
    expect(chain.dev.dropTransaction(signed.hash)).toEqual({ hash: signed.hash, group: 'unconfirmed' });
    expect(() => chain.dev.dropTransaction(signed.hash)).toThrow(/no transaction .* waits/);
    if (POSTGRES_BACKEND) return; // a chain a writer follows cannot load a dump
    const dump = chain.dev.dump();
    expect(dump.inputs.map((input) => input.op)).toEqual(['transaction', 'drop']);
    const copy = testChain();
    try {
      copy.dev.load(dump);
      expect(copy.transactionStatus.find([signed.hash])).toEqual([]);
    } finally {
      copy.close();
    }
  });

  it('refuses a jump that would take more than 10 000 blocks, or a negative one', async () => {
    await start();
    for (const advance of [10_001 * 30_000, -1, 'soon']) {
      const { status: code, body } = await server!.request('POST', '/dev/time', { body: JSON.stringify({ advance }), headers: JSON_HEADERS });
      expect([code, body.code]).toEqual([409, 'InvalidArgument']);
    }
  });
});

describe('balances', () => {
  it('sets an account\'s balance over HTTP; the mosaic\'s supply moves by the difference', async () => {
    const { chain } = await start();
    const [a] = chain.fundedAccounts;
    const currency = chain.currency.mosaicId;
    const supply = BigInt((await server!.get(`/mosaics/${currency}`)).body.mosaic.supply);
    const { status: code, body } = await dev('PUT', '/dev/balance', { address: a.address, mosaicId: currency, amount: '42' });
    expect([code, body]).toEqual([200, { address: a.addressHex, mosaicId: currency, amount: '42' }]);
    const { account } = (await server!.get(`/accounts/${a.address}`)).body;
    expect(account.mosaics).toEqual([{ id: currency, amount: '42' }]);
    expect(BigInt((await server!.get(`/mosaics/${currency}`)).body.mosaic.supply)).toBe(supply - chain.options.accountBalance + 42n);
    // The next block's state hash covers it.
    chain.dev.mine(1);
    expect((await server!.get(`/accounts/${a.address}`)).body.account.mosaics).toEqual([{ id: currency, amount: '42' }]);
  });

  it('creates an account the chain never saw, from TypeScript; refuses an unknown mosaic and malformed input', async () => {
    const { chain } = await start();
    const stranger = chain.symbolNetwork.publicKeyToAddress(new PublicKey('11'.repeat(32)));
    const strangerHex = Buffer.from(stranger.bytes).toString('hex').toUpperCase();
    chain.dev.setBalance(strangerHex, chain.currency.mosaicId, 5_000_000n);
    expect((await server!.get(`/accounts/${stranger}`)).body.account.mosaics).toEqual([{ id: chain.currency.mosaicId, amount: '5000000' }]);
    expect(() => chain.dev.setBalance(strangerHex, '0123456789ABCDEF', 1n)).toThrow(/no mosaic 0123456789ABCDEF/);
    for (const body of [
      { address: stranger.toString(), mosaicId: '0123456789ABCDEF', amount: '1' },
      { address: 'TNOTANADDRESS', mosaicId: chain.currency.mosaicId, amount: '1' },
      { address: stranger.toString(), mosaicId: chain.currency.mosaicId, amount: '-1' },
      { address: stranger.toString(), mosaicId: chain.currency.mosaicId, amount: 1 },
    ]) {
      const reply = await server!.request('PUT', '/dev/balance', { body: JSON.stringify(body), headers: JSON_HEADERS });
      expect([reply.status, reply.body.code]).toEqual([409, 'InvalidArgument']);
    }
    expect((await server!.get(`/accounts/${stranger}`)).body.account.mosaics[0].amount).toBe('5000000');
  });
});

describe('inputs the controls check', () => {
  it('refuses another network\'s address, names a wrong checksum and an unknown field; takes a mosaic alias, and no body where every field is optional', async () => {
    const { chain } = await start();
    const [a] = chain.fundedAccounts;
    const mainnet = new Network('mainnet', 0x68, new Date(0), new Hash256('00'.repeat(32))).publicKeyToAddress(a.keyPair.publicKey).toString();
    const typo = `${a.address.toString().slice(0, 38)}${a.address.toString().endsWith('A') ? 'B' : 'A'}`;
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['/dev/balance', { address: mainnet, mosaicId: chain.currency.mosaicId, amount: '1' }, /is an address of mainnet, but this chain is testnet/],
      ['/dev/impersonation', { address: mainnet, active: true }, /is an address of mainnet, but this chain is testnet/],
      ['/dev/balance', { address: typo, mosaicId: chain.currency.mosaicId, amount: '1' }, /wrong checksum/],
      ['/dev/balance', { address: a.address.toString(), mosaicId: 'nothing.here', amount: '1' }, /no namespace linked to a mosaic/],
    ];
    for (const [path, body, message] of cases) {
      const reply = await server!.request('PUT', path, { body: JSON.stringify(body), headers: JSON_HEADERS });
      expect([reply.status, reply.body.code], path).toEqual([409, 'InvalidArgument']);
      expect(reply.body.message).toMatch(message);
    }
    const unknown = await server!.request('POST', '/dev/mine', { body: JSON.stringify({ cnt: 3 }), headers: JSON_HEADERS });
    expect([unknown.status, unknown.body.message]).toEqual([409, 'unknown field "cnt": this control takes count']);
    expect((await server!.get('/chain/info')).body.height).toBe(chain.height.toString());
    // As `curl -X POST <url>` sends them: no body, no Content-Type, no Content-Length.
    const bare = async (path: string) => {
      const { pathname, host } = new URL(`${server!.base}${path}`);
      const socket = net.connect(Number(host.split(':')[1]), host.split(':')[0]);
      socket.end(`POST ${pathname} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      let answer = '';
      for await (const chunk of socket) answer += chunk;
      return { status: Number(answer.split(' ')[1]), body: JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) };
    };
    const height = chain.height;
    const mined = await bare('/dev/mine');
    expect([mined.status, mined.body.blocks.length, chain.height]).toEqual([200, 1, height + 1n]);
    // Snapshots rewrite history, which a chain written to PostgreSQL refuses (409 after reading no body).
    const snapshot = await bare('/dev/snapshots');
    expect(snapshot.status).toBe(POSTGRES_BACKEND ? 409 : 200);
    if (!POSTGRES_BACKEND) {
      await bare('/dev/mine');
      const reverted = await bare(`/dev/snapshots/${snapshot.body.id}/revert`);
      expect([reverted.status, chain.height]).toEqual([200, height + 1n]);
    }
    // A route whose body says what to do still wants one.
    expect((await bare('/dev/time')).status).toBe(415);
    // The currency by its alias, as wallets name it.
    const { status: code, body } = await dev('PUT', '/dev/balance', { address: a.address.toString(), mosaicId: 'symbol.xym', amount: '77' });
    expect([code, body]).toEqual([200, { address: a.addressHex, mosaicId: chain.currency.mosaicId, amount: '77' }]);
  });
});

describe('impersonation', () => {
  /** An account whose key nobody here holds, funded by the controls. */
  function stranger(chain: InMemoryChain) {
    const publicKey = new PublicKey('22'.repeat(32));
    const address = chain.symbolNetwork.publicKeyToAddress(publicKey);
    return { publicKey, address, hex: Buffer.from(address.bytes).toString('hex').toUpperCase() };
  }

  /** A transfer from `publicKey` with a signature of zeros, as an impersonated account sends it. */
  function unsigned(chain: InMemoryChain, publicKey: InstanceType<typeof PublicKey>, to: string) {
    const transaction = chain.facade.transactionFactory.create({
      type: 'transfer_transaction_v1',
      signerPublicKey: publicKey,
      fee: 1_000_000n,
      deadline: chain.networkTime() + 3_600_000n,
      recipientAddress: to,
      mosaics: [{ mosaicId: BigInt(`0x${chain.currency.mosaicId}`), amount: 7n }],
    });
    const body = chain.facade.transactionFactory.static.attachSignature(transaction, new Signature(new Uint8Array(64)));
    return { body, hash: chain.facade.hashTransaction(transaction).toString() };
  }

  it('accepts an impersonated account\'s unsigned transfer over HTTP, says so in the log, and checks it again once stopped', async () => {
    const { chain } = await start();
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const [, b] = chain.fundedAccounts;
    const { publicKey, address, hex: addressHex } = stranger(chain);
    await dev('PUT', '/dev/balance', { address: address.toString(), mosaicId: chain.currency.mosaicId, amount: '10000000' });
    expect((await dev('PUT', '/dev/impersonation', { address: address.toString(), active: true })).body).toEqual({ addresses: [addressHex] });
    expect((await dev('GET', '/dev/impersonation')).body).toEqual({ addresses: [addressHex] });
    const first = unsigned(chain, publicKey, b.address);
    await server!.request('PUT', '/transactions', { body: first.body, headers: JSON_HEADERS });
    chain.dev.mine(1);
    expect(await status(first.hash)).toMatchObject({ group: 'confirmed' });
    expect(warnings.mock.calls.map(([message]) => String(message)).some((message) => message.includes('not checked') && message.includes(address.toString()))).toBe(true);

    expect((await dev('PUT', '/dev/impersonation', { address: address.toString(), active: false })).body).toEqual({ addresses: [] });
    const second = unsigned(chain, publicKey, chain.fundedAccounts[2].address);
    await server!.request('PUT', '/transactions', { body: second.body, headers: JSON_HEADERS });
    chain.processAnnounced();
    expect(await status(second.hash)).toMatchObject({ group: 'failed', code: 'Failure_Signature_Not_Verifiable' });
  });

  it('impersonates from TypeScript; a wrongly signed transfer of a funded account goes through', async () => {
    const { chain } = await start();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const [a, b] = chain.fundedAccounts;
    chain.dev.impersonate(a.addressHex);
    expect(chain.dev.impersonated()).toEqual([a.addressHex]);
    const signedByB = transfer(chain, a, b, { facade: chain.facade });
    // b's key signs a's transfer: a wrong signature.
    const forged = chain.facade.transactionFactory.static.attachSignature(signedByB.transaction, chain.facade.signTransaction(b.keyPair, signedByB.transaction));
    await server!.request('PUT', '/transactions', { body: forged, headers: JSON_HEADERS });
    chain.dev.mine(1);
    expect(await status(chain.facade.hashTransaction(signedByB.transaction).toString())).toMatchObject({ group: 'confirmed' });
    expect(() => chain.dev.mine(1)).not.toThrow();
  });
});

describe('without dev: true', () => {
  it('has no /dev/ routes', async () => {
    await start({}, false);
    expect((await server!.request('POST', '/dev/mine', { body: '{}', headers: JSON_HEADERS })).status).toBe(404);
    expect((await server!.get('/dev/mining')).status).toBe(404);
  });
});
