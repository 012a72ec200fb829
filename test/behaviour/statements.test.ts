/**
 * `GET /statements/transaction` and `GET /statements/resolutions/{address,mosaic}` over the
 * in-memory chain: the receipts of harvests, rentals, inflation and expiries, and the alias
 * resolutions of transfers, from real signed transactions.
 */
import { Address, generateMosaicId, generateNamespaceId, models } from 'symbol-sdk/symbol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayBackend } from '../../src/index.js';
import type { ChainAccount } from '../../src/memory/chain/identity.js';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { confirm, hex, signedBy } from '../support/announce.js';
import { startGateway, testChain } from '../support/server.js';
import { XYM_ALIAS, aggregate, embeddedTransfer, type Signed } from '../support/signing.js';

type Server = Awaited<ReturnType<typeof startGateway>>;


/** Receipt types (catapult's ReceiptType). */
const TYPE = { mosaicRentalFee: 0x124d, namespaceRentalFee: 0x134e, harvestFee: 0x2143, namespaceExpired: 0x414e, namespaceDeleted: 0x424e, inflation: 0x5143 } as const;

/** Announces, harvests one block and checks that every transaction was confirmed in it, in this order; returns its height. */
async function confirmInOrder(server: Server, ...transactions: Signed[]): Promise<bigint> {
  const height = await confirm(server, ...transactions);
  const { data } = (await server.get(`/transactions/confirmed?height=${height}&order=asc`)).body;
  expect(data.map((info: any) => info.meta.hash)).toEqual(transactions.map((transaction) => transaction.hash));
  return height;
}

/**
 * Blocks, with alpha a root of 5 blocks (grace period 2) and inflation of 100 from height 4:
 * 2: a registers alpha (1), defines mosaic M (2); b pays c by symbol.xym (3).
 * 3: a adds supply to M (1), links alpha to M (2), an aggregate of a: child alpha.kid (3/1) and a payment by symbol.xym (3/2).
 * 4: a links alpha.kid to c (1), pays M by alpha to alpha.kid (2).
 * 7: alpha expires; 9: alpha is deleted.
 */
describe('statements over a chain of rentals, aliases, inflation and expiries', () => {
  let server: Server;
  let chain: InMemoryChain;
  let a: ChainAccount, b: ChainAccount, c: ChainAccount;
  const alpha = generateNamespaceId('alpha');
  const kid = generateNamespaceId('kid', alpha);
  let mosaicId: bigint;
  let kidAddress: string; // alpha.kid as an unresolved address (48 hex)

  beforeAll(async () => {
    server = await startGateway({ backend: testChain({ rules: { minNamespaceDuration: 5n, namespaceGracePeriod: 2n, inflation: [[2n, 0n], [4n, 100n]] } }) });
    chain = server.chain;
    [a, b, c] = chain.fundedAccounts;
    mosaicId = generateMosaicId(new Address(a.address), 0);
    kidAddress = Buffer.from(Address.fromNamespaceId(new models.NamespaceId(kid), chain.facade.network.identifier).bytes).toString('hex').toUpperCase();
    expect(await confirmInOrder(server,
      signedBy(chain, a, { type: 'namespace_registration_transaction_v1', registrationType: 'root', name: 'alpha', duration: 5n }),
      signedBy(chain, a, { type: 'mosaic_definition_transaction_v1', nonce: 0, flags: 'transferable', divisibility: 0, duration: 0n }),
      signedBy(chain, b, { type: 'transfer_transaction_v1', recipientAddress: c.address, mosaics: [{ mosaicId: XYM_ALIAS, amount: 1_000_000n }] }),
    )).toBe(2n);
    const embedded = [
      chain.facade.transactionFactory.createEmbedded({ type: 'namespace_registration_transaction_v1', signerPublicKey: a.keyPair.publicKey, registrationType: 'child', parentId: alpha, name: 'kid' }),
      embeddedTransfer(chain, a, c, 2_000_000n),
    ];
    expect(await confirmInOrder(server,
      signedBy(chain, a, { type: 'mosaic_supply_change_transaction_v1', mosaicId, delta: 1_000n, action: 'increase' }),
      signedBy(chain, a, { type: 'mosaic_alias_transaction_v1', namespaceId: alpha, mosaicId, aliasAction: 'link' }),
      aggregate(chain, 'complete', a, embedded),
    )).toBe(3n);
    expect(await confirmInOrder(server,
      signedBy(chain, a, { type: 'address_alias_transaction_v1', namespaceId: kid, address: c.address, aliasAction: 'link' }),
      signedBy(chain, a, { type: 'transfer_transaction_v1', recipientAddress: Address.fromNamespaceId(new models.NamespaceId(kid), chain.facade.network.identifier), mosaics: [{ mosaicId: alpha, amount: 10n }] }),
    )).toBe(4n);
    while (chain.height < 9n) chain.harvest();
  });
  afterAll(() => server.close());

  const page = async (path: string) => {
    const reply = await server.get(path);
    expect(reply.status, path).toBe(200);
    return reply.body as { data: any[]; pagination: any };
  };
  /** `height source` of each statement a query selects, in the order listed. */
  const sources = async (query: string) =>
    (await page(`/statements/transaction?pageSize=100&${query}`)).data.map(({ statement }) => `${statement.height} ${statement.source.primaryId}/${statement.source.secondaryId}`);
  const block = async (height: number | bigint) => (await page(`/blocks/${height}`) as any);
  const harvesterOf = (height: bigint) => chain.harvesters[Number(height - 2n) % chain.harvesters.length];

  describe('GET /statements/transaction', () => {
    it('lists every statement, newest first, with exact totals: the block\'s own at 0/0, then each transaction with receipts', async () => {
      const all = await sources('');
      expect(all).toEqual([
        '9 0/0', '8 0/0', '7 0/0', '6 0/0', '5 0/0',
        '4 0/0',
        '3 3/1', '3 0/0',
        '2 2/0', '2 1/0', '2 0/0',
        '1 0/0',
      ]);
      const listed = await page('/statements/transaction?pageSize=10&pageNumber=2');
      expect(listed.pagination).toEqual({ pageNumber: 2, pageSize: 10, totalEntries: 12, totalPages: 2 });
      expect(listed.data.map(({ statement }) => `${statement.height} ${statement.source.primaryId}/${statement.source.secondaryId}`)).toEqual(all.slice(10));
      const ascending = await page('/statements/transaction?pageSize=100&order=asc');
      const ids = ascending.data.map((info) => info.id);
      expect(ids).toEqual([...ids].sort());
      for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/i);
      expect((await page(`/statements/transaction?order=asc&offset=${ids[9]}`)).data).toEqual(ascending.data.slice(10));
    });

    it('shows a block\'s harvest fees at source 0/0: the harvester\'s share and the network sink\'s 5%, stamped with the block\'s time', async () => {
      const [statement] = (await page('/statements/transaction?height=2&pageSize=100&order=asc')).data;
      const { block: header, meta } = await block(2);
      const total = BigInt(meta.totalFee);
      expect(total).toBe(100n * (await page('/transactions/confirmed?height=2&pageSize=100')).data.reduce((sum, info) => sum + BigInt(info.transaction.size), 0n));
      const network = (total * 5n) / 100n;
      expect(statement).toEqual({
        id: statement.id,
        meta: { timestamp: header.timestamp },
        statement: {
          height: '2',
          source: { primaryId: 0, secondaryId: 0 },
          receipts: [
            { version: 1, type: TYPE.harvestFee, mosaicId: chain.currency.mosaicId, amount: (total - network).toString(), targetAddress: header.beneficiaryAddress },
            { version: 1, type: TYPE.harvestFee, mosaicId: chain.currency.mosaicId, amount: network.toString(), targetAddress: chain.sinks.harvestNetworkFee.addressHex },
          ],
        },
      });
      expect(header.beneficiaryAddress).toBe(harvesterOf(2n).addressHex);
      // The nemesis block's harvest fee: nothing, to the nemesis account.
      const [nemesis] = (await page('/statements/transaction?height=1')).data;
      expect(nemesis.statement.receipts).toEqual([{ version: 1, type: TYPE.harvestFee, mosaicId: chain.currency.mosaicId, amount: '0', targetAddress: chain.nemesisAccount.addressHex }]);
      expect(nemesis.meta).toEqual({ timestamp: '0' });
    });

    it('shows rental fees at the registering transaction\'s source, embedded ones with their secondary id', async () => {
      const at2 = (await page('/statements/transaction?height=2&order=asc')).data;
      expect(at2.map((info) => info.statement.source)).toEqual([{ primaryId: 0, secondaryId: 0 }, { primaryId: 1, secondaryId: 0 }, { primaryId: 2, secondaryId: 0 }]);
      expect(at2[1].statement.receipts).toEqual([
        { version: 1, type: TYPE.namespaceRentalFee, mosaicId: chain.currency.mosaicId, amount: (2n * 5n * 100n).toString(), senderAddress: a.addressHex, recipientAddress: chain.sinks.namespaceRental.addressHex },
      ]);
      expect(at2[2].statement.receipts).toEqual([
        { version: 1, type: TYPE.mosaicRentalFee, mosaicId: chain.currency.mosaicId, amount: (500_000n * 100n).toString(), senderAddress: a.addressHex, recipientAddress: chain.sinks.mosaicRental.addressHex },
      ]);
      const at3 = (await page('/statements/transaction?height=3&order=asc')).data;
      expect(at3[1].statement).toEqual({
        height: '3',
        source: { primaryId: 3, secondaryId: 1 },
        receipts: [{ version: 1, type: TYPE.namespaceRentalFee, mosaicId: chain.currency.mosaicId, amount: (100_000n * 100n).toString(), senderAddress: a.addressHex, recipientAddress: chain.sinks.namespaceRental.addressHex }],
      });
    });

    it('sorts the receipts of a statement by type: harvest fees, the expiry, then inflation', async () => {
      const receipts = async (height: number) => (await page(`/statements/transaction?height=${height}&order=asc`)).data[0].statement.receipts;
      const expired = await receipts(7);
      expect(expired.map((receipt: any) => receipt.type)).toEqual([TYPE.harvestFee, TYPE.harvestFee, TYPE.namespaceExpired, TYPE.inflation]);
      expect(expired[2]).toEqual({ version: 1, type: TYPE.namespaceExpired, artifactId: hex(alpha) });
      expect(expired[3]).toEqual({ version: 1, type: TYPE.inflation, mosaicId: chain.currency.mosaicId, amount: '100' });
      // An empty block's fees are its inflation: 95 to the harvester, 5 to the sink.
      expect(expired.slice(0, 2).map((receipt: any) => [receipt.targetAddress, receipt.amount])).toEqual([[harvesterOf(7n).addressHex, '95'], [chain.sinks.harvestNetworkFee.addressHex, '5']]);
      expect((await receipts(9)).map((receipt: any) => receipt.type)).toEqual([TYPE.harvestFee, TYPE.harvestFee, TYPE.namespaceDeleted, TYPE.inflation]);
      expect((await receipts(8)).map((receipt: any) => receipt.type)).toEqual([TYPE.harvestFee, TYPE.harvestFee, TYPE.inflation]);
      // Before height 4 there is no inflation.
      expect((await receipts(3)).map((receipt: any) => receipt.type)).toEqual([TYPE.harvestFee, TYPE.harvestFee]);
    });

    it('filters by height, fromHeight and toHeight', async () => {
      expect(await sources('height=3')).toEqual(['3 3/1', '3 0/0']);
      expect(await sources('height=10')).toEqual([]);
      expect(await sources('fromHeight=3&toHeight=4')).toEqual(['4 0/0', '3 3/1', '3 0/0']);
      expect(await sources('fromHeight=8')).toEqual(['9 0/0', '8 0/0']);
      expect(await sources('toHeight=2&order=asc')).toEqual(['1 0/0', '2 0/0', '2 1/0', '2 2/0']);
      expect(await sources('fromHeight=5&toHeight=4')).toEqual([]);
      const counted = await page('/statements/transaction?fromHeight=2&toHeight=3');
      expect(counted.pagination.totalEntries).toBe(5);
    });

    it('answers 409 for height together with a range, or a height that is not a uint64', async () => {
      for (const query of ['height=2&fromHeight=1', 'height=2&toHeight=3', 'height=abc', 'fromHeight=-1', 'toHeight=18446744073709551616', 'height=1&height=2']) {
        const reply = await server.get(`/statements/transaction?${query}`);
        expect(reply.status, query).toBe(409);
        expect(reply.body.code).toBe('InvalidArgument');
      }
      expect((await server.get('/statements/transaction?height=2&fromHeight=1')).body.message).toBe('can not filter by height together with fromHeight or toHeight');
    });

    it('filters by receiptType, repeatable', async () => {
      expect(await sources(`receiptType=${TYPE.namespaceRentalFee}`)).toEqual(['3 3/1', '2 1/0']);
      expect(await sources(`receiptType=${TYPE.namespaceRentalFee}&receiptType=${TYPE.mosaicRentalFee}`)).toEqual(['3 3/1', '2 2/0', '2 1/0']);
      expect(await sources(`receiptType=${TYPE.namespaceExpired}&receiptType=${TYPE.namespaceDeleted}`)).toEqual(['9 0/0', '7 0/0']);
      expect(await sources(`receiptType=${TYPE.inflation}`)).toEqual(['9 0/0', '8 0/0', '7 0/0', '6 0/0', '5 0/0', '4 0/0']);
      expect(await sources(`receiptType=${TYPE.inflation}&height=4`)).toEqual(['4 0/0']);
      expect(await sources('receiptType=12345')).toEqual([]);
      for (const bad of ['abc', '65536', '-1']) expect((await server.get(`/statements/transaction?receiptType=${TYPE.inflation}&receiptType=${bad}`)).status, bad).toBe(409);
    });

    it('filters by recipientAddress, senderAddress and targetAddress', async () => {
      expect(await sources(`recipientAddress=${chain.sinks.namespaceRental.address}`)).toEqual(['3 3/1', '2 1/0']);
      expect(await sources(`recipientAddress=${chain.sinks.mosaicRental.address}`)).toEqual(['2 2/0']);
      expect(await sources(`senderAddress=${a.address}`)).toEqual(['3 3/1', '2 2/0', '2 1/0']);
      expect(await sources(`senderAddress=${b.address}`)).toEqual([]);
      // harvesters[0] harvested blocks 2, 5 and 8; the nemesis account the nemesis block.
      expect(await sources(`targetAddress=${chain.harvesters[0].address}`)).toEqual(['8 0/0', '5 0/0', '2 0/0']);
      expect(await sources(`targetAddress=${chain.nemesisAccount.address}`)).toEqual(['1 0/0']);
      expect((await page(`/statements/transaction?targetAddress=${chain.sinks.harvestNetworkFee.address}`)).pagination.totalEntries).toBe(8);
      // Filters combine, each matched by some receipt.
      expect(await sources(`senderAddress=${a.address}&receiptType=${TYPE.mosaicRentalFee}`)).toEqual(['2 2/0']);
      expect(await sources(`senderAddress=${a.address}&recipientAddress=${chain.sinks.namespaceRental.address}&fromHeight=3`)).toEqual(['3 3/1']);
      // harvesters[2] harvested block 7 (alpha expired), harvesters[1] block 9 (alpha deleted).
      expect(await sources(`targetAddress=${chain.harvesters[2].address}&receiptType=${TYPE.namespaceExpired}`)).toEqual(['7 0/0']);
      expect(await sources(`targetAddress=${chain.harvesters[1].address}&receiptType=${TYPE.namespaceDeleted}`)).toEqual(['9 0/0']);
      expect(await sources(`targetAddress=${chain.harvesters[0].address}&receiptType=${TYPE.namespaceDeleted}`)).toEqual([]);
      for (const name of ['recipientAddress', 'senderAddress', 'targetAddress']) {
        const reply = await server.get(`/statements/transaction?${name}=${a.addressHex}`);
        expect(reply.status, name).toBe(409);
        expect(reply.body.message).toContain(name);
      }
    });

    it('filters by artifactId: an expired namespace, or a mosaic receipts carry', async () => {
      expect(await sources(`artifactId=${hex(alpha)}`)).toEqual(['9 0/0', '7 0/0']);
      expect(await sources(`artifactId=${hex(kid)}`)).toEqual([]);
      // Rentals and harvest fees are paid in the currency: every statement of this chain has a receipt of it.
      expect((await page(`/statements/transaction?artifactId=${chain.currency.mosaicId}`)).pagination.totalEntries).toBe(12);
      expect(await sources(`artifactId=${hex(mosaicId)}`)).toEqual([]);
      expect(await sources(`artifactId=${hex(alpha).toLowerCase()}&height=7`)).toEqual(['7 0/0']);
      const reply = await server.get('/statements/transaction?artifactId=alpha');
      expect(reply.status).toBe(409);
      expect(reply.body.message).toContain('artifactId');
    });
  });

  describe('GET /statements/resolutions/{address,mosaic}', () => {
    const resolutions = async (kind: string, query = '') => (await page(`/statements/resolutions/${kind}?pageSize=100&order=asc${query}`)).data;

    it('gives what a mosaic alias resolved to, from the source of the transaction that used it', async () => {
      const all = await resolutions('mosaic');
      expect(all.map((info) => [info.statement.height, info.statement.unresolved])).toEqual([
        ['1', chain.currency.aliasId],
        ['2', chain.currency.aliasId],
        ['3', chain.currency.aliasId],
        ['4', hex(alpha)],
      ]);
      const { block: header } = await block(4);
      expect(all[3]).toEqual({
        id: all[3].id,
        meta: { timestamp: header.timestamp },
        statement: { height: '4', unresolved: hex(alpha), resolutionEntries: [{ source: { primaryId: 2, secondaryId: 0 }, resolved: hex(mosaicId) }] },
      });
      expect(all[1].statement.resolutionEntries).toEqual([{ source: { primaryId: 3, secondaryId: 0 }, resolved: chain.currency.mosaicId }]);
      // Inside an aggregate: the embedded transaction's place.
      expect(all[2].statement.resolutionEntries).toEqual([{ source: { primaryId: 3, secondaryId: 2 }, resolved: chain.currency.mosaicId }]);
      // The nemesis block mints the supply through symbol.xym (its fifth transaction).
      expect(all[0].statement.resolutionEntries[0]).toEqual({ source: { primaryId: 5, secondaryId: 0 }, resolved: chain.currency.mosaicId });
    });

    it('gives what an address alias resolved to', async () => {
      const all = await resolutions('address');
      expect(all).toHaveLength(1);
      expect(all[0].statement).toEqual({ height: '4', unresolved: kidAddress, resolutionEntries: [{ source: { primaryId: 2, secondaryId: 0 }, resolved: c.addressHex }] });
      // What the alias stood for was paid.
      const { account } = (await server.get(`/accounts/${c.address}`)).body;
      expect(account.mosaics.find((mosaic: any) => mosaic.id === hex(mosaicId))).toEqual({ id: hex(mosaicId), amount: '10' });
    });

    it('filters by height, with exact totals', async () => {
      expect((await resolutions('mosaic', '&height=4')).map((info) => info.statement.unresolved)).toEqual([hex(alpha)]);
      expect(await resolutions('address', '&height=3')).toEqual([]);
      const counted = await page('/statements/resolutions/mosaic?height=2');
      expect(counted.pagination).toEqual({ pageNumber: 1, pageSize: 10, totalEntries: 1, totalPages: 1 });
      expect((await page('/statements/resolutions/mosaic')).pagination.totalEntries).toBe(4);
      const reply = await server.get('/statements/resolutions/mosaic?height=two');
      expect(reply.status).toBe(409);
      expect(reply.body.message).toContain('height');
    });

    it('answers 404 for a resolution kind other than address or mosaic', async () => {
      const reply = await server.get('/statements/resolutions/other');
      expect(reply.status).toBe(404);
      expect(reply.body.code).toBe('ResourceNotFound');
    });
  });
});

describe('statement routes without a receipt repository', () => {
  it('answers 404 on /statements/transaction and /statements/resolutions', async () => {
    const chain = testChain();
    const backend: GatewayBackend = { blocks: chain.blocks, chain: chain.chain, node: chain.node, network: chain.network };
    const server = await startGateway({ backend });
    for (const path of ['/statements/transaction', '/statements/resolutions/address', '/statements/resolutions/mosaic']) {
      const reply = await server.get(path);
      expect(reply.status, path).toBe(404);
      expect(reply.body.code).toBe('ResourceNotFound');
    }
    await server.close();
    chain.close();
  });
});
