/**
 * A Rosetta block, once answered, never changes (Mesh's rule; rosetta-cli keys currencies by
 * symbol, decimals and metadata). A mosaic is defined without an alias and moved; then an alias
 * is linked to it, moved to another mosaic and left to expire, and the mosaic is redefined with
 * another divisibility: every `/block` and `/block/transaction` answer stays the same byte for
 * byte, over the in-memory chain, over a PostgreSQL reader a writer fills from it, over a gateway
 * started afresh at each step, over the chain loaded from its dump and over a PostgreSQL reader
 * started afresh. A request naming a mosaic by its alias is refused. The network currency is
 * named as its nemesis block names it (its alias cannot change: the nemesis account that owns
 * it may sign nothing after the nemesis block).
 */
import { Address, generateMosaicId, generateNamespaceId } from 'symbol-sdk/symbol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryChain } from '../../src/in-memory-chain.js';
import { createPostgresBackend } from '../../src/postgres/backend.js';
import { PostgresWriter } from '../../src/postgres/writer.js';
import { ROSETTA_ERRORS } from '../../src/rosetta/index.js';
import { hex, signedBy } from '../support/announce.js';
import { expectMeshAnswer, meshPost } from '../support/mesh.js';
import { usePostgres } from '../support/postgres.js';
import { FIXED_START, startGateway, testChain, type TestServer } from '../support/server.js';
import type { Signed } from '../support/signing.js';

const postgres = usePostgres();
const NETWORK = { blockchain: 'Symbol', network: 'testnet' };
const JSON_HEADERS = { 'content-type': 'application/json' };

let chain: InMemoryChain;
let writer: PostgresWriter;
/** The chain's own gateway and a PostgreSQL reader's, both kept from the start. */
let memory: TestServer;
let reader: TestServer;
/** Every `/block` and `/block/transaction` answer as first given, by request (JSON). */
const answered = new Map<string, Buffer>();
const closers: (() => Promise<unknown>)[] = [];

/** The mosaic the test moves (divisibility 2, later 3), the one its alias moves to, and the alias. */
let token: string;
let other: string;
const ALIAS = 'stable';
const aliasId = generateNamespaceId(ALIAS);

/** A chain whose namespaces expire a few blocks after they are registered. */
function shortLivedNamespaces(): InMemoryChain {
  return testChain({ rules: { minNamespaceDuration: 5n, namespaceGracePeriod: 2n } });
}

/** Announces `signed`, harvests one block and checks each was confirmed in it. */
async function confirm(...signed: Signed[]): Promise<void> {
  for (const transaction of signed) chain.announcer.announce(transaction.payload);
  chain.processAnnounced();
  const height = chain.harvest().block.height;
  const statuses = await chain.transactionStatus.find(signed.map((transaction) => transaction.hash));
  expect(statuses.map((status) => `${status.group} ${status.code} ${status.height}`)).toEqual(signed.map(() => `confirmed Success ${height}`));
}

/** The bytes a Rosetta route answers `request` with (a 200, checked against the Mesh spec). */
async function rawAnswer(server: TestServer, route: string, request: Record<string, unknown>): Promise<Buffer> {
  await server.settle?.();
  const response = await fetch(`${server.base}/rosetta${route}`, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ network_identifier: NETWORK, ...request }) });
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(response.status, bytes.toString('utf8')).toBe(200);
  expectMeshAnswer(route, response.status, JSON.parse(bytes.toString('utf8')));
  return bytes;
}

/** `/block` of every block to the head and `/block/transaction` of each of their transactions, as requests (route and body). */
async function blockRequests(server: TestServer): Promise<[route: string, request: Record<string, unknown>][]> {
  const head = Number((await server.get('/chain/info')).body.height);
  const requests: [string, Record<string, unknown>][] = [];
  for (let index = 1; index <= head; index++) {
    const block = { index };
    requests.push(['/block', { block_identifier: block }]);
    const { body } = await meshPost(`${server.base}/rosetta`, '/block', { network_identifier: NETWORK, block_identifier: block });
    for (const { transaction_identifier } of body.block.transactions) requests.push(['/block/transaction', { block_identifier: body.block.block_identifier, transaction_identifier }]);
  }
  return requests;
}

/** Every answer given so far is answered again by `server`, byte for byte. */
async function expectUnchanged(server: TestServer): Promise<void> {
  for (const [key, bytes] of answered) {
    const [route, request] = JSON.parse(key) as [string, Record<string, unknown>];
    expect((await rawAnswer(server, route, request)).toString('utf8'), key).toBe(bytes.toString('utf8'));
  }
}

/**
 * Every answer given so far is answered again alike by both gateways, and by a gateway started
 * afresh over the chain (a second reader, or a restart); the blocks since are answered alike by
 * both and kept.
 */
async function expectStable(): Promise<void> {
  await writer.flushed();
  const fresh = await startGateway({ rosetta: true, backend: chain });
  try {
    for (const server of [memory, reader, fresh]) await expectUnchanged(server);
  } finally {
    await fresh.close();
  }
  for (const [route, request] of await blockRequests(memory)) {
    const key = JSON.stringify([route, request]);
    if (answered.has(key)) continue;
    const bytes = await rawAnswer(memory, route, request);
    expect((await rawAnswer(reader, route, request)).toString('utf8'), key).toBe(bytes.toString('utf8'));
    answered.set(key, bytes);
  }
}

/** The full names REST links to a mosaic now. */
async function namesOf(mosaicId: string): Promise<string[]> {
  const { body } = await memory.request('POST', '/namespaces/mosaic/names', { body: JSON.stringify({ mosaicIds: [mosaicId] }), headers: JSON_HEADERS });
  return body.mosaicNames[0].names;
}

/** The Mesh error `route` answers `request` with on `server`: its code and reason. */
async function meshError(server: TestServer, route: string, request: Record<string, unknown>): Promise<{ code: number; reason: string }> {
  await server.settle?.();
  const { status, body } = await meshPost(`${server.base}/rosetta`, route, { network_identifier: NETWORK, ...request });
  expect(status, JSON.stringify(body)).toBe(500);
  return { code: body.code, reason: body.details?.reason };
}

beforeAll(async () => {
  chain = shortLivedNamespaces();
  memory = await startGateway({ rosetta: true, backend: chain });
  closers.push(() => memory.close());
  writer = await PostgresWriter.start(chain, { url: postgres().url, onError: () => undefined });
  closers.push(() => writer.close());
  reader = await startGateway({ rosetta: true, backend: createPostgresBackend({ url: postgres().url }) });
  closers.push(() => reader.close());
  const settleReader = reader.settle;
  reader.settle = async () => {
    await writer.flushed();
    await settleReader?.();
  };
}, 60_000);

afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

describe('Rosetta blocks never change', () => {
  it('names a mosaic without an alias by its id with 0 decimals, and the currency as its nemesis block does', async () => {
    const [a, b] = chain.fundedAccounts;
    const owner = new Address(a.address);
    token = hex(generateMosaicId(owner, 11));
    other = hex(generateMosaicId(owner, 12));
    await confirm(
      signedBy(chain, a, { type: 'mosaic_definition_transaction_v1', nonce: 11, flags: 'supply_mutable transferable', divisibility: 2, duration: 0n }),
      signedBy(chain, a, { type: 'mosaic_definition_transaction_v1', nonce: 12, flags: 'transferable', divisibility: 0, duration: 0n }),
      signedBy(chain, a, { type: 'mosaic_supply_change_transaction_v1', mosaicId: BigInt(`0x${token}`), delta: 1_000n, action: 'increase' }),
      signedBy(chain, a, { type: 'mosaic_supply_change_transaction_v1', mosaicId: BigInt(`0x${other}`), delta: 10n, action: 'increase' }),
    );
    const moved = signedBy(chain, a, { type: 'transfer_transaction_v1', recipientAddress: new Address(b.address), mosaics: [{ mosaicId: BigInt(`0x${token}`), amount: 250n }], message: new Uint8Array() });
    await confirm(moved);
    expect(await namesOf(token)).toEqual([]);

    const { body } = await meshPost(`${memory.base}/rosetta`, '/block/transaction', {
      network_identifier: NETWORK,
      block_identifier: { index: Number(chain.height), hash: chain.latestBlock.meta.hash },
      transaction_identifier: { hash: moved.hash },
    });
    const currencies = body.transaction.operations.map((operation: { amount: { currency: unknown } }) => operation.amount.currency);
    const own = { symbol: token, decimals: 0, metadata: { id: token } };
    expect(currencies).toEqual([own, own, { symbol: 'symbol.xym', decimals: 6, metadata: { id: chain.currency.mosaicId } }]);
    await expectStable();
  });

  it('answers the same after an alias is linked to the mosaic, and refuses requests naming it by the alias', async () => {
    const [a, b] = chain.fundedAccounts;
    await confirm(
      signedBy(chain, a, { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: 5n, name: ALIAS, id: aliasId }),
      signedBy(chain, a, { type: 'mosaic_alias_transaction_v1', namespaceId: aliasId, mosaicId: BigInt(`0x${token}`), aliasAction: 'link' }),
    );
    expect(await namesOf(token)).toEqual([ALIAS]);
    await expectStable();

    // A transfer through the alias: in the pool, then in a block, the mosaic is named by its id.
    const throughAlias = signedBy(chain, a, { type: 'transfer_transaction_v1', recipientAddress: new Address(b.address), mosaics: [{ mosaicId: aliasId, amount: 5n }], message: new Uint8Array() });
    chain.announcer.announce(throughAlias.payload);
    chain.processAnnounced();
    for (const server of [memory, reader]) {
      await server.settle?.();
      const { status, body } = await meshPost(`${server.base}/rosetta`, '/mempool/transaction', { network_identifier: NETWORK, transaction_identifier: { hash: throughAlias.hash } });
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.transaction.operations[0].amount).toEqual({ value: '-5', currency: { symbol: token, decimals: 0, metadata: { id: token } } });
    }
    chain.harvest();

    // By its alias, or with its divisibility as decimals, the mosaic names no currency.
    for (const currency of [{ symbol: ALIAS, decimals: 0 }, { symbol: ALIAS, decimals: 2 }, { symbol: token, decimals: 2 }, { symbol: token.toLowerCase(), decimals: 0 }]) {
      const filtered = await meshError(reader, '/account/balance', { account_identifier: { address: b.address }, currencies: [currency] });
      expect(filtered.code).toBe(ROSETTA_ERRORS.invalidRequestData.code);
      expect(filtered.reason).toContain('any other mosaic is its id (16 uppercase hex) with 0 decimals, never its alias');
      const operations = [-1n, 1n].map((sign, index) => ({ operation_identifier: { index }, type: 'transfer', account: { address: (sign < 0n ? a : b).address }, amount: { value: (7n * sign).toString(), currency } }));
      expect((await meshError(memory, '/construction/preprocess', { operations })).code).toBe(ROSETTA_ERRORS.invalidRequestData.code);
    }
    // The network currency by its mosaic id is refused too: it has its name.
    const byId = await meshError(memory, '/account/balance', { account_identifier: { address: b.address }, currencies: [{ symbol: chain.currency.mosaicId, decimals: 0 }] });
    expect(byId.code).toBe(ROSETTA_ERRORS.invalidRequestData.code);
    // By its id it is found; a transfer of it through its alias cannot be parsed.
    const { body } = await meshPost(`${reader.base}/rosetta`, '/account/balance', { network_identifier: NETWORK, account_identifier: { address: b.address }, currencies: [{ symbol: token, decimals: 0 }] });
    expect(body.balances).toEqual([{ value: '255', currency: { symbol: token, decimals: 0, metadata: { id: token } } }]);
    expect((await meshError(memory, '/construction/parse', { signed: true, transaction: throughAlias.payload })).code).toBe(ROSETTA_ERRORS.notSupported.code);
    await expectStable();
  });

  it('answers the same after the alias moves to another mosaic and the mosaic is redefined with another divisibility', async () => {
    const [a, b] = chain.fundedAccounts;
    const tokenId = BigInt(`0x${token}`);
    await confirm(
      signedBy(chain, a, { type: 'mosaic_alias_transaction_v1', namespaceId: aliasId, mosaicId: tokenId, aliasAction: 'unlink' }),
      signedBy(chain, a, { type: 'mosaic_alias_transaction_v1', namespaceId: aliasId, mosaicId: BigInt(`0x${other}`), aliasAction: 'link' }),
    );
    expect([await namesOf(token), await namesOf(other)]).toEqual([[], [ALIAS]]);
    await expectStable();

    // Its owner holds the whole supply, takes it out, and redefines it: divisibility 2 xor 1 = 3.
    await confirm(signedBy(chain, b, { type: 'transfer_transaction_v1', recipientAddress: new Address(a.address), mosaics: [{ mosaicId: tokenId, amount: 255n }], message: new Uint8Array() }));
    await confirm(signedBy(chain, a, { type: 'mosaic_supply_change_transaction_v1', mosaicId: tokenId, delta: 1_000n, action: 'decrease' }));
    await confirm(signedBy(chain, a, { type: 'mosaic_definition_transaction_v1', nonce: 11, flags: 'none', divisibility: 1, duration: 0n }));
    await confirm(signedBy(chain, a, { type: 'mosaic_supply_change_transaction_v1', mosaicId: tokenId, delta: 1_000n, action: 'increase' }));
    expect((await memory.get(`/mosaics/${token}`)).body.mosaic.divisibility).toBe(3);
    await expectStable();
  });

  it('answers the same after the alias expires', async () => {
    for (let i = 0; i < 10; i++) chain.harvest();
    expect(await namesOf(other)).toEqual([]);
    await expectStable();
  });

  it('answers the same from the chain loaded from its dump, and from a PostgreSQL reader started afresh', async () => {
    let now = FIXED_START;
    const loaded = await startGateway({ rosetta: true, backend: InMemoryChain.load(JSON.parse(JSON.stringify(await chain.dev.dump())), { blockInterval: false, clock: () => (now += 5_000) }) });
    closers.push(() => loaded.close());
    expect(loaded.chain.latestBlock.meta.hash).toBe(chain.latestBlock.meta.hash);
    await expectUnchanged(loaded);

    await writer.flushed();
    const restarted = await startGateway({ rosetta: true, backend: createPostgresBackend({ url: postgres().url }) });
    closers.push(() => restarted.close());
    await expectUnchanged(restarted);
    // Every block of every step was compared: the mosaic's, the alias's, the redefinition's, the expiry's.
    expect([...answered.keys()].filter((key) => key.startsWith('["/block",')).length).toBe(Number(chain.height));
  });

  it("names a nemesis plan's currency as its nemesis block does, whatever it is called and however divisible", async () => {
    const currency = { name: 'currency', divisibility: 3, duration: 0n, supply: 8_000_000_000_000n, isTransferable: true, isSupplyMutable: false, isRestrictable: false, accounts: 2 };
    const planned = await startGateway({ rosetta: true, backend: testChain({ nemesisPlan: { baseNamespace: 'cat', mosaics: [currency] } }) });
    closers.push(() => planned.close());
    const [a] = planned.chain.fundedAccounts;
    const { body } = await meshPost(`${planned.base}/rosetta`, '/account/balance', { network_identifier: NETWORK, account_identifier: { address: a.address } });
    expect(body.balances[0].currency).toEqual({ symbol: 'cat.currency', decimals: 3, metadata: { id: planned.chain.currency.mosaicId } });
  });
});
