/**
 * The PostgreSQL store's receipts and proofs: a writer follows an in-memory chain into a
 * throwaway PostgreSQL, and a gateway over the database (B) answers as the chain's own gateway
 * (A) does: statement pages under every filter, order, offset and page depth; block merkle
 * paths of transactions and statements; both fee quotes as blocks change them; the nine state
 * proof routes for entries that exist and ones that do not, also after a state change that
 * comes with no event; after a writer starts late, restarts, or finds a database whose blocks
 * have no statements yet. A database B cannot reach answers 503.
 */
import { createHash } from 'node:crypto';
import { Hash256, PublicKey } from 'symbol-sdk';
import { Address, generateMosaicId, generateNamespaceId, metadataGenerateKey, models } from 'symbol-sdk/symbol';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type ChainAccount } from '../../src/memory/chain/identity.js';
import { type InMemoryChain } from '../../src/in-memory-chain.js';
import type { InMemoryChainOptions } from '../../src/memory/options.js';
import { createPostgresBackend } from '../../src/postgres/backend.js';
import { merkleStateInfo } from '../../src/routes/state-proofs.js';
import { PostgresWriter } from '../../src/postgres/writer.js';
import { confirm, hashLockFor, hex as idHex, signedBy } from '../support/announce.js';
import { activity } from '../support/chain-activity.js';
import { expectSameAnswers, usePostgresStore } from '../support/postgres.js';
import { startGateway, testChain, type TestServer } from '../support/server.js';
import { aggregate, transfer } from '../support/signing.js';

const { postgres, cleanups, writerOn: startWriter, gateways } = usePostgresStore();

type Server = TestServer & { chain: InMemoryChain };

/**
 * A test chain on which `activity` registers its namespace (its duration of 100 blocks is below
 * the testnet's minimum) and links its address alias, so transfers to the alias are resolved.
 */
function chainFor(options: InMemoryChainOptions = {}): InMemoryChain {
  const chain = testChain({ finalizationInterval: 5, ...options, rules: { minNamespaceDuration: 5n, ...options.rules } });
  cleanups.push(async () => chain.close());
  return chain;
}

/** Every entry of a collection on `server`, ascending. */
async function everything(server: TestServer, path: string): Promise<any[]> {
  const all: any[] = [];
  for (let page = 1; ; page++) {
    const { data } = (await server.get(`${path}${path.includes('?') ? '&' : '?'}pageSize=100&order=asc&pageNumber=${page}`)).body;
    all.push(...data);
    if (data.length < 100) return all;
  }
}

/** The address a namespace alias stands for, as a transaction names it. */
const aliasAddress = (chain: InMemoryChain, name: string) => Address.fromNamespaceId(new models.NamespaceId(generateNamespaceId(name)), chain.facade.network.identifier);

/** Activity of every kind, transfers to an address alias (address resolutions), and enough empty blocks for deep pages. */
async function busyChain(chain: InMemoryChain, writer: PostgresWriter): Promise<void> {
  const [x, y] = chain.fundedAccounts;
  activity(chain, 'one');
  chain.announcer.announce(transfer(chain, y, x, { amount: 7n }).payload);
  chain.harvest();
  // 'one' is an alias of x now: a transfer to it is resolved.
  chain.announcer.announce(signedBy(chain, y, { type: 'transfer_transaction_v1', recipientAddress: aliasAddress(chain, 'one'), mosaics: [], message: new Uint8Array() }).payload);
  chain.harvest();
  activity(chain, 'two');
  // Blocks with a fee each (a harvest fee statement), and empty ones.
  for (let i = 0; i < 120; i++) {
    if (i % 4 !== 3) chain.announcer.announce(transfer(chain, x, y, { amount: BigInt(i + 1) }).payload);
    chain.harvest();
  }
  await writer.flushed();
}

describe('PostgreSQL store: statements', () => {
  it('answers every statement page as the chain does: each filter, combinations, orders, offsets, deep pages', async () => {
    const chain = chainFor();
    const writer = await startWriter(chain);
    const { a, b } = await gateways(chain);
    await busyChain(chain, writer);

    const statements = await everything(a, '/statements/transaction');
    const addresses = await everything(a, '/statements/resolutions/address');
    const mosaics = await everything(a, '/statements/resolutions/mosaic');
    // What the filters below reach: deep pages, resolutions of both kinds, receipts of every kind.
    expect(statements.length).toBeGreaterThan(150);
    expect(addresses.length).toBeGreaterThan(0);
    expect(mosaics.length).toBeGreaterThan(0);
    // Each receipt field's values, those of the most statements first.
    const values = (field: string): string[] => {
      const counts = new Map<string, number>();
      for (const info of statements) {
        for (const value of new Set<unknown>(info.statement.receipts.map((receipt: any) => receipt[field]))) if (value !== undefined) counts.set(String(value), (counts.get(String(value)) ?? 0) + 1);
      }
      return [...counts].sort((x, y) => y[1] - x[1]).map(([value]) => value);
    };
    const types = values('type');
    expect(types.length).toBeGreaterThanOrEqual(4);
    // Receipts show addresses as hex, the filters take them in base32.
    const base32 = (hex: string) => new Address(Buffer.from(hex, 'hex')).toString();
    const senders = values('senderAddress').map(base32);
    const recipients = values('recipientAddress').map(base32);
    const targets = values('targetAddress').map(base32);
    const artifacts = [...values('mosaicId'), ...values('artifactId')];
    expect([senders.length, recipients.length, targets.length, values('artifactId').length].every((count) => count > 0)).toBe(true);
    const idAt = (i: number) => statements[i].id;
    const height = (i: number) => statements[i].statement.height;
    const absent = chain.symbolNetwork.publicKeyToAddress(new PublicKey('AB'.repeat(32))).toString();
    const [target, target2] = targets;

    const pages = (path: string) => [
      path,
      `${path}${path.includes('?') ? '&' : '?'}order=asc`,
      `${path}${path.includes('?') ? '&' : '?'}pageSize=10&pageNumber=2`,
      `${path}${path.includes('?') ? '&' : '?'}pageSize=10&pageNumber=3&order=asc`,
    ];
    const urls = [
      // The whole list: orders, sizes, deep and past-the-end pages, offsets that name statements and ones that do not.
      ...pages('/statements/transaction'),
      '/statements/transaction?pageSize=100&pageNumber=2',
      '/statements/transaction?pageSize=10&pageNumber=17&order=asc',
      '/statements/transaction?pageSize=10&pageNumber=16',
      '/statements/transaction?pageNumber=1000',
      `/statements/transaction?offset=${idAt(40)}&order=asc`,
      `/statements/transaction?offset=${idAt(40)}&order=desc&pageNumber=2`,
      `/statements/transaction?offset=${idAt(40).toLowerCase()}&order=asc`,
      `/statements/transaction?offset=${'0'.repeat(24)}&order=asc`,
      `/statements/transaction?offset=${'F'.repeat(24)}&order=desc&pageSize=20`,
      // Heights: exact, ranges, open ends, empty and reversed ranges, past every block and past bigint.
      `/statements/transaction?height=${height(30)}`,
      '/statements/transaction?height=1',
      `/statements/transaction?fromHeight=${height(20)}&toHeight=${height(90)}&pageSize=10&pageNumber=2&order=asc`,
      `/statements/transaction?fromHeight=${height(100)}`,
      `/statements/transaction?toHeight=${height(60)}&order=asc&pageNumber=2`,
      `/statements/transaction?fromHeight=${height(60)}&toHeight=${height(20)}`,
      `/statements/transaction?fromHeight=${height(10)}&toHeight=${height(80)}&offset=${idAt(50)}&order=desc`,
      `/statements/transaction?height=${Number(chain.height) + 5}`,
      '/statements/transaction?height=18446744073709551615',
      '/statements/transaction?fromHeight=18446744073709551615',
      '/statements/transaction?toHeight=18446744073709551615&pageSize=10&pageNumber=3',
      // One filter value: each receipt type, role and artifact.
      ...types.flatMap((type) => pages(`/statements/transaction?receiptType=${type}`)),
      `/statements/transaction?receiptType=${types[0]}&offset=${idAt(60)}&order=asc`,
      `/statements/transaction?receiptType=${types[0]}&fromHeight=${height(30)}&toHeight=${height(120)}&pageNumber=2`,
      '/statements/transaction?receiptType=1',
      ...senders.slice(0, 3).flatMap((address) => pages(`/statements/transaction?senderAddress=${address}`)),
      ...recipients.slice(0, 3).flatMap((address) => pages(`/statements/transaction?recipientAddress=${address}`)),
      ...targets.slice(0, 4).flatMap((address) => pages(`/statements/transaction?targetAddress=${address}`)),
      `/statements/transaction?targetAddress=${target}&height=${height(50)}`,
      `/statements/transaction?targetAddress=${absent}`,
      ...artifacts.slice(0, 4).flatMap((artifact) => pages(`/statements/transaction?artifactId=${artifact}`)),
      '/statements/transaction?artifactId=0000000000000001',
      // Several: types together (duplicates too), an address with types, two addresses, everything at once.
      ...pages(`/statements/transaction?receiptType=${types[0]}&receiptType=${types[1]}`),
      ...pages(`/statements/transaction?${types.map((type) => `receiptType=${type}`).join('&')}`),
      `/statements/transaction?receiptType=${types[0]}&receiptType=${types[0]}`,
      `/statements/transaction?receiptType=${types[0]}&receiptType=${types[1]}&offset=${idAt(70)}&order=asc&pageNumber=2`,
      `/statements/transaction?receiptType=${types[1]}&receiptType=${types[2]}&fromHeight=${height(10)}&toHeight=${height(100)}`,
      `/statements/transaction?receiptType=${types[0]}&receiptType=1`,
      ...types.flatMap((type) => pages(`/statements/transaction?targetAddress=${target}&receiptType=${type}`)),
      `/statements/transaction?targetAddress=${target}&receiptType=${types[0]}&receiptType=${types[2]}&offset=${idAt(30)}&order=desc`,
      `/statements/transaction?targetAddress=${target}&senderAddress=${senders[0]}`,
      `/statements/transaction?targetAddress=${target2 ?? target}&artifactId=${artifacts[0]}&order=asc`,
      `/statements/transaction?senderAddress=${senders[0]}&recipientAddress=${recipients[0]}&pageSize=10&pageNumber=2`,
      `/statements/transaction?senderAddress=${senders[0]}&artifactId=${artifacts[0]}&receiptType=${types[1]}`,
      `/statements/transaction?targetAddress=${absent}&receiptType=${types[0]}`,
      `/statements/transaction?targetAddress=${target}&artifactId=${artifacts[0]}&receiptType=${types[0]}&fromHeight=${height(5)}&toHeight=${height(140)}&offset=${idAt(25)}&order=asc`,
      // Resolutions: pages, heights, offsets.
      ...['address', 'mosaic'].flatMap((kind) => [
        ...pages(`/statements/resolutions/${kind}`),
        `/statements/resolutions/${kind}?pageNumber=50`,
        `/statements/resolutions/${kind}?height=${(kind === 'address' ? addresses : mosaics)[0].statement.height}`,
        `/statements/resolutions/${kind}?height=1`,
        `/statements/resolutions/${kind}?height=18446744073709551615`,
        `/statements/resolutions/${kind}?offset=${(kind === 'address' ? addresses : mosaics)[0].id}&order=asc`,
        `/statements/resolutions/${kind}?offset=${(kind === 'address' ? addresses : mosaics).at(-1).id}&order=desc`,
      ]),
    ];
    await expectSameAnswers(a, b, urls);
  });
});

describe('PostgreSQL store: block merkle paths and fees', () => {
  it('answers the merkle path of every transaction and statement of the busy blocks, 404 for unknown ones', async () => {
    const chain = chainFor();
    const writer = await startWriter(chain);
    const { a, b } = await gateways(chain);
    await busyChain(chain, writer);

    const transactions = (await everything(a, '/transactions/confirmed')).map((entry) => entry.meta);
    expect(transactions.length).toBeGreaterThan(10);
    const following = chain.following();
    const statementHashes = (height: number) => following.merkleLeaves(height)!.statements.toString('hex').toUpperCase().match(/.{64}/g) ?? [];
    const heights = [...new Set(transactions.map((meta) => Number(meta.height)))];
    const urls = [
      ...transactions.map((meta) => `/blocks/${meta.height}/transactions/${meta.merkleComponentHash}/merkle`),
      ...heights.flatMap((height) => statementHashes(height).map((hash) => `/blocks/${height}/statements/${hash}/merkle`)),
      ...[1, 30, Number(chain.height)].flatMap((height) => statementHashes(height).map((hash) => `/blocks/${height}/statements/${hash}/merkle`)),
      // A leaf of another block, a hash that is no leaf, blocks that do not exist.
      `/blocks/${heights[0] + 1}/transactions/${transactions[0].merkleComponentHash}/merkle`,
      `/blocks/${heights[0]}/statements/${'AB'.repeat(32)}/merkle`,
      `/blocks/${Number(chain.height) + 1}/transactions/${transactions[0].merkleComponentHash}/merkle`,
      `/blocks/0/statements/${'AB'.repeat(32)}/merkle`,
      `/blocks/18446744073709551615/transactions/${transactions[0].merkleComponentHash}/merkle`,
    ];
    expect(urls.length).toBeGreaterThan(transactions.length + 20);
    await expectSameAnswers(a, b, urls);
  });

  it('answers both fee quotes as the chain does as blocks change them', async () => {
    // A short window of blocks for the rental fees' multiplier, so a few blocks move it.
    const chain = chainFor({ rules: { maxDifficultyBlocks: 5 } });
    const writer = await startWriter(chain);
    const { a, b } = await gateways(chain);
    const urls = ['/network/fees/transaction', '/network/fees/rental'];
    await expectSameAnswers(a, b, urls);
    const [x, y] = chain.fundedAccounts;
    const quotes: unknown[] = [];
    // Blocks whose transactions allow other fees per byte (a block takes the lowest its transactions allow) move both quotes.
    for (const [round, feeMultiplier] of [10, 30, 20, 60].entries()) {
      for (let i = 0; i < 3; i++) {
        chain.announcer.announce(signedBy(chain, x, { type: 'transfer_transaction_v1', recipientAddress: new Address(y.address), mosaics: [], message: new Uint8Array([0, round, i]) }, { feeMultiplier }).payload);
        chain.harvest();
      }
      chain.harvest();
      await writer.flushed();
      await expectSameAnswers(a, b, urls);
      quotes.push((await b.get(urls[0])).body, (await b.get(urls[1])).body);
    }
    // The quotes did change along the way, so B followed them.
    expect(new Set(quotes.map((quote) => JSON.stringify(quote))).size).toBeGreaterThan(4);
  });
});

/** Two hashes (made by `hashOf`) whose tree keys begin with the same three nibbles: hash locks for both put a branch with a path in the tree. */
function twins(hashOf: (label: string) => string): [string, string] {
  const seen = new Map<string, string>();
  for (let i = 0; ; i++) {
    const hash = hashOf(`twin ${i}`);
    const prefix = treeKey(hash).slice(0, 3);
    const other = seen.get(prefix);
    if (other) return [other, hash];
    seen.set(prefix, hash);
  }
}

/** The tree key of a 32-byte cache key (64 hex): its SHA3-256, 64 hex. */
const treeKey = (hex: string) => createHash('sha3-256').update(Buffer.from(hex, 'hex')).digest('hex').toUpperCase();

/**
 * A hash no lock has whose lookup in the chain's hash lock tree leaves a branch's path and
 * goes on through the link at the nibble where it left (where a lookup that checked the whole
 * path would stop: the link after the path is missing).
 */
function leavingBranchPath(chain: InMemoryChain, hashOf: (label: string) => string): string {
  for (let i = 0; i < 100_000; i++) {
    const hash = hashOf(`absent lock ${i}`);
    const key = treeKey(hash);
    const { tree } = merkleStateInfo(chain.stateProofs.statePath('hashLockInfo', Buffer.from(hash, 'hex')) as Uint8Array);
    let at = 0;
    for (const [n, node] of tree.entries()) {
      if (node.type !== 0) break;
      const path = node.path.slice(0, node.nibbleCount);
      const left = [...path].some((nibble, j) => nibble !== key[at + j]);
      if (left && n < tree.length - 1 && !node.links.some(({ bit }) => bit === key[at + node.nibbleCount])) return hash;
      if (left) break;
      at += node.nibbleCount + 1;
    }
  }
  throw new Error('no hash leaves a branch path of the hash lock tree');
}

describe('PostgreSQL store: state proofs', () => {
  it('answers the nine state proof routes as the chain does, present and absent entries, empty trees, after a change without a block', async () => {
    const chain = chainFor();
    const writer = await startWriter(chain);
    const { a, b } = await gateways(chain);
    const [x, y, z, w] = chain.fundedAccounts;
    const missing = (label: string) => createHash('sha3-256').update(label).digest('hex').toUpperCase();
    const absentAddress = chain.symbolNetwork.publicKeyToAddress(new PublicKey(missing('absent'))).toString();

    // The nemesis state: empty trees (multisig, locks, restrictions, metadata) answer an empty path.
    const empty = [
      `/account/${x.address}/multisig/merkle`,
      `/lock/hash/${missing('lock')}/merkle`,
      `/lock/secret/${missing('secret')}/merkle`,
      `/metadata/${missing('metadata')}/merkle`,
      `/restrictions/account/${x.address}/merkle`,
      `/restrictions/mosaic/${missing('restriction')}/merkle`,
      `/accounts/${x.address}/merkle`,
      `/accounts/${absentAddress}/merkle`,
    ];
    await writer.flushed();
    expect((await a.get(empty[0])).body).toEqual({ raw: '', tree: [] });
    await expectSameAnswers(a, b, empty);

    // An entry in each of the nine trees (as test/behaviour/state-proofs.test.ts makes them).
    const X = new Address(x.address);
    const mosaicId = generateMosaicId(X, 7);
    const rootId = generateNamespaceId('proofs');
    const childId = generateNamespaceId('leaf', rootId);
    await confirm(
      a,
      signedBy(chain, x, { type: 'mosaic_definition_transaction_v1', id: mosaicId, nonce: 7, flags: 'transferable restrictable', divisibility: 0, duration: 0n }),
      signedBy(chain, x, { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: 100n, name: 'proofs', id: rootId }),
    );
    const embedded = (signer: ChainAccount, descriptor: Record<string, unknown>) =>
      chain.facade.transactionFactory.createEmbedded({ ...descriptor, signerPublicKey: signer.keyPair.publicKey } as never);
    await confirm(
      a,
      signedBy(chain, x, { type: 'namespace_registration_transaction_v1', registrationType: 'child', parentId: rootId, name: 'leaf', id: childId }),
      signedBy(chain, x, { type: 'mosaic_global_restriction_transaction_v1', mosaicId, referenceMosaicId: 0n, restrictionKey: 42n, previousRestrictionValue: 0n, previousRestrictionType: 'none', newRestrictionValue: 1n, newRestrictionType: 'eq' }),
      signedBy(chain, y, { type: 'account_address_restriction_transaction_v1', restrictionFlags: 0x0001, restrictionAdditions: [x.address], restrictionDeletions: [] }),
      hashLockFor(chain, z, 'CD'.repeat(32)),
      ...twins(missing).map((hash) => hashLockFor(chain, y, hash)),
      signedBy(chain, x, {
        type: 'secret_lock_transaction_v1',
        recipientAddress: y.address,
        secret: new Hash256(missing('proof of a secret')),
        mosaic: { mosaicId: BigInt(`0x${chain.currency.mosaicId}`), amount: 1_000_000n },
        duration: 50n,
        hashAlgorithm: 'sha3_256',
      }),
      aggregate(chain, 'complete', x, [
        embedded(x, { type: 'account_metadata_transaction_v1', targetAddress: X, scopedMetadataKey: metadataGenerateKey('proof'), valueSizeDelta: 5, value: new Uint8Array(Buffer.from('proof')) }),
      ]),
      aggregate(chain, 'complete', w, [embedded(w, { type: 'multisig_account_modification_transaction_v1', minApprovalDelta: 1, minRemovalDelta: 1, addressAdditions: [new Address(z.address)], addressDeletions: [] })], { cosigners: [z] }),
    );
    activity(chain, 'state');
    await writer.flushed();

    const [secretLock] = (await a.get('/lock/secret')).body.data;
    const [metadata] = (await a.get('/metadata')).body.data;
    const [mosaicRestriction] = (await a.get('/restrictions/mosaic')).body.data;
    const present = [
      ...chain.fundedAccounts.slice(0, 4).flatMap((account) => [`/accounts/${account.address}/merkle`, `/accounts/${account.publicKey}/merkle`]),
      `/accounts/${chain.harvesters[0].address}/merkle`,
      `/namespaces/${idHex(rootId)}/merkle`,
      `/namespaces/${idHex(generateNamespaceId('state'))}/merkle`,
      `/mosaics/${idHex(mosaicId)}/merkle`,
      `/mosaics/${chain.currency.mosaicId}/merkle`,
      `/account/${w.address}/multisig/merkle`,
      `/account/${z.address}/multisig/merkle`,
      `/lock/hash/${'CD'.repeat(32)}/merkle`,
      `/lock/secret/${secretLock.lock.compositeHash}/merkle`,
      `/metadata/${metadata.metadataEntry.compositeHash}/merkle`,
      `/restrictions/account/${y.address}/merkle`,
      `/restrictions/mosaic/${mosaicRestriction.mosaicRestrictionEntry.compositeHash}/merkle`,
    ];
    // Proofs of absence: keys each tree does not hold (a namespace child is no key of the tree).
    const absent = [
      `/accounts/${absentAddress}/merkle`,
      `/namespaces/${idHex(childId)}/merkle`,
      `/namespaces/${idHex(generateNamespaceId('nowhere'))}/merkle`,
      `/mosaics/${idHex(generateMosaicId(X, 99))}/merkle`,
      `/account/${x.address}/multisig/merkle`,
      `/lock/hash/${missing('lock')}/merkle`,
      `/lock/secret/${missing('secret')}/merkle`,
      `/metadata/${missing('metadata')}/merkle`,
      `/restrictions/account/${x.address}/merkle`,
      `/restrictions/mosaic/${missing('restriction')}/merkle`,
    ];
    // A lock the walk reaches through a branch whose path the key leaves: catapult's lookup takes the link at the nibble where it left.
    absent.push(`/lock/hash/${leavingBranchPath(chain, missing)}/merkle`);
    for (const url of present) expect((await a.get(url)).body.tree.at(-1)?.type, url).toBe(255);
    await expectSameAnswers(a, b, [...present, ...absent]);

    // A balance set by a development control changes the account tree with no event and no block.
    const before = (await b.get(`/accounts/${x.address}/merkle`)).body;
    chain.dev.setBalance(x.addressHex, chain.currency.mosaicId, 123n);
    await writer.flushed();
    expect((await b.get(`/accounts/${x.address}/merkle`)).body).not.toEqual(before);
    await expectSameAnswers(a, b, [...present, ...absent]);
  });
});

describe('PostgreSQL store: a writer that starts late or again', () => {
  it('writes what the chain has when it starts, goes on after a restart, and fills a database whose blocks have no statements yet', async () => {
    const chain = chainFor();
    activity(chain, 'before');
    const { a, b } = await gateways(chain);
    const urls = async () => {
      const statements = await everything(a, '/statements/transaction');
      const transaction = (await a.get('/transactions/confirmed?order=desc')).body.data[0].meta;
      const x = chain.fundedAccounts[0];
      return [
        '/statements/transaction?pageSize=100',
        '/statements/transaction?pageSize=10&pageNumber=3&order=asc',
        `/statements/transaction?receiptType=${statements[0].statement.receipts[0].type}`,
        `/statements/transaction?targetAddress=${new Address(Buffer.from(statements[0].statement.receipts[0].targetAddress, 'hex')).toString()}&order=asc`,
        '/statements/resolutions/mosaic?pageSize=100',
        '/statements/resolutions/address?pageSize=100',
        `/blocks/${transaction.height}/transactions/${transaction.merkleComponentHash}/merkle`,
        '/network/fees/transaction',
        '/network/fees/rental',
        `/accounts/${x.address}/merkle`,
        `/namespaces/${idHex(generateNamespaceId('before'))}/merkle`,
        `/lock/secret/${(await a.get('/lock/secret')).body.data[0].lock.compositeHash}/merkle`,
      ];
    };

    // A writer that starts on a chain that already ran.
    let writer = await startWriter(chain);
    await expectSameAnswers(a, b, await urls());
    // It stops; the chain goes on; another writer catches up.
    await writer.close();
    activity(chain, 'meanwhile');
    writer = await startWriter(chain);
    await writer.flushed();
    await expectSameAnswers(a, b, await urls());

    // A database whose blocks have nothing of this part (as one from before it): the next writer fills it in.
    await writer.close();
    const admin = new pg.Client({ connectionString: postgres().url });
    await admin.connect();
    await admin.query(`truncate statements, block_merkle_leaves, state_tree_nodes;
      delete from ranks where list like 'statements/%'; delete from list_counts where list like 'statements/%';
      delete from meta where key in ('transactionFees', 'rentalFees', 'stateTreeRoots')`);
    await admin.end();
    expect((await b.get('/statements/transaction')).body.pagination.totalEntries).toBe(0);
    activity(chain, 'after');
    writer = await startWriter(chain);
    await writer.flushed();
    await expectSameAnswers(a, b, await urls());
  });
});

describe('PostgreSQL store: receipts and proofs when the database is away', () => {
  it('answers 503 on every route of this part', async () => {
    const chain = testChain();
    cleanups.push(async () => chain.close());
    const server = await startGateway({ backend: createPostgresBackend({ url: 'postgres://postgres@127.0.0.1:1/none', connectTimeout: 1_000 }) });
    cleanups.push(() => server.close());
    const [x] = chain.fundedAccounts;
    for (const url of [
      '/statements/transaction',
      '/statements/transaction?receiptType=8515&receiptType=8516',
      `/statements/transaction?targetAddress=${x.address}&receiptType=8515`,
      '/statements/resolutions/address',
      `/blocks/1/transactions/${'AB'.repeat(32)}/merkle`,
      `/blocks/1/statements/${'AB'.repeat(32)}/merkle`,
      '/network/fees/transaction',
      '/network/fees/rental',
      `/accounts/${x.address}/merkle`,
      `/lock/hash/${'CD'.repeat(32)}/merkle`,
    ]) {
      const { status, body } = await server.get(url);
      expect({ url, status, body }).toEqual({ url, status: 503, body: { code: 'ServiceUnavailable', message: 'the database is unreachable' } });
    }
  });
});
