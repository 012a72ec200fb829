/**
 * The official Symbol explorer (symbol/explorer 1.4.0 on symbol-sdk 2.0.6) against the gateway:
 * every request its pages send, as test/fixtures/explorer-1.4.0-requests.json records them from
 * its source, replayed over a chain holding an entry of every kind the explorer renders. Each
 * answers 200 with a body the Symbol OpenAPI documents, but for the 404s catapult-rest sends too
 * (the fixture lists them); the WebSocket channel the explorer listens on brings a harvested block.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Hash256, PublicKey } from 'symbol-sdk';
import { Address, generateMosaicId, generateNamespaceId, models } from 'symbol-sdk/symbol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainAccount } from '../../src/memory/chain/identity.js';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { hex, signedBy, unfundedAccount } from '../support/announce.js';
import { actors, populate, stateChain } from '../support/chain-state.js';
import { startGateway, type TestServer } from '../support/server.js';
import { transfer, type Signed } from '../support/signing.js';
import { Client, openSockets } from '../support/ws-client.js';

/** A row of the fixture (its fields: test/fixtures/explorer-1.4.0-requests.md). */
interface Row {
  page: string;
  view?: string;
  trigger?: string;
  method: 'GET' | 'POST' | 'SUBSCRIBE';
  path: string;
  query: string;
  body?: unknown;
  bodyNote?: string;
  when?: string;
  notFound?: { when: string; reason: string };
  nodeWatch?: true;
  source: string;
}

/** What fills a page's placeholders: one value, or a list for a body array's one placeholder. */
type Values = Record<string, string | string[]>;

const ROWS: Row[] = JSON.parse(readFileSync(new URL('../fixtures/explorer-1.4.0-requests.json', import.meta.url), 'utf8'));
const PAGES = ['startup', 'home', 'block frame', 'blocks', 'block', 'transactions', 'transaction', 'accounts', 'account', 'mosaics', 'mosaic', 'namespaces', 'namespace', 'statistics', 'nodes', 'node'];
const JSON_HEADERS = { 'content-type': 'application/json' };

const requestsOf = (page: string, view?: string): Row[] => ROWS.filter((row) => row.page === page && row.method !== 'SUBSCRIBE' && (view === undefined || row.view === view));
const viewsOf = (page: string): (string | undefined)[] => [...new Set(requestsOf(page).map((row) => row.view))];
const label = (row: Row): string => `${row.method} ${row.path}${row.query ? `?${row.query}` : ''}${row.body ? ` ${JSON.stringify(row.body)}` : ''}${row.when ? ' (when the data calls for it)' : ''}`;

function fill(template: string, values: Values): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (typeof value !== 'string') throw new Error(`no value for {${name}} in ${template}`);
    return value;
  });
}

/** A body with its placeholders filled: an array's lone `{name}` becomes the whole list `name` holds. */
function fillBody(body: unknown, values: Values): unknown {
  if (typeof body === 'string') return fill(body, values);
  if (Array.isArray(body)) {
    return body.flatMap((item) => {
      const name = typeof item === 'string' ? /^\{(\w+)\}$/.exec(item)?.[1] : undefined;
      const list = name === undefined ? undefined : values[name];
      return Array.isArray(list) ? list : [fillBody(item, values)];
    });
  }
  if (body !== null && typeof body === 'object') return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, fillBody(value, values)]));
  return body;
}

let server: TestServer & { chain: InMemoryChain };
/** Values by page (by `page/view` for a transaction, `account/<who>` for an account). */
const values = new Map<string, Values>();

/** Sends `row` as the explorer does and expects 200, or 404 for a path in `absent` (an entry the chain does not hold). */
async function replay(row: Row, filled: Values | undefined, absent: readonly string[] = []): Promise<void> {
  if (!filled) throw new Error(`no values for page ${row.page}`);
  const url = `${fill(row.path, filled)}${row.query ? `?${fill(row.query, filled)}` : ''}`;
  const body = row.body === undefined ? undefined : JSON.stringify(fillBody(row.body, filled));
  const reply = await server.request(row.method, url, { body, headers: body === undefined ? undefined : JSON_HEADERS, spec: row.nodeWatch !== true });
  const expected = absent.includes(row.path) ? 404 : 200;
  if (expected === 404) expect(row.notFound?.reason, `${row.path} is not listed as a 404 catapult-rest sends`).toBeTruthy();
  expect(reply.status, `${row.method} ${url}${body ? ` ${body}` : ''} answered ${reply.status} ${reply.text}`).toBe(expected);
}

// region the chain

/** The transactions of the last blocks, beyond what `populate` made: every kind it has not. */
interface Extras {
  [kind: string]: Signed;
}

/** Announces, harvests one block and expects every transaction confirmed in it. */
async function harvestAll(chain: InMemoryChain, ...transactions: Signed[]): Promise<void> {
  for (const transaction of transactions) chain.announcer.announce(transaction.payload);
  chain.processAnnounced();
  const { height } = chain.harvest().block;
  const statuses = await chain.transactionStatus.find(transactions.map((transaction) => transaction.hash));
  expect(statuses.map((status) => `${status.group} ${status.code} ${status.height}`)).toEqual(transactions.map(() => `confirmed Success ${height}`));
}

/**
 * `populate`'s state of every kind (test/support/chain-state.ts), then key links of each kind,
 * an account mosaic restriction, a revokable mosaic with a duration and a namespace alias, its
 * supply changed and revoked, a secret proof, transfers of the currency, of another mosaic and to
 * an address alias of a mosaic alias; one transfer left unconfirmed and one that failed.
 */
async function busyChain(): Promise<{ chain: InMemoryChain; extras: Extras; token: bigint }> {
  const chain = stateChain();
  await populate(chain);
  const [a, b, c, d] = chain.fundedAccounts;
  const { e, f, mosaicIds } = actors(chain);
  const by = (signer: ChainAccount, descriptor: Record<string, unknown>) => signedBy(chain, signer, descriptor);
  const key = (name: string) => unfundedAccount(chain, `explorer/${name}`).publicKey;
  const token = generateMosaicId(new Address(c.address), 77);
  const [gift, coin] = [generateNamespaceId('gift'), generateNamespaceId('coin')];
  const extras: Extras = {
    accountKeyLink: by(a, { type: 'account_key_link_transaction_v1', linkedPublicKey: key('remote'), linkAction: 'link' }),
    nodeKeyLink: by(a, { type: 'node_key_link_transaction_v1', linkedPublicKey: key('node'), linkAction: 'link' }),
    vrfKeyLink: by(a, { type: 'vrf_key_link_transaction_v1', linkedPublicKey: key('vrf'), linkAction: 'link' }),
    votingKeyLink: by(a, { type: 'voting_key_link_transaction_v1', linkedPublicKey: key('voting'), startEpoch: 1, endEpoch: 360, linkAction: 'link' }),
    accountMosaicRestriction: by(b, { type: 'account_mosaic_restriction_transaction_v1', restrictionFlags: 'mosaic_id block', restrictionAdditions: [mosaicIds[5]], restrictionDeletions: [] }),
    token: by(c, { type: 'mosaic_definition_transaction_v1', nonce: 77, flags: 'supply_mutable transferable revokable', divisibility: 2, duration: 1_000n }),
    // f may not send secret proofs (populate's operation restriction): d claims f's lock for it.
    secretProof: by(d, { type: 'secret_proof_transaction_v1', recipientAddress: f.address, secret: new Hash256(createHash('sha3-256').update('estate/secret').digest()), hashAlgorithm: 'sha3_256', proof: Buffer.from('estate/secret') }),
    gift: by(e, { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: 500n, name: 'gift' }),
    coin: by(c, { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: 500n, name: 'coin' }),
    currencyTransfer: transfer(chain, a, b, { amount: 3_000_000n }),
  };
  await harvestAll(chain, ...Object.values(extras));
  extras.giftAlias = by(e, { type: 'mosaic_alias_transaction_v1', namespaceId: gift, mosaicId: mosaicIds[2], aliasAction: 'link' });
  extras.coinAlias = by(c, { type: 'mosaic_alias_transaction_v1', namespaceId: coin, mosaicId: token, aliasAction: 'link' });
  extras.supply = by(c, { type: 'mosaic_supply_change_transaction_v1', mosaicId: token, delta: 5_000n, action: 'increase' });
  await harvestAll(chain, extras.giftAlias, extras.coinAlias, extras.supply);
  // To `alpha`, the address alias `activity` gave a, of the mosaic `gift` names.
  const alpha = Address.fromNamespaceId(new models.NamespaceId(generateNamespaceId('alpha')), chain.facade.network.identifier);
  extras.aliasTransfer = by(e, { type: 'transfer_transaction_v1', recipientAddress: alpha, mosaics: [{ mosaicId: gift, amount: 2n }], message: new Uint8Array() });
  extras.tokenTransfer = by(c, { type: 'transfer_transaction_v1', recipientAddress: d.address, mosaics: [{ mosaicId: token, amount: 300n }], message: new Uint8Array() });
  await harvestAll(chain, extras.aliasTransfer, extras.tokenTransfer);
  extras.revocation = by(c, { type: 'mosaic_supply_revocation_transaction_v1', sourceAddress: d.address, mosaic: { mosaicId: token, amount: 100n } });
  await harvestAll(chain, extras.revocation);
  extras.pending = transfer(chain, a, b, { amount: 5n });
  extras.failing = transfer(chain, unfundedAccount(chain, 'explorer/broke'), a, { amount: 5n });
  chain.announcer.announce(extras.pending.payload);
  chain.announcer.announce(extras.failing.payload);
  chain.processAnnounced();
  return { chain, extras, token };
}

// endregion

// region the values of each page, read back from the gateway as the explorer would find them

const base32 = (addressHex: string): string => new Address(Buffer.from(addressHex, 'hex')).toString();
const body = async (path: string): Promise<any> => (await server.get(path)).body;
const signerOf = (publicKey: string): string => server.chain.facade.network.publicKeyToAddress(new PublicKey(publicKey)).toString();
const namespaceIdOf = ({ namespace }: any): string => namespace[`level${namespace.depth - 1}`];

async function chainValues(): Promise<Values> {
  const info = await body('/chain/info');
  const epoch = String(info.latestFinalizedBlock.finalizationEpoch - 1);
  const proof = await body(`/finalization/proof/epoch/${epoch}`);
  return { epoch, proofHeight: String(proof.height), currencyMosaicId: server.chain.currency.mosaicId };
}

async function blockListValues(): Promise<Values> {
  const { data } = await body('/blocks?pageSize=25&pageNumber=1&order=desc&orderBy=height');
  return {
    fromHeight: data.at(-1).block.height,
    toHeight: data[0].block.height,
    blockCount: String(data.length),
    listedBlockSigners: data.map((entry: any) => signerOf(entry.block.signerPublicKey)),
  };
}

/** The values of a transaction page: its hash, height and the mosaic and namespace it names. */
async function transactionValues(hash: string, group: string, resolvedMosaicId?: string): Promise<Values> {
  if (group === 'failed') return { hash };
  const { meta, transaction } = await body(`/transactions/${group}/${hash}`);
  const named = transaction.transactions?.[0]?.transaction ?? transaction;
  const mosaicId = resolvedMosaicId ?? named.targetMosaicId ?? named.mosaicId ?? named.mosaic?.id ?? named.mosaics?.[0]?.id ?? named.id;
  const namespaceId = named.targetNamespaceId ?? named.namespaceId ?? named.id;
  return { hash, height: meta.height, ...(mosaicId && { mosaicId }), ...(namespaceId && { namespaceId }) };
}

// endregion

describe('the official explorer 1.4.0 against the gateway (test/fixtures/explorer-1.4.0-requests.json)', () => {
  beforeAll(async () => {
    const { chain, extras, token } = await busyChain();
    server = await startGateway({ backend: chain });
    const { e, g, mosaicIds, estate, wing } = actors(chain);
    const chainNow = await chainValues();
    const blockList = await blockListValues();
    const aliasHeight = String((await chain.transactionStatus.find([extras.aliasTransfer.hash]))[0].height);
    const listedNamespaceIds = (await body('/namespaces?pageSize=25&pageNumber=1&order=desc')).data.map(namespaceIdOf);
    const listedMosaicIds = (await body('/mosaics?pageSize=25&pageNumber=1&order=desc')).data.map((entry: any) => entry.mosaic.id);
    const aliasBlock = await body(`/blocks/${aliasHeight}`);

    values.set('startup', chainNow);
    values.set('home', { ...chainNow, ...blockList, height: aliasHeight, listedNamespaceIds, listedMosaicIds });
    values.set('blocks', { ...chainNow, ...blockList });
    values.set('block', { ...chainNow, ...blockList, height: aliasHeight, harvesterAddress: signerOf(aliasBlock.block.signerPublicKey), mosaicId: hex(token) });
    values.set('transactions', { height: aliasHeight });
    const richest = await body(`/accounts?pageSize=25&pageNumber=1&order=desc&orderBy=balance&mosaicId=${chain.currency.mosaicId}`);
    values.set('accounts', { ...chainNow, listedAddresses: richest.data.map((entry: any) => base32(entry.account.address)) });
    for (const [who, account] of [['e', e], ['g', g]] as const) {
      const held = (await body(`/accounts/${account.address}`)).account.mosaics.map((mosaic: any) => mosaic.id);
      const owned = (await body(`/namespaces?ownerAddress=${account.address}&pageSize=10&pageNumber=1&order=desc`)).data.map(namespaceIdOf);
      values.set(`account/${who}`, { address: account.address, height: aliasHeight, heldMosaicIds: held, ownedNamespaceIds: owned, namespaceId: hex(wing) });
    }
    values.set('mosaics', { listedMosaicIds });
    const { mosaic } = await body(`/mosaics/${hex(token)}`);
    values.set('mosaic', {
      mosaicId: hex(token), namespaceId: hex(generateNamespaceId('coin')), ownerAddress: base32(mosaic.ownerAddress),
      startHeight: mosaic.startHeight, endHeight: String(BigInt(mosaic.startHeight) + BigInt(mosaic.duration)),
    });
    values.set('namespaces', { listedNamespaceIds });
    const { namespace } = await body(`/namespaces/${hex(wing)}`);
    values.set('namespace', {
      namespaceId: hex(wing), namespaceLevels: [hex(estate), hex(wing)], ownerAddress: base32(namespace.ownerAddress),
      startHeight: namespace.startHeight, endHeight: namespace.endHeight,
    });
    values.set('statistics', {});
    values.set('nodes', {});
    values.set('node', { publicKey: (await body('/node/info')).publicKey });

    // A transaction page of each kind the explorer renders: the ones the extras made, the others as populate left them.
    const latest = async (type: number) => (await body(`/transactions/confirmed?type=${type}&order=desc&pageSize=10`)).data[0].meta.hash;
    const aggregateOf = async (embeddedType: number) => (await body(`/transactions/confirmed?type=${embeddedType}&embedded=true&order=desc&pageSize=10`)).data[0].meta.aggregateHash;
    const kinds: Record<string, [hash: string, group: string, resolvedMosaicId?: string]> = {
      'transfer of the currency to an address': [extras.currencyTransfer.hash, 'confirmed'],
      'transfer of another mosaic': [extras.tokenTransfer.hash, 'confirmed'],
      'transfer to a namespace alias, of a mosaic named by an alias': [extras.aliasTransfer.hash, 'confirmed', hex(mosaicIds[2])],
      'namespace registration': [extras.gift.hash, 'confirmed'],
      'address alias': [await latest(models.TransactionType.ADDRESS_ALIAS.value), 'confirmed'],
      'mosaic alias': [extras.coinAlias.hash, 'confirmed'],
      'mosaic definition': [extras.token.hash, 'confirmed'],
      'mosaic supply change': [extras.supply.hash, 'confirmed'],
      'mosaic supply revocation': [extras.revocation.hash, 'confirmed'],
      'hash lock': [await latest(models.TransactionType.HASH_LOCK.value), 'confirmed'],
      'secret lock': [await latest(models.TransactionType.SECRET_LOCK.value), 'confirmed'],
      'secret proof': [extras.secretProof.hash, 'confirmed'],
      'account address restriction': [await latest(models.TransactionType.ACCOUNT_ADDRESS_RESTRICTION.value), 'confirmed'],
      'account mosaic restriction': [extras.accountMosaicRestriction.hash, 'confirmed'],
      'account operation restriction': [await latest(models.TransactionType.ACCOUNT_OPERATION_RESTRICTION.value), 'confirmed'],
      'account key link': [extras.accountKeyLink.hash, 'confirmed'],
      'node key link': [extras.nodeKeyLink.hash, 'confirmed'],
      'vrf key link': [extras.vrfKeyLink.hash, 'confirmed'],
      'voting key link': [extras.votingKeyLink.hash, 'confirmed'],
      'mosaic address restriction': [await latest(models.TransactionType.MOSAIC_ADDRESS_RESTRICTION.value), 'confirmed'],
      'mosaic global restriction': [await latest(models.TransactionType.MOSAIC_GLOBAL_RESTRICTION.value), 'confirmed'],
      'aggregate complete of an account metadata': [await aggregateOf(models.TransactionType.ACCOUNT_METADATA.value), 'confirmed'],
      'aggregate complete of a mosaic metadata': [await aggregateOf(models.TransactionType.MOSAIC_METADATA.value), 'confirmed'],
      'aggregate complete of a namespace metadata': [await aggregateOf(models.TransactionType.NAMESPACE_METADATA.value), 'confirmed'],
      'aggregate complete of a multisig account modification': [await aggregateOf(models.TransactionType.MULTISIG_ACCOUNT_MODIFICATION.value), 'confirmed'],
      'aggregate bonded, confirmed': [await latest(models.TransactionType.AGGREGATE_BONDED.value), 'confirmed'],
      'aggregate bonded, partial': [(await body('/transactions/partial')).data[0].meta.hash, 'partial'],
      'unconfirmed transfer': [extras.pending.hash, 'unconfirmed'],
      'failed transaction': [extras.failing.hash, 'failed'],
    };
    for (const view of viewsOf('transaction')) {
      if (!view || !kinds[view]) throw new Error(`no transaction of the kind '${view}' on the chain`);
      values.set(`transaction/${view}`, await transactionValues(...kinds[view]));
    }
  }, 60_000);
  afterAll(async () => {
    for (const socket of openSockets.splice(0)) socket.terminate();
    await server?.close();
  });

  describe('the fixture', () => {
    it('records the requests of every page, each with its source', () => {
      expect([...new Set(ROWS.map((row) => row.page))]).toEqual(PAGES);
      for (const row of ROWS) expect(row.source.length, label(row)).toBeGreaterThan(0);
    });

    it("holds the transaction list's first request as symbol-sdk 2.0.6 builds it, an empty type= included", () => {
      expect(requestsOf('transactions').some((row) => !row.view && row.path === '/transactions/confirmed' && row.query === 'type=&pageSize=25&pageNumber=1&order=desc')).toBe(true);
    });

    it('gives each 404 catapult-rest sends a reason', () => {
      const notFound = ROWS.filter((row) => row.notFound).map((row) => row.path);
      expect([...new Set(notFound)].sort()).toEqual(['/account/{address}/multisig', '/lock/hash/{hash}', '/restrictions/account/{address}']);
      for (const row of ROWS.filter((each) => each.notFound)) expect(row.notFound!.reason.length).toBeGreaterThan(0);
    });
  });

  for (const page of ['startup', 'home', 'blocks', 'block', 'transactions', 'accounts', 'mosaics', 'mosaic', 'namespaces', 'namespace', 'statistics', 'nodes', 'node']) {
    for (const view of viewsOf(page)) {
      describe(`${page} page${view ? `, ${view}` : ''}`, () => {
        it.each(requestsOf(page).filter((row) => row.view === view).map((row) => [label(row), row] as const))('%s', (_, row) => replay(row, values.get(page)));
      });
    }
  }

  // e holds account restrictions and no multisig entry; g is a multisig account without restrictions.
  for (const [who, absent] of [['e', ['/account/{address}/multisig']], ['g', ['/restrictions/account/{address}']]] as const) {
    for (const view of viewsOf('account')) {
      describe(`account page of ${who}${view ? `, ${view}` : ''}`, () => {
        it.each(requestsOf('account').filter((row) => row.view === view).map((row) => [label(row), row] as const))('%s', (_, row) => replay(row, values.get(`account/${who}`), absent));
      });
    }
  }

  for (const view of viewsOf('transaction')) {
    describe(`transaction page: ${view}`, () => {
      it.each(requestsOf('transaction', view).map((row) => [label(row), row] as const))('%s', (_, row) => replay(row, values.get(`transaction/${view}`)));
    });
  }

  describe('WebSocket, and what a block frame sends', () => {
    const channels = [...new Set(ROWS.filter((row) => row.method === 'SUBSCRIBE').map((row) => (row.body as { subscribe: string }).subscribe))];

    it(`answers the uid frame, then a block frame after a harvest on ${channels.join(', ')}`, async () => {
      expect(channels).toEqual(['block']);
      const client = await Client.connect(server.wsUrl);
      expect(client.uid).toMatch(/^[0-9A-F]{40}$/);
      await client.subscribe(...channels);
      const harvested = server.chain.harvest();
      const frame = await client.next();
      expect(frame.topic).toBe('block');
      expect(frame.data.block.height).toBe(harvested.block.height);
      values.set('block frame', { ...(await chainValues()), height: harvested.block.height, harvesterAddress: signerOf(frame.data.block.signerPublicKey) });
    });

    it.each(requestsOf('block frame').map((row) => [label(row), row] as const))('then %s', (_, row) => replay(row, values.get('block frame')));
  });
});
