import { Hash256, PublicKey } from 'symbol-sdk';
import { Address, Network, NetworkTimestamp, generateMosaicId } from 'symbol-sdk/symbol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_BACKEND } from '../support/postgres-mount.js';
import { FIXED_START, startGateway, testChain } from '../support/server.js';

type Server = Awaited<ReturnType<typeof startGateway>>;

const TESTNET_SEED = '49D6E1CE276A85B70EAFE52349AACCA389302E7A9754BCF1221E79494FC665A4';
const TESTNET_EPOCH = 1667250467;
const DECIMAL = /^(0|[1-9][0-9]*)$/;

describe('GET /chain/info', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startGateway();
  });
  afterAll(() => server.close());

  it('starts at height 1 with the nemesis finalized', async () => {
    const reply = await server.get('/chain/info');
    expect(reply.status).toBe(200);
    const nemesis = await server.get('/blocks/1');
    expect(reply.body.height).toBe('1');
    expect(reply.body.scoreHigh).toMatch(DECIMAL);
    expect(reply.body.scoreLow).toMatch(DECIMAL);
    expect(reply.body.latestFinalizedBlock).toEqual({ finalizationEpoch: 1, finalizationPoint: 1, height: '1', hash: nemesis.body.meta.hash });
  });

  it('grows with each harvest, its height the number of blocks', async () => {
    const before = await server.get('/chain/info');
    server.chain.harvest();
    server.chain.harvest();
    server.chain.harvest();
    const after = await server.get('/chain/info');
    expect(after.body.height).toBe('4');
    const blocks = await server.get('/blocks?pageSize=100');
    expect(blocks.body.pagination.totalEntries).toBe(4);
    expect(blocks.body.data).toHaveLength(4);
    expect(after.body.scoreHigh).toMatch(DECIMAL);
    expect(after.body.scoreLow).toMatch(DECIMAL);
    const score = (body: { scoreHigh: string; scoreLow: string }): bigint => (BigInt(body.scoreHigh) << 64n) + BigInt(body.scoreLow);
    expect(score(after.body) > score(before.body)).toBe(true);
    // No finalization round yet (every 10 blocks by default).
    expect(after.body.latestFinalizedBlock.height).toBe('1');
  });

  it('finalizes every finalizationInterval blocks', async () => {
    const chain = testChain({ finalizationInterval: 4 });
    const finalizing = await startGateway({ backend: chain });
    try {
      const seen: unknown[] = [];
      while (chain.height < 9n) {
        chain.harvest();
        seen.push((await finalizing.get('/chain/info')).body.latestFinalizedBlock);
      }
      const info = await finalizing.get('/chain/info');
      expect(info.body.height).toBe('9');
      const block8 = await finalizing.get('/blocks/8');
      expect(info.body.latestFinalizedBlock).toEqual({ finalizationEpoch: 3, finalizationPoint: 1, height: '8', hash: block8.body.meta.hash });
      const block4 = await finalizing.get('/blocks/4');
      // Heights 2..9 in turn: finalized at 1 until 4, at 4 until 8.
      expect(seen.map((f) => (f as { height: string }).height)).toEqual(['1', '1', '4', '4', '4', '4', '8', '8']);
      expect(seen[2]).toEqual({ finalizationEpoch: 2, finalizationPoint: 1, height: '4', hash: block4.body.meta.hash });
    } finally {
      await finalizing.close();
    }
  });
});

describe('GET /node/health', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startGateway();
  });
  afterAll(() => server.close());
  afterEach(() => server.chain.setAvailability({ apiNode: 'up', db: 'up' }));

  it('answers 200 with both services up', async () => {
    const reply = await server.get('/node/health');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: { apiNode: 'up', db: 'up' } });
  });

  // `setAvailability` is the in-memory chain's simulation; over PostgreSQL a real outage is tested (postgres-scale-out.test.ts).
  it.skipIf(POSTGRES_BACKEND)('answers 503 with apiNode down while the node is down, and 200 again after', async () => {
    server.chain.setAvailability({ apiNode: 'down' });
    const reply = await server.get('/node/health');
    expect(reply.status).toBe(503);
    expect(reply.body).toEqual({ status: { apiNode: 'down', db: 'up' } });
    // Node identity and time come from the api node; chain data from the database.
    const nodeInfo = await server.get('/node/info');
    expect(nodeInfo.status).toBe(503);
    expect(nodeInfo.body).toEqual({ code: 'ServiceUnavailable', message: 'the api node is unreachable' });
    expect((await server.get('/node/time')).status).toBe(503);
    expect((await server.get('/chain/info')).status).toBe(200);

    server.chain.setAvailability({ apiNode: 'up' });
    expect((await server.get('/node/health')).status).toBe(200);
    expect((await server.get('/node/info')).status).toBe(200);
  });
});

describe('GET /node/info', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startGateway();
  });
  afterAll(() => server.close());

  it('describes a testnet node with the public testnet generation hash seed', async () => {
    const reply = await server.get('/node/info');
    expect(reply.status).toBe(200);
    expect(reply.body.networkIdentifier).toBe(152);
    expect(reply.body.networkGenerationHashSeed).toMatch(/^[0-9A-F]{64}$/);
    expect(reply.body.networkGenerationHashSeed).toBe(TESTNET_SEED);
    expect(reply.body.publicKey).toMatch(/^[0-9A-F]{64}$/);
    expect(reply.body.publicKey).toBe(server.chain.nodeAccount.publicKey);
    expect(reply.body.friendlyName).toBe('symbol-gateway');
  });

  it('shows a configured seed, network and name', async () => {
    const seed = 'AB'.repeat(32);
    const other = await startGateway({ backend: testChain({ generationHashSeed: seed.toLowerCase(), network: 'mainnet', friendlyName: 'node-7' }) });
    try {
      const reply = await other.get('/node/info');
      expect(reply.body.networkGenerationHashSeed).toBe(seed);
      expect(reply.body.networkIdentifier).toBe(104);
      expect(reply.body.friendlyName).toBe('node-7');
      expect((await other.get('/blocks/1')).body.meta.generationHash).toBe(seed);
    } finally {
      await other.close();
    }
  });
});

describe('GET /network/properties', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startGateway();
  });
  afterAll(() => server.close());

  it('gives the testnet epoch adjustment, identifier and the node\'s seed', async () => {
    const reply = await server.get('/network/properties');
    expect(reply.status).toBe(200);
    const { network, chain } = reply.body;
    expect(network.epochAdjustment).toMatch(/^\d+s$/);
    expect(network.epochAdjustment).toBe(`${TESTNET_EPOCH}s`);
    expect(network.identifier).toBe('testnet');
    const info = await server.get('/node/info');
    expect(network.generationHashSeed).toBe(info.body.networkGenerationHashSeed);
    expect(network.nemesisSignerPublicKey).toBe(server.chain.nemesisAccount.publicKey);
    expect(chain.currencyMosaicId).toEqual(expect.any(String));
    expect(chain.currencyMosaicId).toMatch(/^0x[0-9A-F']+$/);
  });

  it('gives a configured epoch adjustment', async () => {
    const other = await startGateway({ backend: testChain({ epochAdjustment: 1700000000 }) });
    try {
      const reply = await other.get('/network/properties');
      expect(reply.body.network.epochAdjustment).toBe('1700000000s');
    } finally {
      await other.close();
    }
  });
});

describe('GET /network', () => {
  it('names the network', async () => {
    const server = await startGateway();
    try {
      const reply = await server.get('/network');
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ name: 'testnet', description: expect.any(String) });
    } finally {
      await server.close();
    }
  });

  it('names a mainnet chain mainnet', async () => {
    const server = await startGateway({ backend: testChain({ network: 'mainnet' }) });
    try {
      expect((await server.get('/network')).body.name).toBe('mainnet');
      expect((await server.get('/network/properties')).body.network.identifier).toBe('mainnet');
    } finally {
      await server.close();
    }
  });
});

describe('GET /node/server', () => {
  it('gives the REST version and deployment', async () => {
    const server = await startGateway();
    try {
      const reply = await server.get('/node/server');
      expect(reply.status).toBe(200);
      const { serverInfo } = reply.body;
      expect(serverInfo.restVersion).toMatch(/^\d+\.\d+\.\d+/);
      expect(serverInfo.deployment).toEqual({
        deploymentTool: expect.any(String),
        deploymentToolVersion: expect.any(String),
        lastUpdatedDate: expect.any(String),
      });
    } finally {
      await server.close();
    }
  });
});

describe('GET /node/time', () => {
  it('gives receive and send stamps from the chain clock, receive first', async () => {
    // A fresh test chain: its clock reads FIXED_START + 5 s, then + 10 s.
    const server = await startGateway();
    try {
      const reply = await server.get('/node/time');
      expect(reply.status).toBe(200);
      const { sendTimestamp, receiveTimestamp } = reply.body.communicationTimestamps;
      expect(sendTimestamp).toMatch(DECIMAL);
      expect(receiveTimestamp).toMatch(DECIMAL);
      expect(BigInt(receiveTimestamp) <= BigInt(sendTimestamp)).toBe(true);
      const epochMs = BigInt(TESTNET_EPOCH) * 1000n;
      expect(BigInt(receiveTimestamp)).toBe(BigInt(FIXED_START + 5_000) - epochMs);
      expect(BigInt(sendTimestamp)).toBe(BigInt(FIXED_START + 10_000) - epochMs);

      // The next block is stamped by the same clock, after the node time.
      const block = server.chain.harvest();
      expect(BigInt(block.block.timestamp)).toBe(BigInt(FIXED_START + 15_000) - epochMs);
    } finally {
      await server.close();
    }
  });

  it('follows a configured epoch adjustment', async () => {
    const server = await startGateway({ backend: testChain({ epochAdjustment: 1700000000 }) });
    try {
      const reply = await server.get('/node/time');
      expect(BigInt(reply.body.communicationTimestamps.receiveTimestamp)).toBe(BigInt(FIXED_START + 5_000) - 1_700_000_000_000n);
    } finally {
      await server.close();
    }
  });
});

describe('symbol-sdk consuming the node', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startGateway();
  });
  afterAll(() => server.close());

  /** Builds a symbol-sdk Network from what a wallet reads: /node/info and /network/properties. */
  async function networkFromNode(): Promise<Network> {
    const info = (await server.get('/node/info')).body;
    const properties = (await server.get('/network/properties')).body;
    const epochSeconds = Number(/^(\d+)s$/.exec(properties.network.epochAdjustment)![1]);
    return new Network('testnet', info.networkIdentifier, new Date(epochSeconds * 1000), new Hash256(info.networkGenerationHashSeed));
  }

  it('derives the harvesters\' addresses from their public keys', async () => {
    const network = await networkFromNode();
    for (const harvester of server.chain.harvesters) {
      const address = network.publicKeyToAddress(new PublicKey(harvester.publicKey));
      expect(address.toString()).toBe(harvester.address);
      expect(network.isValidAddressString(harvester.address)).toBe(true);
    }
    expect(network.publicKeyToAddress(new PublicKey(server.chain.harvesters[0].publicKey)).toString()).toMatch(/^T/);
  });

  it('matches the public testnet the SDK knows', async () => {
    const network = await networkFromNode();
    expect(network.identifier).toBe(Network.TESTNET.identifier);
    expect(network.generationHashSeed.toString()).toBe(Network.TESTNET.generationHashSeed.toString());
    expect(network.datetimeConverter.epoch.getTime()).toBe(Network.TESTNET.datetimeConverter.epoch.getTime());
  });

  it('reads a block\'s beneficiary and timestamp as the chain made them', async () => {
    const network = await networkFromNode();
    const harvested = server.chain.harvest();
    const reply = await server.get(`/blocks/${harvested.block.height}`);
    const { beneficiaryAddress, signerPublicKey, timestamp } = reply.body.block;
    const beneficiary = new Address(new Uint8Array(Buffer.from(beneficiaryAddress, 'hex')));
    expect(network.isValidAddress(beneficiary)).toBe(true);
    expect(beneficiary.toString()).toBe(network.publicKeyToAddress(new PublicKey(signerPublicKey)).toString());
    // The block's network time, converted by the SDK, is the chain clock's reading when it was
    // harvested: its first reading on this chain (nothing above reads the clock), FIXED_START + 5 s.
    const at = network.toDatetime(new NetworkTimestamp(BigInt(timestamp)));
    expect(at.getTime()).toBe(FIXED_START + 5_000);
  });
});

describe('GET /network/properties follows the chain options', () => {
  it('names the chain currency (the nemesis account\'s mosaic of nonce 0, as on the public networks) and the transaction lifetimes the chain enforces', async () => {
    const server = await startGateway({ backend: testChain({ network: 'mainnet', maxTransactionLifetime: 5_400_000 }) });
    try {
      const { chain, plugins } = (await server.get('/network/properties')).body;
      const expected = generateMosaicId(new Address(server.chain.nemesisAccount.address), 0).toString(16).toUpperCase().padStart(16, '0');
      expect(chain.currencyMosaicId).toBe(`0x${expected.match(/.{4}/g)!.join("'")}`);
      expect(chain.currencyMosaicId.replace(/0x|'/g, '')).toBe(server.chain.currency.mosaicId);
      expect(chain.maxTransactionLifetime).toBe('90m');
      expect(plugins.aggregate.maxBondedTransactionLifetime).toBe('12h');
    } finally {
      await server.close();
    }
  });
});
