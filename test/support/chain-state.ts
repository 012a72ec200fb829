/**
 * State of every kind built by real transactions on an in-memory chain, and the comparison of
 * every state route between two gateways: for the tests of the stores that copy a chain's state
 * (the PostgreSQL writer's, a mirror's).
 */
import { createHash } from 'node:crypto';
import { Hash256 } from 'symbol-sdk';
import { Address, generateMosaicId, generateNamespaceId, metadataGenerateKey, models, mosaicRestrictionGenerateKey } from 'symbol-sdk/symbol';
import { expect } from 'vitest';
import type { ChainAccount } from '../../src/memory/chain/identity.js';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { hex, signedBy, unfundedAccount } from './announce.js';
import { activity } from './chain-activity.js';
import { expectSameAnswers } from './postgres.js';
import { testChain, type TestServer } from './server.js';
import { aggregate, transfer, type Signed } from './signing.js';

const JSON_HEADERS = { 'content-type': 'application/json' };
const KYC = mosaicRestrictionGenerateKey('kyc');
const NAME = metadataGenerateKey('name');
const ADDRESS_BLOCK = 0x8001;
const OPERATION_OUTGOING_BLOCK = 0xc004;
const UNSET = 0xffff_ffff_ffff_ffffn;

/** A chain whose namespaces can be short-lived: a 2-block grace period; finalized every 5 blocks (what prunes). Closed by the caller. */
export function stateChain(): InMemoryChain {
  return testChain({ finalizationInterval: 5, rules: { minNamespaceDuration: 1n, namespaceGracePeriod: 2n } });
}

/** Told after each block `populate`, `change` and `populateMore` harvest one by one (a mirror's test compares there). */
export type AfterBlock = () => Promise<void>;

/** Announces, harvests one block and checks every transaction was confirmed in it; then `afterBlock`. */
async function confirmAll(chain: InMemoryChain, afterBlock: AfterBlock | undefined, ...transactions: Signed[]): Promise<void> {
  for (const transaction of transactions) chain.announcer.announce(transaction.payload);
  chain.processAnnounced();
  const height = chain.harvest().block.height;
  const statuses = await chain.transactionStatus.find(transactions.map((transaction) => transaction.hash));
  expect(statuses.map((status) => `${status.group} ${status.code} ${status.height}`)).toEqual(transactions.map(() => `confirmed Success ${height}`));
  await afterBlock?.();
}

/** The actors of `populate` beyond the four `activity` uses. */
export function actors(chain: InMemoryChain) {
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
export async function populate(chain: InMemoryChain, afterBlock?: AfterBlock): Promise<void> {
  activity(chain, 'alpha');
  const { e, f, g, h, i, j, mosaicIds, estate, wing, room, brief } = actors(chain);
  const by = (signer: ChainAccount, descriptor: Record<string, unknown>) => signedBy(chain, signer, descriptor);
  await confirmAll(
    chain,
    afterBlock,
    ...mosaicIds.map((_, n) => by(e, { type: 'mosaic_definition_transaction_v1', nonce: 100 + n, flags: 'supply_mutable transferable restrictable', divisibility: n % 3, duration: 0n })),
    by(e, { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: 200n, name: 'estate' }),
    ...Array.from({ length: 11 }, (_, n) => by(e, { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: BigInt(50 + n), name: `deep-${n}` })),
    by(f, { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: 3n, name: 'brief' }),
  );
  await confirmAll(
    chain,
    afterBlock,
    by(e, { type: 'namespace_registration_transaction_v1', registrationType: 'child', parentId: estate, name: 'wing' }),
    by(e, { type: 'mosaic_alias_transaction_v1', namespaceId: estate, mosaicId: mosaicIds[0], aliasAction: 'link' }),
    by(f, { type: 'address_alias_transaction_v1', namespaceId: brief, address: f.address, aliasAction: 'link' }),
    ...mosaicIds.slice(0, 3).map((mosaicId, n) => by(e, { type: 'mosaic_supply_change_transaction_v1', mosaicId, delta: BigInt(1_000 * (n + 1)), action: 'increase' })),
  );
  await confirmAll(
    chain,
    afterBlock,
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
  await confirmAll(chain, afterBlock, addressValue(f, 1n), addressValue(g, 2n), cosignatories(chain, g, { add: [h, i], delta: 1 }, g, [h, i]));
  await confirmAll(chain, afterBlock, cosignatories(chain, j, { add: [g], delta: 1 }, j, [h]));
  // One block more: the short-lived namespace has ended (inactive) and is not yet pruned (the next finalization does).
  await confirmAll(chain, afterBlock, transfer(chain, e, f, { mosaicId: mosaicIds[2], amount: 3n }));
}

/**
 * Changes after the first write: a second round of activity (its bonded aggregate uses the
 * first round's hash lock), the first round's secret lock and the short-lived namespace expire
 * and are pruned once finalized, a root with children is renewed, metadata, an account's
 * restrictions, a global and an address mosaic restriction and a cosignatory are removed,
 * balances move.
 */
export async function change(chain: InMemoryChain, afterBlock?: AfterBlock): Promise<void> {
  const { e, f, g, h, i, mosaicIds, estate } = actors(chain);
  const by = (signer: ChainAccount, descriptor: Record<string, unknown>) => signedBy(chain, signer, descriptor);
  activity(chain, 'beta');
  await confirmAll(
    chain,
    afterBlock,
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
  for (let n = 0; n < 6; n++) {
    chain.harvest();
    await afterBlock?.();
  }
}

/** New accounts holding the third mosaic (they join the lists inside), holders' balances moved across the others, one holder leaving. */
export async function populateMore(chain: InMemoryChain, afterBlock?: AfterBlock): Promise<void> {
  const { e, f, g, h, mosaicIds } = actors(chain);
  const newcomers = Array.from({ length: 9 }, (_, n) => unfundedAccount(chain, `newcomer ${n}`));
  await confirmAll(chain, afterBlock, ...newcomers.map((to, n) => transfer(chain, e, to, { mosaicId: mosaicIds[2], amount: BigInt([3, 30, 15, 20, 1, 40, 12, 20, 7][n]) })));
  await confirmAll(
    chain,
    afterBlock,
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

export const COLLECTIONS: Collection[] = [
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
    // State proofs: of every entry, and of absence.
    urls.push(...all.map((entry) => `${collection.item(entry)}/merkle`), `${collection.unknown}/merkle`);
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
  for (const account of [...chain.fundedAccounts, chain.nemesisAccount]) urls.push(`/account/${account.address}/multisig`, `/account/${account.address}/multisig/graph`, `/account/${account.address}/multisig/merkle`);
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
export async function expectSameState(a: TestServer, b: TestServer, chain: InMemoryChain): Promise<{ compared: number; entries: Map<string, any[]> }> {
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

