/**
 * The network's fees and inflation (`/network/fees/transaction`, `/network/fees/rental`,
 * `/network/inflation`, `/network/inflation/at/{height}`) and the node's storage, peers,
 * unlocked accounts and metadata, over the in-memory chain with blocks of known fee
 * multipliers.
 */
import { generateNamespaceId } from 'symbol-sdk/symbol';
import { describe, expect, it } from 'vitest';
import type { GatewayBackend, NodeInfoDTO } from '../../src/index.js';
import type { ChainAccount } from '../../src/memory/chain/identity.js';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { confirm, signedBy, unfundedAccount } from '../support/announce.js';
import { startGateway, testChain } from '../support/server.js';
import { aggregate, embeddedTransfer, transfer, type Signed } from '../support/signing.js';

type Server = Awaited<ReturnType<typeof startGateway>>;

const JSON_HEADERS = { 'content-type': 'application/json' };

/** Receipt types (catapult's ReceiptType). */
const TYPE = { mosaicRentalFee: 0x124d, namespaceRentalFee: 0x134e, inflation: 0x5143 } as const;

/**
 * Harvests one block per multiplier: an empty block for 0, else a block of one transfer
 * whose max fee allows exactly that multiplier (the block's fee multiplier), checked.
 */
async function blocksWithMultipliers(server: Server, multipliers: readonly number[]): Promise<void> {
  const { chain } = server;
  const [payer, payee] = chain.fundedAccounts;
  for (const multiplier of multipliers) {
    if (multiplier === 0) chain.harvest();
    else await confirm(server, signedBy(chain, payer, { type: 'transfer_transaction_v1', recipientAddress: payee.address, mosaics: [] }, { feeMultiplier: multiplier }));
    expect((await server.get(`/blocks/${chain.height}`)).body.block.feeMultiplier).toBe(multiplier);
  }
}

async function get(server: Server, path: string): Promise<any> {
  const reply = await server.get(path);
  expect(reply.status, path).toBe(200);
  return reply.body;
}

/** Only the repositories every backend has: blocks, chain, node and network. */
function bareBackend(chain: InMemoryChain): GatewayBackend {
  return { blocks: chain.blocks, chain: chain.chain, node: chain.node, network: chain.network };
}

describe('GET /network/fees/transaction', () => {
  it('summarizes the latest blocks\' fee multipliers: average and median with fee-less blocks at the default, highest and lowest as they are', async () => {
    const server = await startGateway({ backend: testChain() });
    const { chain } = server;
    expect(chain.rules.defaultDynamicFeeMultiplier).toBe(100);
    // The nemesis block asks no fee either: [0, 30, 0, 50, 20] → [100, 30, 100, 50, 20].
    await blocksWithMultipliers(server, [30, 0, 50, 20]);
    expect(await get(server, '/network/fees/transaction')).toEqual({
      averageFeeMultiplier: 60,
      medianFeeMultiplier: 50,
      highestFeeMultiplier: 50,
      lowestFeeMultiplier: 0,
      minFeeMultiplier: chain.rules.minFeeMultiplier,
    });
    // An even count: the median is the mean of the two middle values, rounded down ([20, 30, 50, 70, 100, 100] → 60).
    await blocksWithMultipliers(server, [70]);
    expect(await get(server, '/network/fees/transaction')).toEqual({
      averageFeeMultiplier: 61,
      medianFeeMultiplier: 60,
      highestFeeMultiplier: 70,
      lowestFeeMultiplier: 0,
      minFeeMultiplier: 10,
    });
    await server.close();
  });

  it('follows the network\'s default multiplier and the node\'s minimum', async () => {
    const server = await startGateway({ backend: testChain({ rules: { defaultDynamicFeeMultiplier: 41, minFeeMultiplier: 25 } }) });
    // [0, 30, 90] → [41, 30, 90]
    await blocksWithMultipliers(server, [30, 90]);
    expect(await get(server, '/network/fees/transaction')).toEqual({
      averageFeeMultiplier: 53,
      medianFeeMultiplier: 41,
      highestFeeMultiplier: 90,
      lowestFeeMultiplier: 0,
      minFeeMultiplier: 25,
    });
    await server.close();
  });

  it('reads the latest 300 blocks only', async () => {
    const server = await startGateway({ backend: testChain() });
    const { chain } = server;
    await blocksWithMultipliers(server, [40, 10]);
    // Blocks 2 to 301: 40, 10 and 298 empty blocks.
    while (chain.height < 301n) chain.harvest();
    expect(await get(server, '/network/fees/transaction')).toMatchObject({ highestFeeMultiplier: 40, lowestFeeMultiplier: 0, averageFeeMultiplier: Math.floor((40 + 10 + 298 * 100) / 300) });
    chain.harvest(); // block 2 leaves the window
    expect(await get(server, '/network/fees/transaction')).toMatchObject({ highestFeeMultiplier: 10, averageFeeMultiplier: Math.floor((10 + 299 * 100) / 300), medianFeeMultiplier: 100 });
    chain.harvest();
    expect(await get(server, '/network/fees/transaction')).toEqual({ averageFeeMultiplier: 100, medianFeeMultiplier: 100, highestFeeMultiplier: 0, lowestFeeMultiplier: 0, minFeeMultiplier: 10 });
    await server.close();
  });
});

describe('GET /network/fees/rental', () => {
  /** The rental fee receipts of a block, by type: amounts in block order. */
  async function rentalsAt(server: Server, height: bigint): Promise<Record<number, string[]>> {
    const { data } = await get(server, `/statements/transaction?height=${height}&order=asc&pageSize=100`);
    const amounts: Record<number, string[]> = {};
    for (const { statement } of data) {
      for (const receipt of statement.receipts) if (receipt.type !== 0x2143) (amounts[receipt.type] ??= []).push(receipt.amount);
    }
    return amounts;
  }

  function registrations(chain: InMemoryChain, owner: ChainAccount, root: string, duration: bigint): Signed[] {
    return [
      signedBy(chain, owner, { type: 'namespace_registration_transaction_v1', registrationType: 'root', name: root, duration }),
      signedBy(chain, owner, { type: 'namespace_registration_transaction_v1', registrationType: 'child', parentId: generateNamespaceId(root), name: 'child' }),
      signedBy(chain, owner, { type: 'mosaic_definition_transaction_v1', nonce: 1, flags: 'transferable', divisibility: 0, duration: 0n }),
    ];
  }

  it('is the network\'s fees times the default multiplier while no block asked a fee, and a registration then pays it', async () => {
    const server = await startGateway({ backend: testChain({ rules: { minNamespaceDuration: 10n } }) });
    const { chain } = server;
    for (let i = 0; i < 3; i++) chain.harvest();
    const fees = await get(server, '/network/fees/rental');
    expect(fees).toEqual({
      effectiveRootNamespaceRentalFeePerBlock: (chain.rules.rootNamespaceRentalFeePerBlock * 100n).toString(),
      effectiveChildNamespaceRentalFee: (chain.rules.childNamespaceRentalFee * 100n).toString(),
      effectiveMosaicRentalFee: (chain.rules.mosaicRentalFee * 100n).toString(),
    });
    expect(fees).toEqual({ effectiveRootNamespaceRentalFeePerBlock: '200', effectiveChildNamespaceRentalFee: '10000000', effectiveMosaicRentalFee: '50000000' });
    const [a] = chain.fundedAccounts;
    const height = await confirm(server, ...registrations(chain, a, 'rented', 12n));
    expect(await rentalsAt(server, height)).toEqual({
      [TYPE.namespaceRentalFee]: [(200n * 12n).toString(), fees.effectiveChildNamespaceRentalFee],
      [TYPE.mosaicRentalFee]: [fees.effectiveMosaicRentalFee],
    });
    await server.close();
  });

  it('is the network\'s fees times the median multiplier of the latest maxDifficultyBlocks blocks, and a registration then pays exactly that', async () => {
    const server = await startGateway({ backend: testChain({ rules: { maxDifficultyBlocks: 5, minNamespaceDuration: 10n } }) });
    const { chain } = server;
    // The latest five blocks: [0 (nemesis), 10, 20, 30, 40] → [100, 10, 20, 30, 40]: median 30.
    await blocksWithMultipliers(server, [10, 20, 30, 40]);
    const fees = await get(server, '/network/fees/rental');
    expect(fees).toEqual({ effectiveRootNamespaceRentalFeePerBlock: '60', effectiveChildNamespaceRentalFee: '3000000', effectiveMosaicRentalFee: '15000000' });
    const [a] = chain.fundedAccounts;
    const height = await confirm(server, ...registrations(chain, a, 'median', 15n));
    expect(await rentalsAt(server, height)).toEqual({
      [TYPE.namespaceRentalFee]: [(60n * 15n).toString(), '3000000'],
      [TYPE.mosaicRentalFee]: ['15000000'],
    });
    // The window moves on: [20, 30, 40, 100 (the registrations' block), 0 → 100]: median 40.
    chain.harvest();
    expect(await get(server, '/network/fees/rental')).toEqual({ effectiveRootNamespaceRentalFeePerBlock: '80', effectiveChildNamespaceRentalFee: '4000000', effectiveMosaicRentalFee: '20000000' });
    const [, b] = chain.fundedAccounts;
    const next = await confirm(server, ...registrations(chain, b, 'moved', 10n));
    expect(await rentalsAt(server, next)).toEqual({ [TYPE.namespaceRentalFee]: ['800', '4000000'], [TYPE.mosaicRentalFee]: ['20000000'] });
    await server.close();
  });
  it('quotes what a registration pays on a young chain and on an even window too (the multiplier the next block charges)', async () => {
    // A young chain: the window of 60 is filled with the default 100, so one block at 10 does not move the median.
    const young = await startGateway({ backend: testChain({ rules: { minNamespaceDuration: 10n } }) });
    await blocksWithMultipliers(young, [10]);
    const quote = await get(young, '/network/fees/rental');
    expect(quote.effectiveRootNamespaceRentalFeePerBlock).toBe('200');
    const paid = await confirm(young, ...registrations(young.chain, young.chain.fundedAccounts[0], 'young', 10n));
    expect((await rentalsAt(young, paid))[TYPE.namespaceRentalFee][0]).toBe((BigInt(quote.effectiveRootNamespaceRentalFeePerBlock) * 10n).toString());
    await young.close();
    // An even window [0 → 100, 20, 40, 60]: the upper of the two middle values (60), as catapult takes it.
    const even = await startGateway({ backend: testChain({ rules: { maxDifficultyBlocks: 4, minNamespaceDuration: 10n } }) });
    await blocksWithMultipliers(even, [20, 40, 60]);
    const evenQuote = await get(even, '/network/fees/rental');
    expect(evenQuote.effectiveRootNamespaceRentalFeePerBlock).toBe('120');
    const evenPaid = await confirm(even, ...registrations(even.chain, even.chain.fundedAccounts[0], 'even', 10n));
    expect((await rentalsAt(even, evenPaid))[TYPE.namespaceRentalFee][0]).toBe('1200');
    await even.close();
  });
});

describe('GET /network/inflation', () => {
  it('lists the testnet schedule: nothing until 5760, then steps every 262 500 blocks from 172 799 down to 0', async () => {
    const server = await startGateway({ backend: testChain() });
    const points = await get(server, '/network/inflation');
    expect(points.slice(0, 4)).toEqual([
      { startHeight: '2', rewardAmount: '0' },
      { startHeight: '5760', rewardAmount: '191997042' },
      { startHeight: '172799', rewardAmount: '183764522' },
      { startHeight: '435299', rewardAmount: '175884998' },
    ]);
    expect(points.slice(-2)).toEqual([
      { startHeight: '110160299', rewardAmount: '1' },
      { startHeight: '110422799', rewardAmount: '0' },
    ]);
    expect(points).toHaveLength(423);
    for (let i = 3; i < points.length; i++) {
      expect(BigInt(points[i].startHeight) - BigInt(points[i - 1].startHeight)).toBe(262_500n);
      expect(BigInt(points[i].rewardAmount) <= BigInt(points[i - 1].rewardAmount)).toBe(true);
    }
    await server.close();
  });

  it('lists the chain\'s own schedule, and each block creates what the step in force says', async () => {
    const server = await startGateway({ backend: testChain({ rules: { inflation: [[2n, 0n], [3n, 500n], [5n, 250n]] } }) });
    const { chain } = server;
    expect(await get(server, '/network/inflation')).toEqual([
      { startHeight: '2', rewardAmount: '0' },
      { startHeight: '3', rewardAmount: '500' },
      { startHeight: '5', rewardAmount: '250' },
    ]);
    for (let i = 0; i < 5; i++) chain.harvest();
    const { data } = await get(server, `/statements/transaction?receiptType=${TYPE.inflation}&order=asc`);
    expect(data.map(({ statement }: any) => [statement.height, statement.receipts.find((receipt: any) => receipt.type === TYPE.inflation).amount])).toEqual([
      ['3', '500'], ['4', '500'], ['5', '250'], ['6', '250'],
    ]);
    for (const [height, step] of [['2', { startHeight: '2', rewardAmount: '0' }], ['4', { startHeight: '3', rewardAmount: '500' }], ['6', { startHeight: '5', rewardAmount: '250' }]] as const) {
      expect(await get(server, `/network/inflation/at/${height}`)).toEqual(step);
    }
    await server.close();
  });
});

describe('GET /network/inflation/at/{height}', () => {
  it('gives the step in force: N/A below the first, the step at its height, the last one at or below between steps', async () => {
    const server = await startGateway({ backend: testChain() });
    const cases: [string, { startHeight: string; rewardAmount: string }][] = [
      ['0', { startHeight: 'N/A', rewardAmount: '0' }],
      ['1', { startHeight: 'N/A', rewardAmount: '0' }],
      ['2', { startHeight: '2', rewardAmount: '0' }],
      ['5759', { startHeight: '2', rewardAmount: '0' }],
      ['5760', { startHeight: '5760', rewardAmount: '191997042' }],
      ['100000', { startHeight: '5760', rewardAmount: '191997042' }],
      ['172799', { startHeight: '172799', rewardAmount: '183764522' }],
      ['435298', { startHeight: '172799', rewardAmount: '183764522' }],
      ['435299', { startHeight: '435299', rewardAmount: '175884998' }],
      ['110422798', { startHeight: '110160299', rewardAmount: '1' }],
      ['18446744073709551615', { startHeight: '110422799', rewardAmount: '0' }],
    ];
    for (const [height, step] of cases) expect(await get(server, `/network/inflation/at/${height}`), height).toEqual(step);
    await server.close();
  });

  it('answers 409 for a height that is not a uint64', async () => {
    const server = await startGateway({ backend: testChain() });
    for (const height of ['abc', '-1', '1.5', '18446744073709551616', '10x000']) {
      const reply = await server.get(`/network/inflation/at/${height}`);
      expect(reply.status, height).toBe(409);
      expect(reply.body.code).toBe('InvalidArgument');
      expect(reply.body.message).toContain('height');
    }
    await server.close();
  });
});

describe('GET /node/storage', () => {
  it('counts blocks, confirmed transactions (an aggregate\'s inner ones included) and accounts exactly', async () => {
    const server = await startGateway({ backend: testChain() });
    const { chain } = server;
    // The nemesis block: symbol, symbol.xym, the currency, its alias and supply, and 13 transfers (10 funded accounts, 3 harvesters).
    // Accounts: the nemesis account, 10 funded, 3 harvesters and the three sinks.
    expect(await get(server, '/node/storage')).toEqual({ numBlocks: 1, numTransactions: 18, numAccounts: 17 });
    const [a, b, c] = chain.fundedAccounts;
    await confirm(server, transfer(chain, a, unfundedAccount(chain, 'newcomer')), aggregate(chain, 'complete', b, [embeddedTransfer(chain, b, c), embeddedTransfer(chain, b, a)]));
    // 1 transfer + the aggregate and its 2 inner transfers; a new recipient (the harvest network sink is the nemesis block's).
    expect(await get(server, '/node/storage')).toEqual({ numBlocks: 2, numTransactions: 22, numAccounts: 18 });
    // A transaction that fails (an overdraft) is not stored; an empty block is.
    const overdraft = transfer(chain, c, a, { amount: 10n ** 15n });
    await server.request('PUT', '/transactions', { body: overdraft.body, headers: JSON_HEADERS });
    chain.processAnnounced();
    chain.harvest();
    expect((await chain.transactionStatus.find([overdraft.hash]))[0].group).toBe('failed');
    const storage = await get(server, '/node/storage');
    expect(storage).toEqual({ numBlocks: 3, numTransactions: 22, numAccounts: 18 });
    // The same counts as the collections.
    expect((await get(server, '/accounts')).pagination.totalEntries).toBe(storage.numAccounts);
    expect((await get(server, '/transactions/confirmed?embedded=true')).pagination.totalEntries).toBe(storage.numTransactions);
    expect((await get(server, '/blocks')).pagination.totalEntries).toBe(storage.numBlocks);
    await server.close();
  });

  it('follows the chain options', async () => {
    const server = await startGateway({ backend: testChain({ accountCount: 4, harvesterCount: 2 }) });
    // The nemesis account, the funded accounts, the harvesters and the three sinks (catapult's nemesis block names the harvest network sink in each transaction).
    expect(await get(server, '/node/storage')).toEqual({ numBlocks: 1, numTransactions: 5 + 4 + 2, numAccounts: 1 + 4 + 2 + 3 });
    await server.close();
  });
});

describe('GET /node/peers', () => {
  it('answers [] for a lone node', async () => {
    const server = await startGateway({ backend: testChain() });
    expect(await get(server, '/node/peers')).toEqual([]);
    await server.close();
  });

  it('lists the peers option', async () => {
    const peers: NodeInfoDTO[] = [
      { version: 16777984, publicKey: 'A'.repeat(64), networkGenerationHashSeed: 'B'.repeat(64), roles: 1, port: 7900, networkIdentifier: 152, friendlyName: 'peer-1', host: 'peer-1.example' },
      { version: 16777984, publicKey: 'C'.repeat(64), networkGenerationHashSeed: 'B'.repeat(64), roles: 3, port: 7901, networkIdentifier: 152, friendlyName: '', host: '' },
    ];
    const server = await startGateway({ backend: testChain({ peers }) });
    expect(await get(server, '/node/peers')).toEqual(peers);
    await server.close();
  });
});

describe('GET /node/unlockedaccount', () => {
  it('lists the public keys of the harvesters, who sign the blocks', async () => {
    const server = await startGateway({ backend: testChain({ harvesterCount: 5 }) });
    const { chain } = server;
    const { unlockedAccount } = await get(server, '/node/unlockedaccount');
    expect(unlockedAccount).toEqual(chain.harvesters.map((harvester) => harvester.publicKey));
    expect(unlockedAccount).toHaveLength(5);
    for (const key of unlockedAccount) expect(key).toMatch(/^[0-9A-F]{64}$/);
    for (let i = 0; i < 5; i++) chain.harvest();
    const { data } = await get(server, '/blocks?order=asc&pageSize=10');
    expect(new Set(data.slice(1).map((info: any) => info.block.signerPublicKey))).toEqual(new Set(unlockedAccount));
    await server.close();
  });
});

describe('GET /node/metadata', () => {
  it('answers {} by default', async () => {
    const server = await startGateway({ backend: testChain() });
    expect(await get(server, '/node/metadata')).toEqual({});
    await server.close();
  });

  it('answers the nodeMetadata option as given', async () => {
    const nodeMetadata = { operator: 'example', region: 'eu-west', contact: 'ops@example.com' };
    const server = await startGateway({ backend: testChain({ nodeMetadata }) });
    expect(await get(server, '/node/metadata')).toEqual(nodeMetadata);
    await server.close();
  });
});

describe('network and node routes a backend does not have', () => {
  it('answers 404 on the fee routes without a fee repository; inflation and storage still answer', async () => {
    const chain = testChain();
    const server = await startGateway({ backend: bareBackend(chain) });
    for (const path of ['/network/fees/transaction', '/network/fees/rental']) {
      const reply = await server.get(path);
      expect(reply.status, path).toBe(404);
      expect(reply.body.code).toBe('ResourceNotFound');
    }
    expect((await server.get('/network/inflation/at/5760')).body).toEqual({ startHeight: '5760', rewardAmount: '191997042' });
    expect((await server.get('/node/storage')).body.numBlocks).toBe(1);
    await server.close();
    chain.close();
  });

  it('answers 404 on the inflation and node routes a network and node repository leave out', async () => {
    const chain = testChain();
    const { info, server: serverInfo, networkTime, health } = chain.node;
    const backend: GatewayBackend = {
      blocks: chain.blocks,
      chain: chain.chain,
      node: { info, server: serverInfo, networkTime, health },
      network: { type: chain.network.type, properties: chain.network.properties },
    };
    const server = await startGateway({ backend });
    for (const path of ['/network/inflation', '/network/inflation/at/1', '/node/storage', '/node/peers', '/node/unlockedaccount', '/node/metadata']) {
      const reply = await server.get(path);
      expect(reply.status, path).toBe(404);
      expect(reply.body.code).toBe('ResourceNotFound');
    }
    expect((await server.get('/node/info')).status).toBe(200);
    expect((await server.get('/network')).status).toBe(200);
    await server.close();
    chain.close();
  });
});
