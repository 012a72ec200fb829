/**
 * The transaction HTTP routes: announce (PUT), search, fetch by id or hash (GET/POST)
 * and status. Every body is checked against the Symbol OpenAPI document by TestServer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainAccount } from '../../src/memory/chain/identity.js';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { hashLockFor } from '../support/announce.js';
import { startGateway } from '../support/server.js';
import { aggregate, cosign, embeddedTransfer, transfer, type Signed } from '../support/signing.js';

type Server = Awaited<ReturnType<typeof startGateway>>;

const JSON_HEADERS = { 'content-type': 'application/json' };
const TRANSFER = 16724;
const AGGREGATE_COMPLETE = 16705;
const NAMESPACE_REGISTRATION = 0x414e;
const MOSAIC_DEFINITION = 0x414d;
const MOSAIC_ALIAS = 0x434e;
const MOSAIC_SUPPLY_CHANGE = 0x424d;
const AGGREGATE_BONDED = 16961;
const UNKNOWN_HASH = 'AB'.repeat(32);
const UNKNOWN_ID = '0'.repeat(24);

/**
 * A chain with, besides the nemesis block's 10 funding transfers (height 1):
 * height 2: a9's hash locks for the two aggregates bonded below (a wallet locks funds first);
 * height 3: a0 → a1 (1 XYM by the symbol.xym alias), a2 → a3 (2 XYM by the currency id);
 * height 4: a complete aggregate of a0 (a0 → a4 3 XYM, a1 → a5 4 XYM; a1 cosigned) and a
 * bonded one of a2 (a2 → a4 5 XYM, a3 → a5 6 XYM; completed by a3's cosignature);
 * then, never harvested: an unconfirmed a4 → a5, a partial aggregate of a4, a failed transfer.
 */
interface Fixture {
  t1: Signed;
  t2: Signed;
  complete: Signed;
  bonded: Signed;
  pending: Signed;
  partial: Signed;
  failed: Signed;
  locks: Signed[];
}

describe('transaction routes', () => {
  let server: Server;
  let chain: InMemoryChain;
  let accounts: readonly ChainAccount[];
  let fx: Fixture;

  /** Announces, then has the chain check what waits in its inbound queue (as it does `announceDelay` ms after the 202). */
  const put = async (path: string, body: string | object, headers: Record<string, string> = JSON_HEADERS) => {
    const reply = await server.request('PUT', path, { body: typeof body === 'string' ? body : JSON.stringify(body), headers });
    chain.processAnnounced();
    return reply;
  };
  const post = (path: string, body: string | object) =>
    server.request('POST', path, { body: typeof body === 'string' ? body : JSON.stringify(body), headers: JSON_HEADERS });
  const get = (path: string) => server.get(path);
  const hashes = (reply: { body: any }) => reply.body.data.map((entry: any) => entry.meta.hash ?? entry.meta.aggregateHash);
  const currency = () => chain.currency.mosaicId;

  beforeAll(async () => {
    server = await startGateway();
    chain = server.chain;
    accounts = chain.fundedAccounts;
    const [a0, a1, a2, a3, a4, a5] = accounts;
    const announce = async (path: string, body: string | object) => expect((await put(path, body)).status).toBe(202);

    const id = BigInt(`0x${currency()}`);
    const bonded = aggregate(chain, 'bonded', a2, [embeddedTransfer(chain, a2, a4, 5_000_000n, id), embeddedTransfer(chain, a3, a5, 6_000_000n, id)]);
    // a4 signs and has an inner transaction (catapult counts the signer among the cosigners it checks); a5 has not cosigned yet.
    const partial = aggregate(chain, 'bonded', a4, [embeddedTransfer(chain, a4, a5), embeddedTransfer(chain, a5, a4)]);
    const locks = [bonded, partial].map((each) => hashLockFor(chain, accounts[9], each.hash));
    for (const lock of locks) await announce('/transactions', lock.body);
    chain.harvest();

    const t1 = transfer(chain, a0, a1, { amount: 1_000_000n });
    const t2 = transfer(chain, a2, a3, { amount: 2_000_000n, mosaicId: BigInt(`0x${currency()}`) });
    await announce('/transactions', t1.body);
    await announce('/transactions', t2.body);
    chain.harvest();

    const complete = aggregate(chain, 'complete', a0, [embeddedTransfer(chain, a0, a4, 3_000_000n, id), embeddedTransfer(chain, a1, a5, 4_000_000n, id)], { cosigners: [a1] });
    await announce('/transactions', complete.body);
    await announce('/transactions/partial', bonded.body);
    await announce('/transactions/cosignature', cosign(chain, a3, bonded));
    chain.harvest();

    const pending = transfer(chain, a4, a5);
    const failed = transfer(chain, a5, a4, { deadline: chain.networkTime() - 1_000n });
    await announce('/transactions', pending.body);
    await announce('/transactions/partial', partial.body);
    await announce('/transactions', failed.body);
    fx = { t1, t2, complete, bonded, pending, partial, failed, locks };
  });
  afterAll(() => server.close());

  describe('PUT /transactions', () => {
    const unconfirmedCount = async () => (await get('/transactions/unconfirmed')).body.pagination.totalEntries;

    it.each([
      ['the payload is missing', {}],
      ['the payload is not a string', { payload: 42 }],
      ['the payload is null', { payload: null }],
      ['the payload has an odd number of hex digits', { payload: 'ABC' }],
      ['the payload is not hex', { payload: 'ZZ' }],
      ['the payload is empty', { payload: '' }],
      ['the payload is not a transaction (00)', { payload: '00' }],
    ])('answers 409 InvalidArgument when %s', async (_, body) => {
      const before = await unconfirmedCount();
      const reply = await put('/transactions', body);
      expect(reply.status).toBe(409);
      expect(reply.body.code).toBe('InvalidArgument');
      expect(await unconfirmedCount()).toBe(before);
    });

    it('answers 409 to a real payload cut short by one byte', async () => {
      const { payload } = transfer(chain, accounts[6], accounts[7]);
      const reply = await put('/transactions', { payload: payload.slice(0, -2) });
      expect(reply.status).toBe(409);
      expect(reply.body.code).toBe('InvalidArgument');
    });

    it('answers 409 to a real payload with a byte too many', async () => {
      const { payload } = transfer(chain, accounts[6], accounts[7]);
      expect((await put('/transactions', { payload: `${payload}00` })).status).toBe(409);
    });

    it('answers 409 to a payload too short for a transaction header', async () => {
      const { payload } = transfer(chain, accounts[6], accounts[7]);
      expect((await put('/transactions', { payload: payload.slice(0, 100) })).status).toBe(409);
    });

    it.each([
      ['an array', '[]'],
      ['a string', '"x"'],
      ['a number', '42'],
      ['null', 'null'],
      ['not JSON', '{"payload":'],
    ])('answers 400 InvalidContent when the body is %s', async (_, body) => {
      const reply = await put('/transactions', body);
      expect(reply.status).toBe(400);
      expect(reply.body.code).toBe('InvalidContent');
    });

    it('answers 415 to a body that is not application/json', async () => {
      const { payload } = transfer(chain, accounts[6], accounts[7]);
      const reply = await put('/transactions', JSON.stringify({ payload }), { 'content-type': 'text/plain' });
      expect(reply.status).toBe(415);
      expect(reply.body.code).toBe('UnsupportedMediaType');
    });

    it('accepts lowercase hex', async () => {
      const signed = transfer(chain, accounts[6], accounts[7], { message: 'lowercase' });
      const reply = await put('/transactions', { payload: signed.payload.toLowerCase() });
      expect(reply.status).toBe(202);
      expect(reply.body).toEqual({ message: 'packet 9 was pushed to the network via /transactions' });
      expect((await get(`/transactionStatus/${signed.hash}`)).body.group).toBe('unconfirmed');
    });
  });

  describe('PUT /transactions/partial', () => {
    it('answers 409 to a transaction that is not an aggregate bonded: a transfer', async () => {
      const signed = transfer(chain, accounts[6], accounts[7], { message: 'not bonded' });
      const reply = await put('/transactions/partial', signed.body);
      expect(reply.status).toBe(409);
      expect(reply.body.code).toBe('InvalidArgument');
      expect((await get(`/transactionStatus/${signed.hash}`)).status).toBe(404);
    });

    it('answers 409 to an aggregate complete', async () => {
      const signed = aggregate(chain, 'complete', accounts[6], [embeddedTransfer(chain, accounts[7], accounts[6])], { cosigners: [accounts[7]] });
      expect((await put('/transactions/partial', signed.body)).status).toBe(409);
    });

    it('answers 409 to a payload that is not a transaction, 400 to a body that is not an object', async () => {
      expect((await put('/transactions/partial', { payload: '00' })).status).toBe(409);
      expect((await put('/transactions/partial', {})).status).toBe(409);
      expect((await put('/transactions/partial', '[]')).status).toBe(400);
    });
  });

  describe('PUT /transactions/cosignature', () => {
    let valid: Record<string, string>;
    beforeAll(() => {
      // accounts[6] need not cosign, so even a body that slipped through would change nothing.
      valid = { ...cosign(chain, accounts[6], fx.partial) };
    });

    it.each(['version', 'signerPublicKey', 'signature', 'parentHash'])('answers 409 when %s is missing', async (field) => {
      const body = { ...valid };
      delete body[field];
      const reply = await put('/transactions/cosignature', body);
      expect(reply.status).toBe(409);
      expect(reply.body.code).toBe('InvalidArgument');
    });

    it.each([
      ['version is a number', { version: 0 }],
      ['version is not decimal', { version: 'x1' }],
      ['signerPublicKey is 31 bytes', { signerPublicKey: 'AB'.repeat(31) }],
      ['signerPublicKey is not hex', { signerPublicKey: 'ZZ'.repeat(32) }],
      ['signature is 63 bytes', { signature: 'AB'.repeat(63) }],
      ['parentHash is 33 bytes', { parentHash: 'AB'.repeat(33) }],
      ['parentHash is a number', { parentHash: 1 }],
    ])('answers 409 when %s', async (_, change) => {
      const reply = await put('/transactions/cosignature', { ...valid, ...change });
      expect(reply.status).toBe(409);
      expect(reply.body.code).toBe('InvalidArgument');
    });

    it('answers 400 to a body that is not an object', async () => {
      expect((await put('/transactions/cosignature', '[]')).status).toBe(400);
    });
  });

  describe('GET /transactions/{group}', () => {
    it('lists the nemesis block as confirmed at height 1: the currency\'s namespaces, definition, alias and supply, then one funding transfer per account and harvester', async () => {
      const reply = await get('/transactions/confirmed?height=1&order=asc&pageSize=100');
      expect(reply.body.pagination).toEqual({ pageNumber: 1, pageSize: 100, totalEntries: 18, totalPages: 1 });
      const types = reply.body.data.map((entry: any) => entry.transaction.type);
      expect(types.slice(0, 5)).toEqual([NAMESPACE_REGISTRATION, NAMESPACE_REGISTRATION, MOSAIC_DEFINITION, MOSAIC_ALIAS, MOSAIC_SUPPLY_CHANGE]);
      const transfers = reply.body.data.slice(5);
      expect(transfers.map((entry: any) => entry.transaction.recipientAddress)).toEqual([...accounts, ...chain.harvesters].map((account) => account.addressHex));
      for (const [index, entry] of reply.body.data.entries()) {
        expect(entry.meta).toMatchObject({ height: '1', index, feeMultiplier: 0 });
        expect(entry.transaction.signerPublicKey).toBe(chain.nemesisAccount.publicKey);
      }
      for (const entry of transfers) {
        expect(entry.transaction).toMatchObject({ type: TRANSFER, mosaics: [{ id: chain.currency.aliasId, amount: chain.options.accountBalance.toString() }] });
      }
    });

    it('pages every confirmed top-level transaction, newest first by default', async () => {
      const reply = await get('/transactions/confirmed');
      expect(reply.body.pagination).toEqual({ pageNumber: 1, pageSize: 10, totalEntries: 24, totalPages: 3 });
      expect(hashes(reply).slice(0, 4)).toEqual([fx.bonded.hash, fx.complete.hash, fx.t2.hash, fx.t1.hash]);
      const ids = reply.body.data.map((entry: any) => entry.id);
      expect([...ids].sort().reverse()).toEqual(ids);
    });

    it('lists the unconfirmed and partial pools', async () => {
      const unconfirmed = await get(`/transactions/unconfirmed?address=${accounts[4].address}`);
      expect(hashes(unconfirmed)).toEqual([fx.pending.hash]);
      expect(unconfirmed.body.data[0].meta).toMatchObject({ height: '0', index: 0 });
      expect(unconfirmed.body.data[0].meta.timestamp).toBeUndefined();
      expect(hashes(await get('/transactions/partial'))).toEqual([fx.partial.hash]);
    });

    describe('filters', () => {
      it.each([
        ['address: signer, recipient and embedded cosigner (a0)', () => `address=${accounts[0].address}`, () => [fx.complete.hash, fx.t1.hash, nemesisTo(0)]],
        ['address: an embedded signer (a1)', () => `address=${accounts[1].address}`, () => [fx.complete.hash, fx.t1.hash, nemesisTo(1)]],
        ['address: an embedded recipient only (a4)', () => `address=${accounts[4].address}`, () => [fx.bonded.hash, fx.complete.hash, nemesisTo(4)]],
        ['signerPublicKey', () => `signerPublicKey=${accounts[0].publicKey}`, () => [fx.complete.hash, fx.t1.hash]],
        ['signerPublicKey in lowercase', () => `signerPublicKey=${accounts[2].publicKey.toLowerCase()}`, () => [fx.bonded.hash, fx.t2.hash]],
        ['recipientAddress (top-level only)', () => `recipientAddress=${accounts[1].address}`, () => [fx.t1.hash, nemesisTo(1)]],
        ['recipientAddress with embedded=true', () => `recipientAddress=${accounts[4].address}&embedded=true`, () => [fx.bonded.hash, fx.complete.hash, nemesisTo(4)]],
        ['height', () => 'height=3', () => [fx.t2.hash, fx.t1.hash]],
        ['fromHeight', () => 'fromHeight=3', () => [fx.bonded.hash, fx.complete.hash, fx.t2.hash, fx.t1.hash]],
        ['toHeight', () => 'toHeight=3&pageSize=100', () => [fx.t2.hash, fx.t1.hash, fx.locks[1].hash, fx.locks[0].hash, ...[...nemesisAll].reverse()]],
        ['fromHeight and toHeight', () => 'fromHeight=3&toHeight=3', () => [fx.t2.hash, fx.t1.hash]],
        ['fromHeight above toHeight', () => 'fromHeight=3&toHeight=2', () => []],
        ['a height above the chain', () => 'height=99', () => []],
        ['type aggregate complete', () => `type=${AGGREGATE_COMPLETE}`, () => [fx.complete.hash]],
        ['type aggregate bonded', () => `type=${AGGREGATE_BONDED}`, () => [fx.bonded.hash]],
        ['two types (repeated key)', () => `type=${TRANSFER}&type=${AGGREGATE_BONDED}&fromHeight=3`, () => [fx.bonded.hash, fx.t2.hash, fx.t1.hash]],
        ['transferMosaicId with an amount range', () => `transferMosaicId=${currency()}&fromTransferAmount=2000000&toTransferAmount=2000000`, () => [fx.t2.hash]],
        ['transferMosaicId (the alias symbol.xym) with fromTransferAmount', () => `transferMosaicId=${chain.currency.aliasId}&fromTransferAmount=1000000000000&pageSize=20`, () => [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0].map(nemesisTo)],
        ['transferMosaicId with toTransferAmount', () => `transferMosaicId=${currency()}&toTransferAmount=2000000`, () => [fx.t2.hash]],
        ['transferMosaicId in lowercase', () => `transferMosaicId=${currency().toLowerCase()}&toTransferAmount=2000000`, () => [fx.t2.hash]],
        ['transferMosaicId of embedded transfers', () => `transferMosaicId=${currency()}&fromTransferAmount=3000000&toTransferAmount=6000000&embedded=true`, () => [fx.bonded.hash, fx.bonded.hash, fx.complete.hash, fx.complete.hash]],
      ])('filters by %s', async (_, query, expected) => {
        const reply = await get(`/transactions/confirmed?${query()}`);
        expect(reply.status).toBe(200);
        expect(hashes(reply)).toEqual(expected());
        expect(reply.body.pagination.totalEntries).toBe(expected().length);
      });

      // The nemesis block's transactions, and its transfer to accounts[i] (then to the harvesters), by hash.
      let nemesis: string[] = [];
      let nemesisAll: string[] = [];
      beforeAll(async () => {
        nemesis = hashes(await get(`/transactions/confirmed?height=1&type=${TRANSFER}&order=asc&pageSize=100`));
        nemesisAll = hashes(await get('/transactions/confirmed?height=1&order=asc&pageSize=100'));
      });
      function nemesisTo(index: number): string {
        return nemesis[index];
      }

      it('lists the embedded transactions of confirmed aggregates as entries of their own with embedded=true', async () => {
        const reply = await get('/transactions/confirmed?embedded=true&fromHeight=4&order=asc');
        expect(reply.body.pagination.totalEntries).toBe(6);
        const [complete, first, second, bonded, third, fourth] = reply.body.data;
        expect(complete.meta.hash).toBe(fx.complete.hash);
        expect(bonded.meta.hash).toBe(fx.bonded.hash);
        for (const [parent, children] of [[complete, [first, second]], [bonded, [third, fourth]]]) {
          for (const [index, child] of children.entries()) {
            expect(child.meta).toMatchObject({ height: '4', aggregateHash: parent.meta.hash, aggregateId: parent.id, index });
            expect(child.meta.hash).toBeUndefined();
            expect(child.transaction.type).toBe(TRANSFER);
            expect(child.transaction.size).toBeUndefined();
          }
        }
        expect([first, second, third, fourth].map((child: any) => child.transaction.mosaics[0].amount)).toEqual(['3000000', '4000000', '5000000', '6000000']);
        // Without embedded=true only top-level entries are listed.
        expect((await get('/transactions/confirmed?fromHeight=4')).body.pagination.totalEntries).toBe(2);
        expect((await get('/transactions/confirmed?embedded=true')).body.pagination.totalEntries).toBe(28);
        expect((await get(`/transactions/confirmed?embedded=true&type=${TRANSFER}`)).body.pagination.totalEntries).toBe(19);
        expect((await get('/transactions/confirmed?embedded=false')).body.pagination.totalEntries).toBe(24);
      });

      it.each([
        ['address with signerPublicKey', () => `address=${accounts[0].address}&signerPublicKey=${accounts[0].publicKey}`],
        ['address with recipientAddress', () => `address=${accounts[0].address}&recipientAddress=${accounts[1].address}`],
        ['height with fromHeight', () => 'height=2&fromHeight=1'],
        ['height with toHeight', () => 'height=2&toHeight=3'],
        ['fromTransferAmount without transferMosaicId', () => 'fromTransferAmount=1'],
        ['toTransferAmount without transferMosaicId', () => 'toTransferAmount=1'],
        ['a malformed address', () => 'address=TXYZ'],
        ['a hex address', () => `address=${accounts[0].addressHex}`],
        ['a malformed signerPublicKey', () => 'signerPublicKey=ABCD'],
        ['a malformed height', () => 'height=-1'],
        ['a malformed type', () => 'type=transfer'],
        ['a type above 65535', () => 'type=70000'],
        ['a malformed transferMosaicId', () => 'transferMosaicId=XYZ'],
        ['a malformed fromTransferAmount', () => `transferMosaicId=${currency()}&fromTransferAmount=1.5`],
        ['embedded that is not a boolean', () => 'embedded=yes'],
        ['the same filter twice', () => 'height=1&height=2'],
      ])('answers 409 to %s', async (_, query) => {
        const reply = await get(`/transactions/confirmed?${query()}`);
        expect(reply.status).toBe(409);
        expect(reply.body.code).toBe('InvalidArgument');
      });
    });

    describe('pagination', () => {
      it('pages with pageSize and pageNumber', async () => {
        const all = hashes(await get('/transactions/confirmed?pageSize=100'));
        expect(all).toHaveLength(24);
        const third = await get('/transactions/confirmed?pageNumber=3');
        expect(third.body.pagination).toEqual({ pageNumber: 3, pageSize: 10, totalEntries: 24, totalPages: 3 });
        expect(hashes(third)).toEqual(all.slice(20));
        expect(hashes(await get('/transactions/confirmed?pageNumber=4'))).toEqual([]);
      });

      it('orders ascending with order=asc', async () => {
        const desc = hashes(await get('/transactions/confirmed?pageSize=100'));
        expect(hashes(await get('/transactions/confirmed?pageSize=100&order=asc'))).toEqual([...desc].reverse());
      });

      it('starts strictly after the offset id, in either order', async () => {
        const asc = (await get('/transactions/confirmed?pageSize=100&order=asc')).body.data;
        const ids = asc.map((entry: any) => entry.id);
        expect([...ids].sort()).toEqual(ids);
        const after = await get(`/transactions/confirmed?order=asc&offset=${ids[4]}`);
        expect(after.body.data.map((entry: any) => entry.id)).toEqual(ids.slice(5, 15));
        expect(after.body.pagination.totalEntries).toBe(ids.length - 5);
        const before = await get(`/transactions/confirmed?order=desc&offset=${ids[4]}`);
        expect(before.body.data.map((entry: any) => entry.id)).toEqual(ids.slice(0, 4).reverse());
      });

      it('combines the offset with filters', async () => {
        const entries = (await get(`/transactions/confirmed?address=${accounts[0].address}&order=asc`)).body.data;
        const rest = await get(`/transactions/confirmed?address=${accounts[0].address}&order=asc&offset=${entries[0].id}`);
        expect(hashes(rest)).toEqual([fx.t1.hash, fx.complete.hash]);
      });

      it.each(['orderBy=height', 'order=up', 'pageSize=abc'])('answers 409 to %s', async (query) => {
        expect((await get(`/transactions/confirmed?${query}`)).status).toBe(409);
      });
    });

    it.each(['/transactions/failed', '/transactions/foo'])('answers 404 to the unknown group %s', async (path) => {
      const reply = await get(path);
      expect(reply.status).toBe(404);
      expect(reply.body.code).toBe('ResourceNotFound');
    });
  });

  describe('GET /transactions/{group}/{id or hash}', () => {
    let t1Entry: any;
    beforeAll(async () => {
      t1Entry = (await get(`/transactions/confirmed/${fx.t1.hash}`)).body;
    });

    it('finds a confirmed transaction by hash, with its meta', async () => {
      expect(t1Entry.id).toMatch(/^[0-9A-F]{24}$/);
      expect(t1Entry.meta).toMatchObject({ height: '3', hash: fx.t1.hash, merkleComponentHash: fx.t1.hash, index: 0 });
      expect(t1Entry.transaction).toMatchObject({
        size: fx.t1.transaction.size,
        signature: fx.t1.payload.slice(16, 144),
        signerPublicKey: accounts[0].publicKey,
        version: 1,
        network: 152,
        type: TRANSFER,
        maxFee: '1000000',
        deadline: fx.t1.transaction.deadline.value.toString(),
        recipientAddress: accounts[1].addressHex,
        mosaics: [{ id: 'E74B99BA41F4AFEE', amount: '1000000' }],
      });
    });

    it('finds it by its 24-hex id, by the id in uppercase and by the hash in lowercase', async () => {
      expect((await get(`/transactions/confirmed/${t1Entry.id}`)).body).toEqual(t1Entry);
      expect((await get(`/transactions/confirmed/${t1Entry.id.toUpperCase()}`)).body).toEqual(t1Entry);
      expect((await get(`/transactions/confirmed/${fx.t1.hash.toLowerCase()}`)).body).toEqual(t1Entry);
    });

    it('shows an aggregate with its embedded transactions and cosignatures', async () => {
      const reply = await get(`/transactions/confirmed/${fx.complete.hash}`);
      const { transaction, id } = reply.body;
      expect(transaction.type).toBe(AGGREGATE_COMPLETE);
      expect(transaction.cosignatures.map((cosignature: any) => cosignature.signerPublicKey)).toEqual([accounts[1].publicKey]);
      expect(transaction.transactions).toHaveLength(2);
      for (const [index, entry] of transaction.transactions.entries()) expect(entry.meta).toMatchObject({ aggregateHash: fx.complete.hash, aggregateId: id, index, height: '4' });
    });

    it('finds an embedded transaction by its own id', async () => {
      const parent = (await get(`/transactions/confirmed/${fx.complete.hash}`)).body;
      const child = parent.transaction.transactions[1];
      expect((await get(`/transactions/confirmed/${child.id}`)).body).toEqual(child);
    });

    it('finds unconfirmed and partial transactions in their own group only', async () => {
      expect((await get(`/transactions/unconfirmed/${fx.pending.hash}`)).body.meta).toMatchObject({ hash: fx.pending.hash, height: '0' });
      const partial = (await get(`/transactions/partial/${fx.partial.hash}`)).body;
      expect(partial.transaction.transactions).toHaveLength(2);
      expect((await get(`/transactions/confirmed/${fx.pending.hash}`)).status).toBe(404);
      expect((await get(`/transactions/unconfirmed/${fx.t1.hash}`)).status).toBe(404);
      expect((await get(`/transactions/partial/${fx.pending.hash}`)).status).toBe(404);
    });

    it('gives an entry a new id when it moves group', async () => {
      const confirmed = (await get(`/transactions/confirmed/${fx.t1.hash}`)).body;
      expect((await get(`/transactions/unconfirmed/${confirmed.id}`)).status).toBe(404);
    });

    it.each([
      ['an unknown hash', UNKNOWN_HASH],
      ['an unknown id', UNKNOWN_ID],
    ])('answers 404 to %s', async (_, key) => {
      const reply = await get(`/transactions/confirmed/${key}`);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ code: 'ResourceNotFound', message: `no resource exists with id '${key}'` });
    });

    it.each([
      ['23 hex', 'a'.repeat(23)],
      ['25 hex', 'a'.repeat(25)],
      ['63 hex', 'A'.repeat(63)],
      ['not hex', 'z'.repeat(24)],
      ['a word', 'latest'],
    ])('answers 409 to a key of %s', async (_, key) => {
      const reply = await get(`/transactions/confirmed/${key}`);
      expect(reply.status).toBe(409);
      expect(reply.body.code).toBe('InvalidArgument');
    });

    it('answers 404 to an unknown group', async () => {
      expect((await get(`/transactions/failed/${fx.failed.hash}`)).status).toBe(404);
    });
  });

  describe('POST /transactions/{group}', () => {
    let ids: string[];
    beforeAll(async () => {
      ids = (await get('/transactions/confirmed?fromHeight=3&order=asc')).body.data.map((entry: any) => entry.id);
    });

    it('answers transactionIds in the order asked, leaving unknown ones out', async () => {
      const reply = await post('/transactions/confirmed', { transactionIds: [ids[2], UNKNOWN_ID, ids[0]] });
      expect(reply.status).toBe(200);
      expect(reply.body.map((entry: any) => entry.id)).toEqual([ids[2], ids[0]]);
      expect(reply.body[0].transaction.transactions).toHaveLength(2); // an aggregate comes whole
    });

    it('answers hashes in the order asked, lowercase accepted, unknown left out', async () => {
      const reply = await post('/transactions/confirmed', { hashes: [fx.t2.hash, UNKNOWN_HASH, fx.t1.hash.toLowerCase(), fx.pending.hash] });
      expect(reply.body.map((entry: any) => entry.meta.hash)).toEqual([fx.t2.hash, fx.t1.hash]);
    });

    it('answers per group', async () => {
      const keys = { hashes: [fx.t1.hash, fx.pending.hash, fx.partial.hash] };
      expect((await post('/transactions/unconfirmed', keys)).body.map((entry: any) => entry.meta.hash)).toEqual([fx.pending.hash]);
      expect((await post('/transactions/partial', keys)).body.map((entry: any) => entry.meta.hash)).toEqual([fx.partial.hash]);
      expect((await post('/transactions/confirmed', { hashes: [] })).body).toEqual([]);
    });

    it.each([
      ['both transactionIds and hashes', () => ({ transactionIds: [ids[0]], hashes: [fx.t1.hash] })],
      ['neither', () => ({})],
      ['transactionIds that is not an array', () => ({ transactionIds: ids[0] })],
      ['hashes that is not an array', () => ({ hashes: fx.t1.hash })],
      ['an id that is not a string', () => ({ transactionIds: [1] })],
      ['a malformed id', () => ({ transactionIds: ['xyz'] })],
      ['a transactionId that is neither an id nor a hash', () => ({ transactionIds: ['AB'.repeat(20)] })],
      ['a malformed hash', () => ({ hashes: ['AB'] })],
      ['more than 100 keys', () => ({ hashes: Array.from({ length: 101 }, () => UNKNOWN_HASH) })],
    ])('answers 409 to %s', async (_, body) => {
      const reply = await post('/transactions/confirmed', body());
      expect(reply.status).toBe(409);
      expect(reply.body.code).toBe('InvalidArgument');
    });

    it('takes hashes among transactionIds, as the reference does (symbol-sdk 2.0.7\'s TransactionService sends them so)', async () => {
      const ids = (await get(`/transactions/confirmed/${fx.t2.hash}`)).body.id;
      const reply = await post('/transactions/confirmed', { transactionIds: [fx.t1.hash, ids, fx.t1.hash.toLowerCase()] });
      expect(reply.status).toBe(200);
      expect(reply.body.map((entry: any) => entry.meta.hash)).toEqual([fx.t1.hash, fx.t2.hash, fx.t1.hash]);
    });

    it('answers 400 to a body that is not an object and 404 to an unknown group', async () => {
      expect((await post('/transactions/confirmed', '[]')).status).toBe(400);
      expect((await post('/transactions/failed', { hashes: [fx.t1.hash] })).status).toBe(404);
    });
  });

  describe('GET /transactionStatus/{hash}', () => {
    const deadline = (signed: Signed) => signed.transaction.deadline.value.toString();

    it('reports a confirmed transaction with code Success and its height', async () => {
      const reply = await get(`/transactionStatus/${fx.t1.hash}`);
      expect(reply.body).toEqual({ group: 'confirmed', code: 'Success', hash: fx.t1.hash, deadline: deadline(fx.t1), height: '3' });
    });

    it('reports an aggregate completed by cosignature as confirmed', async () => {
      expect((await get(`/transactionStatus/${fx.bonded.hash}`)).body).toMatchObject({ group: 'confirmed', height: '4' });
    });

    it('reports unconfirmed and partial transactions', async () => {
      expect((await get(`/transactionStatus/${fx.pending.hash}`)).body).toEqual({ group: 'unconfirmed', code: 'Success', hash: fx.pending.hash, deadline: deadline(fx.pending), height: '0' });
      expect((await get(`/transactionStatus/${fx.partial.hash}`)).body).toEqual({ group: 'partial', code: 'Success', hash: fx.partial.hash, deadline: deadline(fx.partial), height: '0' });
    });

    it('reports a failed transaction with its Failure code', async () => {
      expect((await get(`/transactionStatus/${fx.failed.hash}`)).body).toEqual({
        group: 'failed',
        code: 'Failure_Core_Past_Deadline',
        hash: fx.failed.hash,
        deadline: deadline(fx.failed),
      });
    });

    it('accepts a lowercase hash', async () => {
      expect((await get(`/transactionStatus/${fx.t1.hash.toLowerCase()}`)).body.hash).toBe(fx.t1.hash);
    });

    it('answers 404 to an unknown hash and 409 to a malformed one', async () => {
      const unknown = await get(`/transactionStatus/${UNKNOWN_HASH}`);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ code: 'ResourceNotFound', message: `no resource exists with id '${UNKNOWN_HASH}'` });
      for (const bad of ['AB', 'Z'.repeat(64), 'A'.repeat(65)]) expect((await get(`/transactionStatus/${bad}`)).status).toBe(409);
    });
  });

  describe('POST /transactionStatus', () => {
    it('answers the statuses of the hashes asked, in order, leaving unknown ones out', async () => {
      const reply = await post('/transactionStatus', { hashes: [fx.failed.hash, UNKNOWN_HASH, fx.t1.hash, fx.pending.hash.toLowerCase(), fx.partial.hash] });
      expect(reply.status).toBe(200);
      expect(reply.body.map((status: any) => [status.hash, status.group])).toEqual([
        [fx.failed.hash, 'failed'],
        [fx.t1.hash, 'confirmed'],
        [fx.pending.hash, 'unconfirmed'],
        [fx.partial.hash, 'partial'],
      ]);
    });

    it('answers 409 when hashes is missing, not an array or holds a malformed hash; 400 when the body is not an object', async () => {
      for (const body of [{}, { hashes: fx.t1.hash }, { hashes: [1] }, { hashes: ['AB'] }]) {
        const reply = await post('/transactionStatus', body);
        expect(reply.status).toBe(409);
        expect(reply.body.code).toBe('InvalidArgument');
      }
      expect((await post('/transactionStatus', '[]')).status).toBe(400);
    });
  });
});
