/**
 * The PostgreSQL store, state entries: a gateway over the database (B) answers every state
 * route as the chain's own gateway (A) does: accounts (by id, by a mosaic's holders, by
 * balance), mosaics, namespaces and their names, hash and secret locks, metadata, account and
 * mosaic restrictions and the multisig graph, each page under every combination of its filters,
 * in both orders, with offsets and deep pages, and every entry by key; whether the writer
 * started on a chain that already had them (catch-up) or followed them being made; and after
 * entries change and leave (a used lock, a pruned lock and namespace, removed metadata,
 * restrictions and cosignatory).
 */
import { createHash } from 'node:crypto';
import { Hash256 } from 'symbol-sdk';
import { Address, generateMosaicId, generateNamespaceId, metadataGenerateKey, models, mosaicRestrictionGenerateKey } from 'symbol-sdk/symbol';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { ChainAccount, InMemoryChain } from '../src/memory/chain.js';
import { createPostgresBackend } from '../src/postgres/backend.js';
import { hex, signedBy, unfundedAccount } from './support/announce.js';
import { activity } from './support/chain-activity.js';
import { expectSameAnswers, usePostgresStore } from './support/postgres.js';
import { startGateway, testChain, type TestServer } from './support/server.js';
import { aggregate, transfer, type Signed } from './support/signing.js';

const { postgres, cleanups, writerOn, gateways } = usePostgresStore();

const JSON_HEADERS = { 'content-type': 'application/json' };
const KYC = mosaicRestrictionGenerateKey('kyc');
const NAME = metadataGenerateKey('name');
const ADDRESS_BLOCK = 0x8001;
const OPERATION_OUTGOING_BLOCK = 0xc004;
const UNSET = 0xffff_ffff_ffff_ffffn;

/** A chain whose namespaces can be short-lived: a 2-block grace period; finalized every 5 blocks (what prunes). */
function stateChain(): InMemoryChain {
  const chain = testChain({ finalizationInterval: 5, rules: { minNamespaceDuration: 1n, namespaceGracePeriod: 2n } });
  cleanups.push(async () => chain.close());
  return chain;
}

/** Announces, harvests one block and checks every transaction was confirmed in it. */
async function confirmAll(chain: InMemoryChain, ...transactions: Signed[]): Promise<void> {
  for (const transaction of transactions) chain.announcer.announce(transaction.payload);
  chain.processAnnounced();
  const height = chain.harvest().block.height;
  const statuses = await chain.transactionStatus.find(transactions.map((transaction) => transaction.hash));
  expect(statuses.map((status) => `${status.group} ${status.code} ${status.height}`)).toEqual(transactions.map(() => `confirmed Success ${height}`));
}

/** The actors of `populate` beyond the four `activity` uses. */
function actors(chain: InMemoryChain) {
  const [, , , , e, f, g, h, i, j] = chain.fundedAccounts;
  const mosaicIds = Array.from({ length: 12 }, (_, n) => generateMosaicId(new Address(e.address), 100 + n));
  const estate = generateNamespaceId('estate');
  const wing = generateNamespaceId('wing', estate);
  const room = generateNamespaceId('room', wing);
  return { e, f, g, h, i, j, mosaicIds, estate, wing, room, brief: generateNamespaceId('brief') };
}

/** An aggregate of `signer` setting (or, with `remove`, removing) `text` as metadata, the target cosigning when it is not the signer. */
function metadata(chain: InMemoryChain, signer: ChainAccount, target: ChainAccount, text: string, on: { mosaicId?: bigint; namespaceId?: bigint } = {}, remove = false): Signed {
  const type = on.mosaicId !== undefined ? 'mosaic_metadata_transaction_v1' : on.namespaceId !== undefined ? 'namespace_metadata_transaction_v1' : 'account_metadata_transaction_v1';
  const embedded = chain.facade.transactionFactory.createEmbedded({
    type,
    signerPublicKey: signer.keyPair.publicKey,
    targetAddress: target.address,
    scopedMetadataKey: NAME,
    ...(on.mosaicId !== undefined ? { targetMosaicId: on.mosaicId } : {}),
    ...(on.namespaceId !== undefined ? { targetNamespaceId: on.namespaceId } : {}),
    // Removing XORs the old value away: the same bytes, the size down to 0.
    valueSizeDelta: remove ? -text.length : text.length,
    value: new Uint8Array(Buffer.from(text)),
  } as never);
  return aggregate(chain, 'complete', signer, [embedded], { cosigners: target === signer ? [] : [target] });
}

/**
 * `account` changes its cosignatories in an aggregate of `signer` (the account itself, or one of
 * its cosignatories once it is multisig) cosigned by `cosigners` (new cosignatories opt in so).
 */
function cosignatories(chain: InMemoryChain, account: ChainAccount, change: { add?: ChainAccount[]; remove?: ChainAccount[]; delta?: number }, signer: ChainAccount, cosigners: ChainAccount[]): Signed {
  const modification = chain.facade.transactionFactory.createEmbedded({
    type: 'multisig_account_modification_transaction_v1',
    signerPublicKey: account.keyPair.publicKey,
    minApprovalDelta: change.delta ?? 0,
    minRemovalDelta: change.delta ?? 0,
    addressAdditions: (change.add ?? []).map((each) => new Address(each.address)),
    addressDeletions: (change.remove ?? []).map((each) => new Address(each.address)),
  } as never);
  return aggregate(chain, 'complete', signer, [modification], { cosigners });
}

/**
 * State of every kind: a round of `activity` (namespaces, aliases, mosaics, a secret lock, hash
 * locks), more than a page of mosaics and root namespaces, a child and a grandchild with
 * aliases, a short-lived namespace aliasing an account, metadata on an account, a mosaic and a
 * namespace, account restrictions, global and address mosaic restrictions, and a two-level
 * multisig graph.
 */
async function populate(chain: InMemoryChain): Promise<void> {
  activity(chain, 'alpha');
  const { e, f, g, h, i, j, mosaicIds, estate, wing, room, brief } = actors(chain);
  const by = (signer: ChainAccount, descriptor: Record<string, unknown>) => signedBy(chain, signer, descriptor);
  await confirmAll(
    chain,
    ...mosaicIds.map((_, n) => by(e, { type: 'mosaic_definition_transaction_v1', nonce: 100 + n, flags: 'supply_mutable transferable restrictable', divisibility: n % 3, duration: 0n })),
    by(e, { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: 200n, name: 'estate' }),
    ...Array.from({ length: 11 }, (_, n) => by(e, { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: BigInt(50 + n), name: `deep-${n}` })),
    by(f, { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: 3n, name: 'brief' }),
  );
  await confirmAll(
    chain,
    by(e, { type: 'namespace_registration_transaction_v1', registrationType: 'child', parentId: estate, name: 'wing' }),
    by(e, { type: 'mosaic_alias_transaction_v1', namespaceId: estate, mosaicId: mosaicIds[0], aliasAction: 'link' }),
    by(f, { type: 'address_alias_transaction_v1', namespaceId: brief, address: f.address, aliasAction: 'link' }),
    ...mosaicIds.slice(0, 3).map((mosaicId, n) => by(e, { type: 'mosaic_supply_change_transaction_v1', mosaicId, delta: BigInt(1_000 * (n + 1)), action: 'increase' })),
  );
  await confirmAll(
    chain,
    by(e, { type: 'namespace_registration_transaction_v1', registrationType: 'child', parentId: wing, name: 'room' }),
    by(e, { type: 'address_alias_transaction_v1', namespaceId: wing, address: e.address, aliasAction: 'link' }),
    by(e, { type: 'mosaic_alias_transaction_v1', namespaceId: room, mosaicId: mosaicIds[0], aliasAction: 'link' }),
    // Holders of the first mosaic with different balances (and two alike), of the second one.
    ...[f, g, h, i].map((to, n) => transfer(chain, e, to, { mosaicId: mosaicIds[0], amount: BigInt([10, 20, 20, 5][n]) })),
    transfer(chain, e, j, { mosaicId: mosaicIds[1], amount: 7n }),
    metadata(chain, e, e, 'estate keeper'),
    metadata(chain, f, e, 'known to f'),
    metadata(chain, e, e, 'first mosaic', { mosaicId: mosaicIds[0] }),
    metadata(chain, e, e, 'the estate', { namespaceId: estate }),
    by(f, { type: 'account_address_restriction_transaction_v1', restrictionFlags: ADDRESS_BLOCK, restrictionAdditions: [new Address(chain.fundedAccounts[0].address)], restrictionDeletions: [] }),
    by(f, { type: 'account_operation_restriction_transaction_v1', restrictionFlags: OPERATION_OUTGOING_BLOCK, restrictionAdditions: [models.TransactionType.SECRET_PROOF.value], restrictionDeletions: [] }),
    by(e, { type: 'account_address_restriction_transaction_v1', restrictionFlags: ADDRESS_BLOCK, restrictionAdditions: [new Address(chain.fundedAccounts[3].address)], restrictionDeletions: [] }),
    by(e, {
      type: 'secret_lock_transaction_v1', recipientAddress: f.address, secret: new Hash256(createHash('sha3-256').update('estate/secret').digest()),
      mosaic: { mosaicId: BigInt(`0x${chain.currency.mosaicId}`), amount: 1_000_000n }, duration: 500n, hashAlgorithm: 'sha3_256',
    }),
    ...mosaicIds.slice(0, 2).map((mosaicId, n) => by(e, {
      type: 'mosaic_global_restriction_transaction_v1', mosaicId, referenceMosaicId: 0n, restrictionKey: KYC,
      previousRestrictionValue: 0n, previousRestrictionType: 'none', newRestrictionValue: BigInt(n + 1), newRestrictionType: 'ge',
    })),
  );
  const addressValue = (target: ChainAccount, value: bigint) => by(e, {
    type: 'mosaic_address_restriction_transaction_v1', mosaicId: mosaicIds[0], restrictionKey: KYC,
    targetAddress: new Address(target.address), previousRestrictionValue: UNSET, newRestrictionValue: value,
  });
  await confirmAll(chain, addressValue(f, 1n), addressValue(g, 2n), cosignatories(chain, g, { add: [h, i], delta: 1 }, g, [h, i]));
  await confirmAll(chain, cosignatories(chain, j, { add: [g], delta: 1 }, j, [h]));
  // One block more: the short-lived namespace has ended (inactive) and is not yet pruned (the next finalization does).
  await confirmAll(chain, transfer(chain, e, f, { mosaicId: mosaicIds[2], amount: 3n }));
}

/**
 * Changes after the first write: a second round of activity (its bonded aggregate uses the
 * first round's hash lock), the first round's secret lock and the short-lived namespace expire
 * and are pruned once finalized, a root with children is renewed, metadata, an account's
 * restrictions, a global and an address mosaic restriction and a cosignatory are removed,
 * balances move.
 */
async function change(chain: InMemoryChain): Promise<void> {
  const { e, f, g, h, i, mosaicIds, estate } = actors(chain);
  const by = (signer: ChainAccount, descriptor: Record<string, unknown>) => signedBy(chain, signer, descriptor);
  activity(chain, 'beta');
  await confirmAll(
    chain,
    metadata(chain, e, e, 'the estate', { namespaceId: estate }, true),
    // Renewed: the root's lifetime grows, and with it its children's.
    by(e, { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: 300n, name: 'estate' }),
    by(e, { type: 'account_address_restriction_transaction_v1', restrictionFlags: ADDRESS_BLOCK, restrictionAdditions: [], restrictionDeletions: [new Address(chain.fundedAccounts[3].address)] }),
    by(f, { type: 'account_address_restriction_transaction_v1', restrictionFlags: ADDRESS_BLOCK, restrictionAdditions: [], restrictionDeletions: [new Address(chain.fundedAccounts[0].address)] }),
    by(e, {
      type: 'mosaic_global_restriction_transaction_v1', mosaicId: mosaicIds[1], referenceMosaicId: 0n, restrictionKey: KYC,
      previousRestrictionValue: 2n, previousRestrictionType: 'ge', newRestrictionValue: 0n, newRestrictionType: 'none',
    }),
    by(e, { type: 'mosaic_address_restriction_transaction_v1', mosaicId: mosaicIds[0], restrictionKey: KYC, targetAddress: new Address(g.address), previousRestrictionValue: 2n, newRestrictionValue: UNSET }),
    cosignatories(chain, g, { remove: [i] }, h, []),
    // The first mosaic is restricted now (e holds no KYC value): the third one moves.
    transfer(chain, e, f, { mosaicId: mosaicIds[2], amount: 100n }),
  );
  for (let n = 0; n < 6; n++) chain.harvest();
}

/** New accounts holding the third mosaic (they join the lists inside), holders' balances moved across the others, one holder leaving. */
async function populateMore(chain: InMemoryChain): Promise<void> {
  const { e, f, g, h, mosaicIds } = actors(chain);
  const newcomers = Array.from({ length: 9 }, (_, n) => unfundedAccount(chain, `newcomer ${n}`));
  await confirmAll(chain, ...newcomers.map((to, n) => transfer(chain, e, to, { mosaicId: mosaicIds[2], amount: BigInt([3, 30, 15, 20, 1, 40, 12, 20, 7][n]) })));
  await confirmAll(
    chain,
    transfer(chain, f, g, { mosaicId: mosaicIds[2], amount: 100n }),
    transfer(chain, e, h, { mosaicId: mosaicIds[2], amount: 25n }),
    ...[0, 1, 2].map((n) => transfer(chain, e, newcomers[n], { mosaicId: BigInt(`0x${chain.currency.mosaicId}`), amount: BigInt(1_000 * (n + 1)) })),
  );
}

const base32 = (addressHex: string): string => new Address(Buffer.from(addressHex, 'hex')).toString();

/** Every non-empty combination of `filters` as a query string. */
function combinations(filters: Record<string, string | undefined>): string[] {
  const present = Object.entries(filters).filter((entry): entry is [string, string] => entry[1] !== undefined);
  const queries: string[] = [];
  for (let mask = 1; mask < 1 << present.length; mask++) {
    queries.push(present.filter((_, n) => mask & (1 << n)).map(([name, value]) => `${name}=${value}`).join('&'));
  }
  return queries;
}

/** A paged collection: its path, the filters an entry answers to, the route of an entry, a key that names none. */
interface Collection {
  path: string;
  filters(entry: any): Record<string, string | undefined>;
  item(entry: any): string;
  unknown: string;
}

const COLLECTIONS: Collection[] = [
  {
    path: '/accounts',
    filters: (entry) => ({ address: base32(entry.account.address), mosaicId: entry.account.mosaics.at(-1)?.id }),
    item: (entry) => `/accounts/${base32(entry.account.address)}`,
    unknown: `/accounts/${'AB'.repeat(32)}`,
  },
  {
    path: '/mosaics',
    filters: (entry) => ({ ownerAddress: base32(entry.mosaic.ownerAddress) }),
    item: (entry) => `/mosaics/${entry.mosaic.id}`,
    unknown: '/mosaics/0123456789ABCDEF',
  },
  {
    path: '/namespaces',
    filters: ({ namespace }) => ({ ownerAddress: base32(namespace.ownerAddress), registrationType: String(namespace.registrationType), level0: namespace.level0, aliasType: String(namespace.alias.type) }),
    item: ({ namespace }) => `/namespaces/${namespace[`level${namespace.depth - 1}`]}`,
    unknown: '/namespaces/8123456789ABCDEF',
  },
  {
    path: '/lock/hash',
    filters: (entry) => ({ address: base32(entry.lock.ownerAddress) }),
    item: (entry) => `/lock/hash/${entry.lock.hash}`,
    unknown: `/lock/hash/${'AB'.repeat(32)}`,
  },
  {
    path: '/lock/secret',
    filters: (entry) => ({ address: base32(entry.lock.ownerAddress), secret: entry.lock.secret }),
    item: (entry) => `/lock/secret/${entry.lock.compositeHash}`,
    unknown: `/lock/secret/${'AB'.repeat(32)}`,
  },
  {
    path: '/metadata',
    filters: ({ metadataEntry: m }) => ({ sourceAddress: base32(m.sourceAddress), targetAddress: base32(m.targetAddress), scopedMetadataKey: m.scopedMetadataKey, targetId: m.targetId, metadataType: String(m.metadataType) }),
    item: (entry) => `/metadata/${entry.metadataEntry.compositeHash}`,
    unknown: `/metadata/${'AB'.repeat(32)}`,
  },
  {
    path: '/restrictions/account',
    filters: (entry) => ({ address: base32(entry.accountRestrictions.address) }),
    item: (entry) => `/restrictions/account/${base32(entry.accountRestrictions.address)}`,
    unknown: `/restrictions/account/${base32('98' + '00'.repeat(23))}`,
  },
  {
    path: '/restrictions/mosaic',
    filters: ({ mosaicRestrictionEntry: r }) => ({ mosaicId: r.mosaicId, entryType: String(r.entryType), targetAddress: r.targetAddress && base32(r.targetAddress) }),
    item: (entry) => `/restrictions/mosaic/${entry.mosaicRestrictionEntry.compositeHash}`,
    unknown: `/restrictions/mosaic/${'AB'.repeat(32)}`,
  },
];

/** What A holds of a collection, ascending (every page of 100). */
async function everything(a: TestServer, path: string): Promise<any[]> {
  const entries: any[] = [];
  for (let page = 1; ; page++) {
    const { body } = await a.get(`${path}?order=asc&pageSize=100&pageNumber=${page}`);
    entries.push(...body.data);
    if (body.data.length < 100) return entries;
  }
}

/**
 * The GET routes to compare, built from what A holds: for each collection, pages in both
 * orders and at depth, offsets (an entry's id, ids before and after every entry), the filters
 * of several entries in every combination, every entry by key and one unknown key; accounts by
 * balance with amount offsets; the multisig routes of every funded account.
 */
async function stateUrls(a: TestServer, chain: InMemoryChain): Promise<{ urls: string[]; entries: Map<string, any[]> }> {
  const urls: string[] = [];
  const entries = new Map<string, any[]>();
  for (const collection of COLLECTIONS) {
    const all = await everything(a, collection.path);
    entries.set(collection.path, all);
    const { path } = collection;
    urls.push(path, `${path}?order=asc`, `${path}?pageSize=10&pageNumber=2`, `${path}?order=asc&pageSize=10&pageNumber=2`, `${path}?pageNumber=1000`);
    const ids = [all[0], all[Math.floor(all.length / 2)], all.at(-1)].filter(Boolean).map((entry) => entry.id);
    for (const offset of [...ids, '0'.repeat(24), 'F'.repeat(24), ids[1]?.toLowerCase()].filter(Boolean)) {
      urls.push(`${path}?offset=${offset}`, `${path}?offset=${offset}&order=asc`, `${path}?offset=${offset}&order=asc&pageSize=10&pageNumber=2`);
    }
    const samples = [all[0], all[Math.floor(all.length / 3)], all[Math.floor((2 * all.length) / 3)], all.at(-1)].filter(Boolean);
    for (const sample of samples) {
      for (const query of combinations(collection.filters(sample))) urls.push(`${path}?${query}`, `${path}?${query}&order=asc&offset=${ids[1]}`);
    }
    urls.push(...all.map(collection.item), collection.unknown);
  }
  const accounts = entries.get('/accounts')!;
  const [, , , , e] = chain.fundedAccounts;
  for (const mosaicId of [chain.currency.mosaicId, ...actors(chain).mosaicIds.slice(0, 3).map(hex), '0123456789ABCDEF']) {
    const holders = accounts.filter((entry) => entry.account.mosaics.some((mosaic: any) => mosaic.id === mosaicId));
    const amounts = holders.map((entry) => entry.account.mosaics.find((mosaic: any) => mosaic.id === mosaicId).amount);
    urls.push(`/accounts?mosaicId=${mosaicId}`, `/accounts?mosaicId=${mosaicId}&order=asc&pageSize=10&pageNumber=2`);
    for (const order of ['asc', 'desc']) {
      urls.push(`/accounts?mosaicId=${mosaicId}&orderBy=balance&order=${order}`, `/accounts?mosaicId=${mosaicId}&orderBy=balance&order=${order}&pageSize=10&pageNumber=2`);
      for (const offset of ['0', ...amounts.slice(0, 3), '18446744073709551615']) urls.push(`/accounts?mosaicId=${mosaicId}&orderBy=balance&order=${order}&offset=${offset}`);
      urls.push(`/accounts?mosaicId=${mosaicId}&orderBy=balance&order=${order}&address=${e.address}`, `/accounts?mosaicId=${mosaicId}&orderBy=balance&order=${order}&address=${e.address}&offset=1`);
    }
  }
  urls.push(...accounts.filter((entry) => !/^0+$/.test(entry.account.publicKey)).map((entry) => `/accounts/${entry.account.publicKey}`));
  for (const account of [...chain.fundedAccounts, chain.nemesisAccount]) urls.push(`/account/${account.address}/multisig`, `/account/${account.address}/multisig/graph`);
  return { urls, entries };
}

/** The POST lookups to compare, from what A holds. */
function stateLookups(chain: InMemoryChain, entries: Map<string, any[]>): [string, Record<string, unknown>][] {
  const namespaces = entries.get('/namespaces')!.map(({ namespace }) => namespace[`level${namespace.depth - 1}`]);
  const mosaicIds = [...entries.get('/mosaics')!.map((entry) => entry.mosaic.id), '0123456789ABCDEF'];
  const addresses = [...chain.fundedAccounts, chain.nemesisAccount, unfundedAccount(chain, 'nobody')].map((account) => account.address);
  const { room } = actors(chain);
  return [
    ['/accounts', { addresses }],
    // A sink received fees but never signed: it is found by the address its key derives.
    ['/accounts', { publicKeys: [...chain.fundedAccounts, chain.sinks.namespaceRental as ChainAccount, unfundedAccount(chain, 'nobody')].map((account) => account.publicKey) }],
    ['/mosaics', { mosaicIds }],
    ['/namespaces/names', { namespaceIds: [...namespaces, '8123456789ABCDEF'] }],
    ['/namespaces/names', { namespaceIds: [hex(room)] }],
    ['/namespaces/account/names', { addresses: [...addresses, addresses[0]] }],
    ['/namespaces/mosaic/names', { mosaicIds: [...mosaicIds, chain.currency.mosaicId] }],
    ['/lock/secret', { compositeHashes: [...entries.get('/lock/secret')!.map((entry) => entry.lock.compositeHash), 'AB'.repeat(32)] }],
  ];
}

/** A and B answer every state route alike; answers how many were compared. */
async function expectSameState(a: TestServer, b: TestServer, chain: InMemoryChain): Promise<{ compared: number; entries: Map<string, any[]> }> {
  const { urls, entries } = await stateUrls(a, chain);
  await expectSameAnswers(a, b, urls);
  const lookups = stateLookups(chain, entries);
  for (const [path, body] of lookups) {
    // POST /lock/secret is no route of the reference's spec.
    const request = { body: JSON.stringify(body), headers: JSON_HEADERS, spec: path !== '/lock/secret' };
    const [mine, stored] = [await a.request('POST', path, request), await b.request('POST', path, request)];
    expect({ path, body, status: stored.status, answer: stored.body }).toEqual({ path, body, status: mine.status, answer: mine.body });
  }
  return { compared: urls.length + lookups.length, entries };
}

describe('PostgreSQL store: state entries', () => {
  it('writes the whole state at catch-up and answers every state route as the chain itself', async () => {
    const chain = stateChain();
    await populate(chain);
    const writer = await writerOn(chain);
    await writer.flushed();
    const { a, b } = await gateways(chain);
    const { compared, entries } = await expectSameState(a, b, chain);
    // The comparison covered full collections: more than a page of accounts, mosaics and namespaces, every kind present.
    expect(compared).toBeGreaterThan(500);
    for (const path of ['/accounts', '/mosaics', '/namespaces']) expect(entries.get(path)!.length).toBeGreaterThan(10);
    for (const collection of COLLECTIONS) expect(entries.get(collection.path)!.length).toBeGreaterThan(1);
    const { g, brief } = actors(chain);
    expect(entries.get('/namespaces')!.filter((entry) => !entry.meta.active).map((entry) => entry.namespace.level0)).toEqual([hex(brief)]);
    expect((await b.get(`/account/${g.address}/multisig/graph`)).body.map((level: any) => level.level)).toEqual([-1, 0, 1]);
    expect((await b.request('POST', '/namespaces/mosaic/names', { body: JSON.stringify({ mosaicIds: [hex(actors(chain).mosaicIds[0])] }), headers: JSON_HEADERS })).body)
      .toEqual({ mosaicNames: [{ mosaicId: hex(actors(chain).mosaicIds[0]), names: ['estate', 'estate.wing.room'] }] });
  });

  it('follows the chain: entries made, changed and removed after the writer started', async () => {
    const chain = stateChain();
    const writer = await writerOn(chain);
    const { a, b } = await gateways(chain);
    await populate(chain);
    await writer.flushed();
    const before = await expectSameState(a, b, chain);

    await change(chain);
    await writer.flushed();
    const after = await expectSameState(a, b, chain);
    // What left the chain's state left the database's.
    const { e, i, brief } = actors(chain);
    const gone = [`/restrictions/account/${e.address}`, `/account/${i.address}/multisig`, `/namespaces/${hex(brief)}`];
    for (const url of gone) expect([url, (await a.get(url)).status, (await b.get(url)).status]).toEqual([url, 404, 404]);
    for (const path of ['/lock/secret', '/metadata', '/restrictions/mosaic']) {
      const ids = new Set(after.entries.get(path)!.map((entry) => entry.id));
      expect(before.entries.get(path)!.some((entry) => !ids.has(entry.id))).toBe(true);
    }
    // The first round's hash lock was used by the second round's aggregate.
    expect(after.entries.get('/lock/hash')!.map((entry) => entry.lock.status)).toContain(1);
  });

  it('pages lists cut into buckets of two as the chain pages them, at catch-up and while entries join, move and leave', async () => {
    const chain = stateChain();
    await populate(chain);
    const writer = await writerOn(chain, { listBucketSize: 2 });
    await writer.flushed();
    const { a, b } = await gateways(chain);
    await expectSameState(a, b, chain);
    const cut = async () => {
      const admin = new pg.Client({ connectionString: postgres().url });
      await admin.connect();
      try {
        const { rows } = await admin.query<{ buckets: string; entries: string }>(`select count(*) as buckets, sum(count) as entries from state_list_buckets where kind = 'accounts' and list = ''`);
        return { buckets: Number(rows[0].buckets), entries: Number(rows[0].entries) };
      } finally {
        await admin.end();
      }
    };
    const atCatchUp = await cut();
    // The list of every account is cut in buckets of two.
    expect(atCatchUp.entries).toBeGreaterThan(10);
    expect(atCatchUp.buckets).toBe(Math.ceil(atCatchUp.entries / 2));

    await change(chain);
    await populateMore(chain);
    await writer.flushed();
    await expectSameState(a, b, chain);
    const after = await cut();
    expect(after.entries).toBe(atCatchUp.entries + 9);
    expect(after.buckets).toBeGreaterThan(atCatchUp.buckets);
  });

  it('writes the whole state again when a writer starts on a database that holds an older state of the chain', async () => {
    const chain = stateChain();
    const first = await writerOn(chain);
    await populate(chain);
    await first.close();
    await change(chain);
    const writer = await writerOn(chain);
    await writer.flushed();
    const { a, b } = await gateways(chain);
    await expectSameState(a, b, chain);
  });

  it('answers 503 on every state route when the database cannot be reached', async () => {
    const server = await startGateway({ backend: createPostgresBackend({ url: 'postgres://postgres@127.0.0.1:1/none', connectTimeout: 1_000 }) });
    cleanups.push(() => server.close());
    const address = stateChain().fundedAccounts[0].address;
    const gets = ['/accounts', `/accounts/${address}`, '/mosaics', '/mosaics/0123456789ABCDEF', '/namespaces', '/lock/hash', '/lock/secret', '/metadata', '/restrictions/account', '/restrictions/mosaic', `/account/${address}/multisig`, `/account/${address}/multisig/graph`];
    for (const url of gets) {
      const reply = await server.get(url);
      expect({ url, status: reply.status, body: reply.body }).toEqual({ url, status: 503, body: { code: 'ServiceUnavailable', message: 'the database is unreachable' } });
    }
    const posts: [string, unknown][] = [['/namespaces/names', { namespaceIds: ['8123456789ABCDEF'] }], ['/namespaces/account/names', { addresses: [address] }], ['/accounts', { publicKeys: ['AB'.repeat(32)] }]];
    for (const [path, body] of posts) expect((await server.request('POST', path, { body: JSON.stringify(body), headers: JSON_HEADERS })).status).toBe(503);
  });
});
