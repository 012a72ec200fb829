/**
 * The metadata plugin of the in-memory chain, as catapult's metadata plugin behaves: real
 * signed account, mosaic and namespace metadata transactions inside aggregates, announced
 * over HTTP, their outcome read on the signer's `status` and `unconfirmedAdded` channels,
 * then confirmed by a harvest and read back through `GET /metadata`.
 */
import { createHash } from 'node:crypto';
import { Address, generateMosaicId, generateNamespaceId, metadataGenerateKey, metadataUpdateValue, models } from 'symbol-sdk/symbol';
import { describe, expect, it } from 'vitest';
import type { ChainAccount } from '../../../src/memory/chain/identity.js';
import type { InMemoryChain } from '../../../src/in-memory-chain.js';
import { confirm, hex, lockFunds, pluginHarness, signedBy } from '../../support/announce.js';
import { startGateway } from '../../support/server.js';
import { aggregate, cosign, type Signed } from '../../support/signing.js';

type Server = Awaited<ReturnType<typeof startGateway>>;

let server: Server;
let chain: InMemoryChain;
let a: ChainAccount;
let b: ChainAccount;
let c: ChainAccount;

// Short namespace rentals, so a test registers one for a few blocks.
const { start, announce } = pluginHarness((started) => {
  server = started;
  chain = started.chain;
  [a, b, c] = chain.fundedAccounts;
}, { minNamespaceDuration: 1n });

const KEY = metadataGenerateKey('profile');
const bytes = (text: string) => new Uint8Array(Buffer.from(text));

interface Target {
  /** The target address: an account, or an alias (an address). */
  target: ChainAccount | InstanceType<typeof Address>;
  mosaicId?: bigint;
  namespaceId?: bigint;
  key?: bigint;
}

/** One embedded metadata transaction of `signer`: the value as sent, and the size delta. */
function embeddedMetadata(signer: ChainAccount, { target, mosaicId, namespaceId, key = KEY }: Target, value: Uint8Array, valueSizeDelta: number) {
  const targetAddress = 'keyPair' in target ? target.address : target;
  const type = mosaicId !== undefined ? 'mosaic_metadata_transaction_v1' : namespaceId !== undefined ? 'namespace_metadata_transaction_v1' : 'account_metadata_transaction_v1';
  return chain.facade.transactionFactory.createEmbedded({
    type,
    signerPublicKey: signer.keyPair.publicKey,
    targetAddress,
    scopedMetadataKey: key,
    ...(mosaicId !== undefined ? { targetMosaicId: mosaicId } : {}),
    ...(namespaceId !== undefined ? { targetNamespaceId: namespaceId } : {}),
    valueSizeDelta,
    value,
  } as never);
}

/** An aggregate complete of `signer` carrying one metadata transaction, cosigned by `cosigners`. */
function metadataAggregate(signer: ChainAccount, target: Target, value: Uint8Array, valueSizeDelta: number, cosigners: ChainAccount[] = []): Signed {
  return aggregate(chain, 'complete', signer, [embeddedMetadata(signer, target, value, valueSizeDelta)], { cosigners });
}

/** The update a wallet sends to change `old` into `next` (symbol-sdk's metadataUpdateValue and the size delta). */
function change(signer: ChainAccount, target: Target, old: string | undefined, next: string, cosigners: ChainAccount[] = []): Signed {
  const oldBytes = old === undefined ? undefined : bytes(old);
  return metadataAggregate(signer, target, metadataUpdateValue(oldBytes, bytes(next)), next.length - (old?.length ?? 0), cosigners);
}

/** The entries `GET /metadata` lists under a query. */
async function entries(query: string) {
  const reply = await server.get(`/metadata?${query}`);
  expect(reply.status).toBe(200);
  return reply.body.data.map((row: { metadataEntry: Record<string, unknown> }) => row.metadataEntry);
}

/** The composite hash as catapult computes it, written here from its key layout. */
function expectedHash(source: ChainAccount, targetHex: string, key: bigint, targetId: bigint, type: number): string {
  const numbers = Buffer.alloc(17);
  numbers.writeBigUInt64LE(key, 0);
  numbers.writeBigUInt64LE(targetId, 8);
  numbers[16] = type;
  return createHash('sha3-256').update(Buffer.from(source.addressHex, 'hex')).update(Buffer.from(targetHex, 'hex')).update(numbers).digest('hex').toUpperCase();
}

function mosaicIdOf(owner: ChainAccount, nonce: number): bigint {
  return generateMosaicId(new Address(owner.address), nonce);
}
const defineMosaic = (owner: ChainAccount, nonce: number) =>
  signedBy(chain, owner, { type: 'mosaic_definition_transaction_v1', nonce, flags: 'transferable', divisibility: 0, duration: 0n });
const registerRoot = (owner: ChainAccount, name: string, duration = 1_000n) =>
  signedBy(chain, owner, { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration, name });

describe('account metadata', () => {
  it('sets a value, grows and shrinks it by XOR deltas, and removes it when nothing is left', async () => {
    await start();
    const target = { target: a };
    await confirm(server, change(a, target, undefined, 'hello'));
    const hash = expectedHash(a, a.addressHex, KEY, 0n, 0);
    const [entry] = await entries(`targetAddress=${a.address}&scopedMetadataKey=${hex(KEY)}`);
    expect(entry).toEqual({
      version: 1,
      compositeHash: hash,
      sourceAddress: a.addressHex,
      targetAddress: a.addressHex,
      scopedMetadataKey: hex(KEY),
      targetId: '0000000000000000',
      metadataType: 0,
      valueSize: 5,
      value: Buffer.from('hello').toString('hex').toUpperCase(),
    });

    await confirm(server, change(a, target, 'hello', 'hello, world'));
    expect((await server.get(`/metadata/${hash}`)).body.metadataEntry.value).toBe(Buffer.from('hello, world').toString('hex').toUpperCase());

    await confirm(server, change(a, target, 'hello, world', 'bye'));
    const shrunk = (await server.get(`/metadata/${hash}`)).body.metadataEntry;
    expect([shrunk.value, shrunk.valueSize]).toEqual([Buffer.from('bye').toString('hex').toUpperCase(), 3]);

    // The whole value as the XOR delta, and the size down to nothing: the entry is gone.
    await confirm(server, metadataAggregate(a, target, bytes('bye'), -3));
    expect((await server.get(`/metadata/${hash}`)).status).toBe(404);
    expect(await entries(`sourceAddress=${a.address}`)).toEqual([]);
  });

  it('answers Failure_Metadata_Value_Too_Small for an empty value', async () => {
    await start();
    expect(await announce(metadataAggregate(a, { target: a }, new Uint8Array(), 0), a)).toBe('Failure_Metadata_Value_Too_Small');
  });

  it('answers Failure_Metadata_Value_Size_Delta_Too_Large for a delta larger than the value', async () => {
    await start();
    expect(await announce(metadataAggregate(a, { target: a }, bytes('ab'), 3), a)).toBe('Failure_Metadata_Value_Size_Delta_Too_Large');
    expect(await announce(metadataAggregate(a, { target: a }, bytes('ab'), -3), a)).toBe('Failure_Metadata_Value_Size_Delta_Too_Large');
  });

  it('answers Failure_Metadata_Value_Too_Large past the network maxValueSize, and takes a value of exactly that size', async () => {
    await start({ maxValueSize: 8 });
    expect(await announce(metadataAggregate(a, { target: a }, bytes('123456789'), 9), a)).toBe('Failure_Metadata_Value_Too_Large');
    expect(await announce(metadataAggregate(a, { target: a }, bytes('12345678'), 8), a)).toBe('Success');
    expect((await server.get('/network/properties')).body.plugins.metadata.maxValueSize).toBe('8');
  });

  it('answers Failure_Metadata_Value_Size_Delta_Mismatch when the sizes do not fit the entry (new or existing)', async () => {
    await start();
    expect(await announce(metadataAggregate(a, { target: a }, bytes('abcd'), 2), a)).toBe('Failure_Metadata_Value_Size_Delta_Mismatch');
    await confirm(server, change(a, { target: a }, undefined, 'abcd'));
    // The entry has 4 bytes: 6 bytes sent with a delta of 1 claims 5.
    expect(await announce(metadataAggregate(a, { target: a }, bytes('abcdef'), 1), a)).toBe('Failure_Metadata_Value_Size_Delta_Mismatch');
    // A shrink must send as many bytes as the entry has.
    expect(await announce(metadataAggregate(a, { target: a }, bytes('abc'), -1), a)).toBe('Failure_Metadata_Value_Size_Delta_Mismatch');
    expect(await announce(change(a, { target: a }, 'abcd', 'abcdef'), a)).toBe('Success');
  });

  it('answers Failure_Metadata_Value_Change_Irreversible for a shrink whose cut-off bytes are not the entry own', async () => {
    await start();
    await confirm(server, change(a, { target: a }, undefined, 'abcd'));
    expect(await announce(metadataAggregate(a, { target: a }, bytes('\0\0cX'), -2), a)).toBe('Failure_Metadata_Value_Change_Irreversible');
    expect(await announce(metadataAggregate(a, { target: a }, bytes('\0\0cd'), -2), a)).toBe('Success');
  });

  it("needs the target's cosignature (Failure_Aggregate_Missing_Cosignatures), keyed by the signer as source", async () => {
    await start();
    expect(await announce(change(a, { target: b }, undefined, 'rated'), a)).toBe('Failure_Aggregate_Missing_Cosignatures');
    await confirm(server, change(a, { target: b }, undefined, 'rated', [b]));
    const [entry] = await entries(`targetAddress=${b.address}`);
    expect([entry.sourceAddress, entry.targetAddress, entry.compositeHash]).toEqual([a.addressHex, b.addressHex, expectedHash(a, b.addressHex, KEY, 0n, 0)]);
  });

  it('waits in the partial pool as an aggregate bonded until the target cosigns, then is confirmed', async () => {
    await start();
    const bonded = aggregate(chain, 'bonded', a, [embeddedMetadata(a, { target: b }, bytes('bonded'), 6)]);
    lockFunds(chain, a, bonded);
    const json = { 'content-type': 'application/json' };
    expect((await server.request('PUT', '/transactions/partial', { body: bonded.body, headers: json })).status).toBe(202);
    chain.processAnnounced();
    expect((await server.get(`/transactionStatus/${bonded.hash}`)).body).toMatchObject({ group: 'partial' });
    // c is neither signer nor target: its cosignature is refused and changes nothing.
    expect((await server.request('PUT', '/transactions/cosignature', { body: JSON.stringify(cosign(chain, c, bonded)), headers: json })).status).toBe(202);
    chain.processAnnounced();
    expect((await server.get(`/transactionStatus/${bonded.hash}`)).body).toMatchObject({ group: 'partial' });
    expect((await server.request('PUT', '/transactions/cosignature', { body: JSON.stringify(cosign(chain, b, bonded)), headers: json })).status).toBe(202);
    chain.harvest();
    expect((await server.get(`/transactionStatus/${bonded.hash}`)).body).toMatchObject({ group: 'confirmed' });
    const [entry] = await entries(`targetAddress=${b.address}`);
    expect([entry.sourceAddress, entry.value]).toEqual([a.addressHex, Buffer.from('bonded').toString('hex').toUpperCase()]);
  });

  it('answers Failure_Aggregate_Ineligible_Cosignatories for a cosigner that is neither a signer nor a target', async () => {
    await start();
    expect(await announce(change(a, { target: b }, undefined, 'rated', [b, c]), a)).toBe('Failure_Aggregate_Ineligible_Cosignatories');
  });

  it('resolves a target address given as an alias, as the key and the cosignature check read it', async () => {
    await start();
    const name = generateNamespaceId('bobby');
    await confirm(server, registerRoot(b, 'bobby'));
    await confirm(server, signedBy(chain, b, { type: 'address_alias_transaction_v1', namespaceId: name, address: b.address, aliasAction: 'link' }));
    const alias = Address.fromNamespaceId(new models.NamespaceId(name), chain.facade.network.identifier);
    expect(await announce(change(a, { target: alias }, undefined, 'x'), a)).toBe('Failure_Aggregate_Missing_Cosignatures');
    const height = await confirm(server, change(a, { target: alias }, undefined, 'x', [b]));
    const [entry] = await entries(`sourceAddress=${a.address}`);
    expect(entry.targetAddress).toBe(b.addressHex);
    expect(entry.compositeHash).toBe(expectedHash(a, b.addressHex, KEY, 0n, 0));
    // The resolution is recorded with the inner transaction as its source.
    const { data } = (await server.get(`/statements/resolutions/address?height=${height}`)).body;
    expect(data.map((info: any) => info.statement)).toEqual([
      { height: height.toString(), unresolved: Buffer.from(alias.bytes).toString('hex').toUpperCase(), resolutionEntries: [{ source: { primaryId: 1, secondaryId: 1 }, resolved: b.addressHex }] },
    ]);
  });
});

describe('mosaic metadata', () => {
  it("is set by the owner, or by anyone with the owner as target and cosigner; keyed by the mosaic id (an alias resolved)", async () => {
    await start();
    const id = mosaicIdOf(a, 7);
    await confirm(server, defineMosaic(a, 7));
    await confirm(server, change(a, { target: a, mosaicId: id }, undefined, 'gold'));
    await confirm(server, change(b, { target: a, mosaicId: id }, undefined, 'shiny', [a]));
    const name = generateNamespaceId('goldcoin');
    await confirm(server, registerRoot(a, 'goldcoin'));
    await confirm(server, signedBy(chain, a, { type: 'mosaic_alias_transaction_v1', namespaceId: name, mosaicId: id, aliasAction: 'link' }));
    await confirm(server, change(a, { target: a, mosaicId: name, key: 5n }, undefined, 'by alias'));

    const rows = await entries(`targetId=${hex(id)}&metadataType=1`);
    expect(rows.map((row: Record<string, unknown>) => [row.sourceAddress, row.scopedMetadataKey, Buffer.from(row.value as string, 'hex').toString()])).toEqual([
      [a.addressHex, hex(KEY), 'gold'],
      [b.addressHex, hex(KEY), 'shiny'],
      [a.addressHex, hex(5n), 'by alias'],
    ].reverse());
    expect(rows.every((row: Record<string, unknown>) => row.targetId === hex(id) && row.targetAddress === a.addressHex)).toBe(true);
    expect(rows.at(-1).compositeHash).toBe(expectedHash(a, a.addressHex, KEY, id, 1));
  });

  it('answers Failure_Mosaic_Owner_Conflict for a target that does not own the mosaic', async () => {
    await start();
    const id = mosaicIdOf(a, 7);
    await confirm(server, defineMosaic(a, 7));
    expect(await announce(change(b, { target: b, mosaicId: id }, undefined, 'mine'), b)).toBe('Failure_Mosaic_Owner_Conflict');
  });

  it('answers Failure_Mosaic_Expired for an unknown mosaic', async () => {
    await start();
    expect(await announce(change(a, { target: a, mosaicId: mosaicIdOf(a, 99) }, undefined, 'x'), a)).toBe('Failure_Mosaic_Expired');
  });

  it('checks the value before the mosaic (catapult order): a size mismatch is reported first', async () => {
    await start();
    expect(await announce(metadataAggregate(a, { target: a, mosaicId: mosaicIdOf(a, 99) }, bytes('abcd'), 1), a)).toBe('Failure_Metadata_Value_Size_Delta_Mismatch');
  });
});

describe('namespace metadata', () => {
  it('is set by the owner of the namespace, keyed by its id', async () => {
    await start();
    const id = generateNamespaceId('acme');
    await confirm(server, registerRoot(a, 'acme'));
    await confirm(server, change(a, { target: a, namespaceId: id }, undefined, 'ACME Corp'));
    const [entry] = await entries(`metadataType=2`);
    expect(entry).toMatchObject({ targetId: hex(id), metadataType: 2, compositeHash: expectedHash(a, a.addressHex, KEY, id, 2) });
  });

  it('answers Failure_Namespace_Unknown, Failure_Namespace_Owner_Conflict and Failure_Namespace_Expired', async () => {
    await start({ minNamespaceDuration: 1n, namespaceGracePeriod: 1n });
    const id = generateNamespaceId('acme');
    expect(await announce(change(a, { target: a, namespaceId: id }, undefined, 'x'), a)).toBe('Failure_Namespace_Unknown');
    await confirm(server, registerRoot(a, 'acme', 2n));
    expect(await announce(change(b, { target: b, namespaceId: id }, undefined, 'x'), b)).toBe('Failure_Namespace_Owner_Conflict');
    chain.harvest();
    chain.harvest();
    expect(await announce(change(a, { target: a, namespaceId: id }, undefined, 'x'), a)).toBe('Failure_Namespace_Expired');
  });
});
