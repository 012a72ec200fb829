/**
 * Rosetta `/block`, `/block/transaction`, `/mempool` and `/mempool/transaction` over a busy
 * chain (test/rosetta/busy-chain.ts), every answer checked against the Mesh specification:
 * blocks by index, hash, both or neither, linked to their parents, with their transactions'
 * operations as catapult-rest maps them (transfers through aliases, fees as the block charged
 * them, cosignatures, multisig, supply changes, revocations, receipts under the block's hash);
 * the Mesh errors of a missing or malformed block or transaction; the pool's transactions and
 * their operations (fee: the max fee), over the in-memory chain and over a PostgreSQL reader.
 */
import { generateNamespaceId, models, Address } from 'symbol-sdk/symbol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { createPostgresBackend } from '../../src/postgres/backend.js';
import { signedBy } from '../support/announce.js';
import { meshPost } from '../support/mesh.js';
import { usePostgres } from '../support/postgres.js';
import { PostgresWriter } from '../../src/postgres/writer.js';
import { startGateway, type TestServer } from '../support/server.js';
import { transfer, XYM_ALIAS, type Signed } from '../support/signing.js';
import { busyChain, networkOf, rosettaChain, type MeshBlock, type MeshTransaction, type Operation } from './busy-chain.js';

const postgres = usePostgres();

let chain: InMemoryChain;
let local: TestServer;
let network_identifier: { blockchain: string; network: string };
/** Unconfirmed when the tests run: a transfer to an address alias, and one of a plain address. */
let pending: Signed[];
const closers: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  chain = rosettaChain();
  local = await startGateway({ rosetta: true, backend: chain });
  closers.push(() => local.close());
  busyChain(chain);
  const [, b, c] = chain.fundedAccounts;
  const aliasOne = Address.fromNamespaceId(new models.NamespaceId(generateNamespaceId('one')), chain.facade.network.identifier);
  pending = [
    signedBy(chain, c, { type: 'transfer_transaction_v1', recipientAddress: aliasOne, mosaics: [{ mosaicId: XYM_ALIAS, amount: 9n }], message: new Uint8Array(), fee: 50_000n }),
    transfer(chain, b, c, { amount: 8n, fee: 40_000n }),
  ];
  for (const signed of pending) chain.announcer.announce(signed.payload);
  chain.processAnnounced();
  network_identifier = await networkOf(local);
}, 60_000);

afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

const rosetta = (server: TestServer) => `${server.base}/rosetta`;

/** `/block` of `block_identifier` on `server`: the block (a 200 expected). */
async function blockOf(server: TestServer, block_identifier?: Record<string, unknown>): Promise<MeshBlock> {
  const { status, body } = await meshPost<{ block: MeshBlock }>(rosetta(server), '/block', { network_identifier, ...(block_identifier ? { block_identifier } : {}) });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.block;
}

/** The Mesh error `route` answers to `body` on `server`: its code (the answer is a 500 with a Mesh `Error`). */
async function errorCode(server: TestServer, route: string, body: Record<string, unknown>): Promise<number> {
  const { status, body: error } = await meshPost<{ code: number }>(rosetta(server), route, { network_identifier, ...body });
  expect(status).toBe(500);
  return error.code;
}

/** An operation as `[type, address, value, currency id]`. */
const brief = (operation: Operation) => [operation.type, operation.account?.address, operation.amount?.value, operation.amount?.currency.metadata.id];

/** The confirmed transaction `hash` of `server`'s REST, with the fee its block charged. */
async function restTransaction(server: TestServer, hash: string): Promise<{ height: number; fee: bigint; signer: string }> {
  const { body } = await server.get(`/transactions/confirmed/${hash}`);
  const signer = chain.facade.network.publicKeyToAddress(new models.PublicKey(body.transaction.signerPublicKey)).toString();
  return { height: Number(body.meta.height), fee: BigInt(body.meta.feeMultiplier) * BigInt(body.transaction.size), signer };
}

/** The tests of one gateway over the busy chain (`server()`: the in-memory chain's own, or a PostgreSQL reader's). */
function blockAndMempoolTests(server: () => TestServer): void {
  it('answers a block by index, by hash, by both, and the head by neither, each linked to its parent', async () => {
    const head = Number(chain.height);
    const byIndex = await blockOf(server(), { index: 5 });
    expect(byIndex.block_identifier).toEqual({ index: 5, hash: (await local.get('/blocks/5')).body.meta.hash });
    expect(await blockOf(server(), { hash: byIndex.block_identifier.hash })).toEqual(byIndex);
    expect(await blockOf(server(), { hash: byIndex.block_identifier.hash.toLowerCase() })).toEqual(byIndex);
    expect(await blockOf(server(), byIndex.block_identifier)).toEqual(byIndex);
    expect(byIndex.parent_block_identifier).toEqual((await blockOf(server(), { index: 4 })).block_identifier);
    expect((await blockOf(server())).block_identifier.index).toBe(head);
    const genesis = await blockOf(server(), { index: 1 });
    expect(genesis.parent_block_identifier).toEqual(genesis.block_identifier);
    const { network } = (await local.get('/network/properties')).body;
    const timestamp = BigInt(Number.parseInt(network.epochAdjustment, 10)) * 1000n + BigInt((await local.get('/blocks/5')).body.block.timestamp);
    expect(byIndex.timestamp).toBe(Number(timestamp));
    // Every block ends with its receipts, under the block's hash.
    expect(byIndex.transactions.at(-1)?.transaction_identifier.hash).toBe(byIndex.block_identifier.hash);
  });

  it('maps a transfer to a debit, a credit and the fee its block charged; an aggregate to its inner operations, cosignatures and fee', async () => {
    const [a, b, c] = chain.fundedAccounts;
    const second = await blockOf(server(), { index: 2 });
    const [first] = second.transactions;
    const { fee, signer } = await restTransaction(local, first.transaction_identifier.hash);
    expect(signer).toBe(a.address);
    expect(first.operations.map(brief)).toEqual([
      ['transfer', a.address, '-1000000', chain.currency.mosaicId],
      ['transfer', b.address, '1000000', chain.currency.mosaicId],
      ['fee', a.address, (-fee).toString(), chain.currency.mosaicId],
    ]);
    expect(first.operations.every((operation) => operation.status === 'success')).toBe(true);
    expect(first.operations[0].amount?.currency).toEqual({ symbol: 'symbol.xym', decimals: 6, metadata: { id: chain.currency.mosaicId } });
    // The bonded aggregate a signed and c cosigned: both inner transfers, c's cosignature, a's fee.
    const fourth = await blockOf(server(), { index: 4 });
    const bonded = fourth.transactions[0];
    expect(bonded.operations.map(brief)).toEqual([
      ['transfer', a.address, '-1000', chain.currency.mosaicId],
      ['transfer', c.address, '1000', chain.currency.mosaicId],
      ['transfer', c.address, '-1001', chain.currency.mosaicId],
      ['transfer', a.address, '1001', chain.currency.mosaicId],
      ['cosign', c.address, undefined, undefined],
      ['fee', a.address, (-(await restTransaction(local, bonded.transaction_identifier.hash)).fee).toString(), chain.currency.mosaicId],
    ]);
  });

  it('resolves aliases as of the block, and maps multisig changes, supply changes and revocations', async () => {
    const [a, b, c, , e, f, g] = chain.fundedAccounts;
    const all = await Promise.all(Array.from({ length: Number(chain.height) }, (_, i) => blockOf(server(), { index: i + 1 })));
    const operations = all.flatMap((block) => block.transactions.flatMap((transaction: MeshTransaction) => transaction.operations));
    const multisig = operations.find((operation) => operation.type === 'multisig');
    expect(multisig?.account?.address).toBe(e.address);
    expect(multisig?.metadata).toEqual({ minApprovalDelta: 1, minRemovalDelta: 1, addressAdditions: [f.address, g.address], addressDeletions: [] });
    // c's transfer of 5 XYM (through the currency's alias) and 4000 of its token to the alias of a.
    const toAlias = all.flatMap((block) => block.transactions).find((transaction) => transaction.operations.some((operation) => operation.amount?.value === '5000000' && operation.account?.address === a.address));
    const token = toAlias?.operations.find((operation) => operation.amount?.currency.metadata.id !== chain.currency.mosaicId)?.amount?.currency.metadata.id;
    expect(token).toMatch(/^[0-9A-F]{16}$/);
    expect(toAlias?.operations.map(brief).slice(0, 4).sort()).toEqual([
      ['transfer', a.address, '4000', token],
      ['transfer', a.address, '5000000', chain.currency.mosaicId],
      ['transfer', c.address, '-4000', token],
      ['transfer', c.address, '-5000000', chain.currency.mosaicId],
    ]);
    // The token's supply: +10000, -1000 to c; 1500 revoked from a to c.
    const tokenMoves = operations.filter((operation) => operation.amount?.currency.metadata.id === token).map(brief);
    expect(tokenMoves).toContainEqual(['transfer', c.address, '10000', token]);
    expect(tokenMoves).toContainEqual(['transfer', c.address, '-1000', token]);
    expect(tokenMoves.slice(-2)).toEqual([
      ['transfer', a.address, '-1500', token],
      ['transfer', c.address, '1500', token],
    ]);
    // The token (divisibility 2) is named by its id with 0 decimals: nothing later can rename it.
    expect(operations.find((operation) => operation.amount?.currency.metadata.id === token)?.amount?.currency).toEqual({ symbol: token, decimals: 0, metadata: { id: token } });
    // g's transfers to the alias `one` in one block, before and after it moved from a to b.
    const credited = (value: string) => operations.filter((operation) => operation.amount?.value === value).map(brief);
    expect(credited('11')).toEqual([['transfer', a.address, '11', chain.currency.mosaicId]]);
    expect(credited('13')).toEqual([['transfer', b.address, '13', chain.currency.mosaicId]]);
    expect(credited('-13')).toEqual([['transfer', g.address, '-13', chain.currency.mosaicId]]);
    const holding = (value: string) => all.filter((block) => block.transactions.some((transaction) => transaction.operations.some((operation) => operation.amount?.value === value)));
    expect(holding('11').map((block) => block.block_identifier)).toEqual(holding('13').map((block) => block.block_identifier));
    expect(holding('11')).toHaveLength(1);
  });

  it('answers Mesh errors for a block or transaction that is not there or not named well', async () => {
    const head = Number(chain.height);
    const fifth = await blockOf(server(), { index: 5 });
    expect(await errorCode(server(), '/block', { block_identifier: { index: head + 1 } })).toBe(8);
    expect(await errorCode(server(), '/block', { block_identifier: { index: 0 } })).toBe(8);
    expect(await errorCode(server(), '/block', { block_identifier: { hash: 'AB'.repeat(32) } })).toBe(8);
    expect(await errorCode(server(), '/block', { block_identifier: { index: 4, hash: fifth.block_identifier.hash } })).toBe(8);
    expect(await errorCode(server(), '/block', { block_identifier: { index: -1 } })).toBe(4);
    expect(await errorCode(server(), '/block', { block_identifier: { index: '5' } })).toBe(4);
    expect(await errorCode(server(), '/block', { block_identifier: { hash: 'XYZ' } })).toBe(4);
    expect(await errorCode(server(), '/block', { block_identifier: 5 })).toBe(4);
    expect(await errorCode(server(), '/block', { network_identifier: { blockchain: 'Symbol', network: 'elsewhere' }, block_identifier: { index: 1 } })).toBe(1);
    const second = await blockOf(server(), { index: 2 });
    const transaction_identifier = second.transactions[0].transaction_identifier;
    expect(await errorCode(server(), '/block/transaction', { block_identifier: fifth.block_identifier, transaction_identifier })).toBe(4);
    expect(await errorCode(server(), '/block/transaction', { block_identifier: second.block_identifier, transaction_identifier: { hash: 'CD'.repeat(32) } })).toBe(8);
    expect(await errorCode(server(), '/block/transaction', { block_identifier: { index: 2 }, transaction_identifier })).toBe(4);
    expect(await errorCode(server(), '/block/transaction', { block_identifier: second.block_identifier })).toBe(4);
  });

  it('lists the pool and maps its transactions with their max fee and aliases as they resolve now', async () => {
    const [, b, c] = chain.fundedAccounts;
    const { status, body } = await meshPost<{ transaction_identifiers: { hash: string }[] }>(rosetta(server()), '/mempool', { network_identifier });
    expect(status).toBe(200);
    expect(body.transaction_identifiers.map(({ hash }) => hash).sort()).toEqual(pending.map(({ hash }) => hash).sort());
    const operationsOf = async (hash: string) => {
      const answer = await meshPost<{ transaction: MeshTransaction }>(rosetta(server()), '/mempool/transaction', { network_identifier, transaction_identifier: { hash } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.transaction.transaction_identifier).toEqual({ hash: hash.toUpperCase() });
      return answer.body.transaction.operations.map(brief);
    };
    // The alias `one` names b now (it named a when the chain began using it).
    expect(await operationsOf(pending[0].hash)).toEqual([
      ['transfer', c.address, '-9', chain.currency.mosaicId],
      ['transfer', b.address, '9', chain.currency.mosaicId],
      ['fee', c.address, '-50000', chain.currency.mosaicId],
    ]);
    expect(await operationsOf(pending[1].hash.toLowerCase())).toEqual([
      ['transfer', b.address, '-8', chain.currency.mosaicId],
      ['transfer', c.address, '8', chain.currency.mosaicId],
      ['fee', b.address, '-40000', chain.currency.mosaicId],
    ]);
    const confirmed = (await blockOf(server(), { index: 2 })).transactions[0].transaction_identifier;
    expect(await errorCode(server(), '/mempool/transaction', { transaction_identifier: confirmed })).toBe(8);
    expect(await errorCode(server(), '/mempool/transaction', { transaction_identifier: { hash: 'nothex' } })).toBe(4);
    expect(await errorCode(server(), '/mempool/transaction', {})).toBe(4);
  });
}

describe('Rosetta blocks and mempool over the in-memory chain', () => {
  blockAndMempoolTests(() => local);
});

describe('Rosetta blocks and mempool over a PostgreSQL reader', () => {
  let reader: TestServer;
  beforeAll(async () => {
    const writer = await PostgresWriter.start(chain, { url: postgres().url, onError: () => undefined });
    closers.push(() => writer.close());
    await writer.flushed();
    reader = await startGateway({ rosetta: true, backend: createPostgresBackend({ url: postgres().url }) });
    closers.push(() => reader.close());
    await reader.settle?.();
  }, 60_000);
  blockAndMempoolTests(() => reader);
});
