/**
 * `GET /metadata` and `GET /metadata/{compositeHash}` over the in-memory chain, with account,
 * mosaic and namespace metadata set by real signed aggregates.
 */
import { Address, generateMosaicId, generateNamespaceId, metadataGenerateKey } from 'symbol-sdk/symbol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainAccount } from '../../../src/memory/chain/identity.js';
import type { InMemoryChain } from '../../../src/in-memory-chain.js';
import { confirm, hex, signedBy } from '../../support/announce.js';
import { startGateway, testChain } from '../../support/server.js';
import { aggregate, type Signed } from '../../support/signing.js';

type Server = Awaited<ReturnType<typeof startGateway>>;
type Entry = { id: string; metadataEntry: Record<string, any> };

let server: Server;
let chain: InMemoryChain;
let a: ChainAccount;
let b: ChainAccount;

const NAME = metadataGenerateKey('name');
const LOGO = metadataGenerateKey('logo');
const ZERO_ID = '0000000000000000';
let mosaicId: bigint;
const namespaceId = generateNamespaceId('meta');

/** An aggregate of `signer` setting `text` as a new value, the target cosigning when it is not the signer. */
function set(signer: ChainAccount, target: ChainAccount, key: bigint, text: string, on: { mosaicId?: bigint; namespaceId?: bigint } = {}): Signed {
  const type = on.mosaicId !== undefined ? 'mosaic_metadata_transaction_v1' : on.namespaceId !== undefined ? 'namespace_metadata_transaction_v1' : 'account_metadata_transaction_v1';
  const embedded = chain.facade.transactionFactory.createEmbedded({
    type,
    signerPublicKey: signer.keyPair.publicKey,
    targetAddress: target.address,
    scopedMetadataKey: key,
    ...(on.mosaicId !== undefined ? { targetMosaicId: on.mosaicId } : {}),
    ...(on.namespaceId !== undefined ? { targetNamespaceId: on.namespaceId } : {}),
    valueSizeDelta: text.length,
    value: new Uint8Array(Buffer.from(text)),
  } as never);
  return aggregate(chain, 'complete', signer, [embedded], { cosigners: target === signer ? [] : [target] });
}

async function list(query: string): Promise<{ data: Entry[]; pagination: Record<string, number> }> {
  const reply = await server.get(`/metadata${query}`);
  expect(reply.status).toBe(200);
  return reply.body;
}
const values = (rows: Entry[]) => rows.map((row) => Buffer.from(row.metadataEntry.value, 'hex').toString());

beforeAll(async () => {
  server = await startGateway({ backend: testChain({ rules: { minNamespaceDuration: 1n } }) });
  chain = server.chain;
  [a, b] = chain.fundedAccounts;
  mosaicId = generateMosaicId(new Address(a.address), 3);
  await confirm(
    server,
    signedBy(chain, a, { type: 'mosaic_definition_transaction_v1', nonce: 3, flags: 'transferable', divisibility: 0, duration: 0n }),
    signedBy(chain, a, { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: 100n, name: 'meta' }),
  );
  // In this order: ids sort by when each entry was first set.
  await confirm(server, set(a, a, NAME, 'alice'));
  await confirm(server, set(a, a, LOGO, 'A.png'));
  await confirm(server, set(b, a, NAME, 'alice by bob'));
  await confirm(server, set(a, b, NAME, 'bob by alice'));
  await confirm(server, set(a, a, NAME, 'Acoin', { mosaicId }));
  await confirm(server, set(a, a, NAME, 'Meta', { namespaceId }));
});
afterAll(() => server.close());

describe('GET /metadata', () => {
  it('lists every entry, newest first by default, in a page envelope', async () => {
    const page = await list('');
    expect(values(page.data)).toEqual(['Meta', 'Acoin', 'bob by alice', 'alice by bob', 'A.png', 'alice']);
    expect(page.pagination).toEqual({ pageNumber: 1, pageSize: 10, totalEntries: 6, totalPages: 1 });
    expect(values((await list('?order=asc&pageSize=10&pageNumber=1')).data)[0]).toBe('alice');
  });

  it('renders an entry as catapult-rest does: addresses and value as hex, the key and target id as 16 hex, the value size', async () => {
    const [mosaic] = (await list(`?metadataType=1`)).data;
    expect(mosaic.id).toMatch(/^[0-9A-F]{24}$/);
    expect(mosaic.metadataEntry).toEqual({
      version: 1,
      compositeHash: expect.stringMatching(/^[0-9A-F]{64}$/),
      sourceAddress: a.addressHex,
      targetAddress: a.addressHex,
      scopedMetadataKey: hex(NAME),
      targetId: hex(mosaicId),
      metadataType: 1,
      valueSize: 5,
      value: Buffer.from('Acoin').toString('hex').toUpperCase(),
    });
  });

  it('filters by source, target, key, target id and type, alone or together', async () => {
    expect(values((await list(`?sourceAddress=${b.address}`)).data)).toEqual(['alice by bob']);
    expect(values((await list(`?targetAddress=${b.address}`)).data)).toEqual(['bob by alice']);
    expect(values((await list(`?scopedMetadataKey=${hex(LOGO)}`)).data)).toEqual(['A.png']);
    expect(values((await list(`?targetId=${hex(namespaceId)}`)).data)).toEqual(['Meta']);
    expect(values((await list(`?metadataType=0`)).data)).toEqual(['bob by alice', 'alice by bob', 'A.png', 'alice']);
    expect(values((await list(`?metadataType=0&targetAddress=${a.address}&scopedMetadataKey=${hex(NAME)}`)).data)).toEqual(['alice by bob', 'alice']);
    expect(values((await list(`?sourceAddress=${a.address}&targetAddress=${a.address}&scopedMetadataKey=${hex(NAME)}&targetId=${ZERO_ID}&metadataType=0`)).data)).toEqual(['alice']);
    expect(values((await list(`?sourceAddress=${b.address}&metadataType=1`)).data)).toEqual([]);
    // A type the reference does not know matches nothing (it is no error there).
    expect((await list('?metadataType=7')).pagination.totalEntries).toBe(0);
  });

  it('pages by pageSize, pageNumber and offset', async () => {
    const all = (await list('?order=asc')).data;
    const second = await list('?order=asc&pageSize=10&pageNumber=2');
    expect(second.data).toEqual([]);
    expect(second.pagination).toEqual({ pageNumber: 2, pageSize: 10, totalEntries: 6, totalPages: 1 });
    expect(values((await list(`?order=asc&offset=${all[3].id}`)).data)).toEqual(['Acoin', 'Meta']);
    expect(values((await list(`?offset=${all[3].id}`)).data)).toEqual(['alice by bob', 'A.png', 'alice']);
  });

  it.each([
    ['sourceAddress', 'TABC'],
    // The 48-hex form is what bodies show; the reference takes only the 39-character one here.
    ['targetAddress', '98E521BD0F024F58E670A023BF3A14F3BECAF0280396BED0'],
    ['targetAddress', 'TBADCHECKSUMAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['scopedMetadataKey', '12345'],
    ['scopedMetadataKey', 'XYZXYZXYZXYZXYZX'],
    ['targetId', '00'],
    ['metadataType', '-1'],
    ['metadataType', 'account'],
  ])('answers 409 naming %s for %s', async (name, value) => {
    const reply = await server.get(`/metadata?${name}=${encodeURIComponent(value)}`);
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe('InvalidArgument');
    expect(reply.body.message).toContain(name);
  });

  it('answers 409 for a filter given twice, and for sorting by anything but id', async () => {
    expect((await server.get(`/metadata?metadataType=0&metadataType=1`)).status).toBe(409);
    expect((await server.get('/metadata?orderBy=value')).status).toBe(409);
  });
});

describe('GET /metadata/{compositeHash}', () => {
  it('shows the entry of a composite hash (either case), as the list does', async () => {
    const [row] = (await list(`?targetAddress=${b.address}`)).data;
    const reply = await server.get(`/metadata/${row.metadataEntry.compositeHash.toLowerCase()}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(row);
  });

  it('answers 404 for an unknown hash and 409 for one that is not 64 hex', async () => {
    const unknown = 'AB'.repeat(32);
    const missing = await server.get(`/metadata/${unknown}`);
    expect([missing.status, missing.body.code, missing.body.message]).toEqual([404, 'ResourceNotFound', `no resource exists with id '${unknown}'`]);
    const malformed = await server.get('/metadata/ABC');
    expect([malformed.status, malformed.body.code]).toEqual([409, 'InvalidArgument']);
    expect(malformed.body.message).toContain('compositeHash');
  });
});
