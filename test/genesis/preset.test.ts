/**
 * symbol-bootstrap 1.1.10's presets read as the chain's options: the testnet fixture
 * (test/fixtures/genesis: testnet/ with ../shared.yml), mainnet and the `bootstrap` preset from
 * the package itself (scripts/genesis-presets.ts), and copies of the fixture edited to be refused.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureGenesisPresets } from '../../scripts/genesis-presets.js';
import { readGenesisPreset, type GenesisPreset } from '../../src/genesis/index.js';
import { CHAIN_KEYS } from '../../src/genesis/preset-keys.js';
import { InMemoryChain } from '../../src/index.js';
import { testnetRules, type ChainRules } from '../../src/memory/rules.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/genesis/', import.meta.url));
const TESTNET = join(FIXTURES, 'testnet');
const TESTNET_BLOCK_1 = '135B9276FE14D6724F87764DD3F8E332813AE9A36D1A7953B12213EA9ACB6B97';
/** The package's presets: fetched once per run (a few seconds), then from node_modules/.cache. */
const PACKAGE_TIMEOUT = 120_000;

describe('readGenesisPreset: the testnet fixture, shared.yml merged under network.yml', () => {
  let preset: GenesisPreset;
  beforeAll(async () => {
    preset = await readGenesisPreset(TESTNET);
  });

  it("reads the network: testnet, its seed and epoch, 30 s blocks, importance every 180, 6 h lifetimes", () => {
    const { rules, nemesis, ...options } = preset.options;
    expect(options).toEqual({
      network: 'testnet',
      generationHashSeed: '49D6E1CE276A85B70EAFE52349AACCA389302E7A9754BCF1221E79494FC665A4',
      epochAdjustment: 1667250467,
      networkDescription: 'Symbol Sainet Network',
      blockTime: 30_000,
      importanceGrouping: 180,
      maxTransactionLifetime: 6 * 3_600_000,
    });
    expect(preset.description).toBe('Symbol Sainet Network');
    expect(preset.directory).toBe(TESTNET);
  });

  it('reads the rules, day spans counted in blocks at 30 s (namespaceGracePeriodDuration 1d is 2880 blocks)', () => {
    expect(preset.options.rules).toMatchObject({
      namespaceGracePeriod: 2880n,
      minNamespaceDuration: 86_400n,
      maxNamespaceDuration: 5_256_000n,
      maxHashLockDuration: 5760n,
      initialCurrencyAtomicUnits: 7_842_928_625_000_000n,
      totalChainImportance: 7_842_928_625_000_000n,
      minHarvesterBalance: 10_000_000_000n,
      harvestBeneficiaryPercentage: 25,
      maxChildNamespaces: 100,
      // From shared.yml: the network.yml does not set them.
      minFeeMultiplier: 100,
      maxProofSize: 1024,
      strictAggregateTransactionHashHeight: 0n,
    } satisfies Partial<ChainRules>);
    expect(preset.options.rules?.reservedRootNamespaceNames).toEqual(['symbol', 'symbl', 'xym', 'xem', 'nem', 'user', 'account', 'org', 'com', 'biz', 'net', 'edu', 'mil', 'gov', 'info']);
  });

  it('reads the inflation schedule: 423 steps from [2, 0] and [5760, 191997042] to [110422799, 0], the chain’s testnet default', () => {
    const inflation = preset.options.rules?.inflation ?? [];
    expect(inflation).toHaveLength(423);
    expect(inflation.slice(0, 2)).toEqual([
      [2n, 0n],
      [5760n, 191_997_042n],
    ]);
    expect(inflation.at(-1)).toEqual([110_422_799n, 0n]);
    expect(inflation).toEqual(testnetRules(30_000).inflation);
  });

  it("takes the seed's nemesis block with the preset's currency and sinks, and no former sinks", () => {
    const nemesis = preset.options.nemesis;
    expect(nemesis).toMatchObject({
      hash: TESTNET_BLOCK_1,
      generationHash: '96FAA65899ED0EF309D17D7456C052BB2D7618B239C03BEDDCCBDEC6D82CBC0F',
      currencyMosaicId: '72C0212E67A08BCE',
      sinks: {
        mosaicRental: 'TA53AVLYMT5HCP5TJ23CGKGTUXQHNPBTJ4Z2LIQ',
        namespaceRental: 'TDVFW6NZN3YI6O4ZRYZHGY73KADCW4HX6IDIKZI',
        harvestNetworkFee: 'TBC3AX4TMSYWTCWR6LDHPKWQQL7KPCOMHECN2II',
      },
    });
    expect(nemesis?.block).toHaveLength(6745);
    expect(nemesis?.transactions).toHaveLength(37);
    expect(nemesis?.subCacheMerkleRoots).toHaveLength(9);
    expect(nemesis?.formerSinks).toBeUndefined();
    expect(preset.seed?.blocks[0].entityHash).toBe(TESTNET_BLOCK_1);
    expect(preset.seed?.statement).toBeDefined();
    expect(preset.nemesisPlan).toBeUndefined();
    expect(preset.harvestingMosaicId).toBe('72C0212E67A08BCE');
  });

  it('lists the keys it does not model (node settings, URLs, peers, fork-only settings), and none it does', () => {
    expect(preset.unmodelled).toEqual(expect.arrayContaining(['maxHarvesterBalance', 'votingSetGrouping', 'maxRollbackBlocks', 'knownPeers', 'knownRestGateways', 'faucetUrl', 'nodePort', 'treasuryReissuance']));
    for (const key of [...Object.keys(CHAIN_KEYS).filter((key) => key !== 'strictAggregateTransactionHash'), 'currencyMosaicId', 'harvestingMosaicId', 'nemesisSignerPublicKey', 'mosaicRentalFeeSinkAddress']) {
      expect(preset.unmodelled).not.toContain(key);
    }
  });

  it("builds a chain whose block 1 is testnet's own (135B9276…)", () => {
    const chain = new InMemoryChain({ ...preset.options, blockInterval: false });
    try {
      expect(chain.latestBlock.meta.hash).toBe(TESTNET_BLOCK_1);
    } finally {
      chain.close();
    }
  });
});

describe('readGenesisPreset: the keys it maps', () => {
  it('reads every ChainRules rule from a preset key (importanceGrouping as the option)', () => {
    const mapped = new Set(Object.values(CHAIN_KEYS).flatMap((reading) => ('rule' in reading ? [reading.rule] : [])));
    const rules = Object.keys(testnetRules(30_000)).filter((rule) => rule !== 'importanceGrouping');
    expect(rules.filter((rule) => !mapped.has(rule as keyof ChainRules))).toEqual([]);
  });
});

describe("readGenesisPreset: mainnet, from symbol-bootstrap 1.1.10's package", () => {
  let preset: GenesisPreset;
  beforeAll(async () => {
    preset = await readGenesisPreset(join(await ensureGenesisPresets(), 'mainnet'));
  }, PACKAGE_TIMEOUT);

  it('reads mainnet: its seed and epoch, importance every 720, aggregates strict from 1690500, 30-day grace periods', () => {
    expect(preset.options).toMatchObject({
      network: 'mainnet',
      generationHashSeed: '57F7DA205008026C776CB6AED843393F04CD458E0AA2D9F1D5F31A402072B2D6',
      epochAdjustment: 1615853185,
      blockTime: 30_000,
      importanceGrouping: 720,
      networkDescription: 'Symbol Mainnet',
      rules: { strictAggregateTransactionHashHeight: 1_690_500n, namespaceGracePeriod: 86_400n, minVotingKeyLifetime: 112, maxVotingKeyLifetime: 360 },
    });
    expect(preset.options.nemesis?.currencyMosaicId).toBe('6BED913FA20223F8');
    expect(preset.harvestingMosaicId).toBe('6BED913FA20223F8');
  });

  it('reads the V1 sinks as the former sinks, in force until the treasury reissuance at height 689761', () => {
    expect(preset.options.nemesis?.sinks).toEqual({
      mosaicRental: 'NCVORTEX4XD5IQASZQEHDWUXT33XBOTBMKFDCLI',
      namespaceRental: 'NCVORTEX4XD5IQASZQEHDWUXT33XBOTBMKFDCLI',
      harvestNetworkFee: 'NAVORTEX3IPBAUWQBBI3I3BDIOS4AVHPZLCFC7Y',
    });
    expect(preset.options.nemesis?.formerSinks).toEqual({
      mosaicRental: 'NC733XE7DF46Q7QYLIIZBBSCJN2BEEP5FQ6PAYA',
      namespaceRental: 'NBDTBUD6R32ZYJWDEWLJM4YMOX3OOILHGDUMTSA',
      harvestNetworkFee: 'NBUTOBVT5JQDCV6UEPCPFHWWOAOPOCLA5AY5FLI',
      until: 689_761n,
    });
    expect(preset.unmodelled).not.toContain('treasuryReissuance');
    expect(preset.unmodelled).toEqual(expect.arrayContaining(['treasuryReissuanceTransactionSignatures', 'corruptAggregateTransactionHashes', 'totalVotingBalanceCalculationFix']));
  });

  // The chain these options make, its block 1 hash by hash: test/genesis/replay.test.ts (one mainnet chain a run is enough).
});

describe("readGenesisPreset: symbol-bootstrap's own bootstrap preset (no seed)", () => {
  let preset: GenesisPreset;
  beforeAll(async () => {
    preset = await readGenesisPreset(join(await ensureGenesisPresets(), 'bootstrap'));
  }, PACKAGE_TIMEOUT);

  it("reads shared.yml's settings under its own: 15 s blocks, importance every 180, a 1-minute namespace is 4 blocks", () => {
    const { rules, nemesisPlan, ...options } = preset.options;
    expect(options).toEqual({
      network: 'testnet',
      epochAdjustment: 1573430400,
      networkDescription: 'Symbol Local Bootstrap',
      blockTime: 15_000,
      importanceGrouping: 180,
      maxTransactionLifetime: 6 * 3_600_000,
    });
    // The plan the chain makes its nemesis block from: the preset's, with the ids the chain's nemesis signer makes.
    expect(nemesisPlan).toEqual({ baseNamespace: 'cat', mosaics: preset.nemesisPlan!.mosaics, maxHarvesterBalance: 50_000_000_000_000n });
    expect(rules).toMatchObject({
      initialCurrencyAtomicUnits: 8_998_999_998_000_000n,
      maxMosaicAtomicUnits: 9_000_000_000_000_000n,
      totalChainImportance: 15_000_000n,
      minHarvesterBalance: 500n,
      harvestBeneficiaryPercentage: 10,
      defaultDynamicFeeMultiplier: 1000,
      minNamespaceDuration: 4n,
      maxNamespaceDuration: 2_102_400n,
      namespaceGracePeriod: 172_800n,
      mosaicRentalFee: 500n,
      inflation: [
        [1n, 0n],
        [10_000n, 0n],
      ],
    } satisfies Partial<ChainRules>);
  });

  it('plans the nemesis block: cat.currency (6 decimals, 5 accounts), cat.harvest (3 decimals, 2 accounts), harvesters given at most 50 000 000 000 000', () => {
    expect(preset.nemesisPlan).toEqual({
      baseNamespace: 'cat',
      mosaics: [
        { name: 'currency', divisibility: 6, duration: 0n, supply: 8_998_999_998_000_000n, isTransferable: true, isSupplyMutable: false, isRestrictable: false, accounts: 5 },
        { name: 'harvest', divisibility: 3, duration: 0n, supply: 15_000_000n, isTransferable: true, isSupplyMutable: true, isRestrictable: false, accounts: 2 },
      ],
      // shared.yml's: the most of the harvesting mosaic each node's account is given.
      maxHarvesterBalance: 50_000_000_000_000n,
    });
    expect(preset.seed).toBeUndefined();
    expect(preset.options.nemesis).toBeUndefined();
    expect(preset.harvestingMosaicId).toBeUndefined();
    expect(preset.unmodelled).not.toContain('nemesis');
  });
});

describe('readGenesisPreset: refusals', () => {
  let scratch: string;
  let copies = 0;
  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'genesis-preset-test-'));
  });
  afterAll(() => rm(scratch, { recursive: true, force: true }));

  /** A copy of the fixture (testnet/ and shared.yml beside it) with `edit` applied to one file's text; the preset folder's path. */
  async function fixtureWith(file: 'network.yml' | '../shared.yml', edit: (text: string) => string): Promise<string> {
    const root = join(scratch, `copy-${++copies}`);
    await cp(FIXTURES, root, { recursive: true });
    const path = join(root, 'testnet', file);
    await writeFile(path, edit(await readFile(path, 'utf8')));
    return join(root, 'testnet');
  }
  /** `text` with `key`'s line set to `value`. */
  const setting = (key: string, value: string) => (text: string) => {
    const edited = text.replace(new RegExp(`^${key}:.*$`, 'm'), `${key}: ${value}`);
    expect(edited).not.toBe(text);
    return edited;
  };
  const refusal = (directory: string) => readGenesisPreset(directory).then(() => expect.unreachable('the preset was read'), (error: unknown) => error as Error);

  it('refuses a bad value, naming the file and the key', async () => {
    const directory = await fixtureWith('network.yml', setting('namespaceGracePeriodDuration', '1w'));
    const error = await refusal(directory);
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe(`${join(directory, 'network.yml')}: namespaceGracePeriodDuration = 1w is not a block span (like 1m, 2h or 30d)`);
  });

  it('names shared.yml for a bad value that comes from it', async () => {
    const directory = await fixtureWith('../shared.yml', setting('maxMultisigDepth', 'three'));
    expect((await refusal(directory)).message).toBe(`${join(directory, '..', 'shared.yml')}: maxMultisigDepth = three is not an unsigned integer (digits, optionally grouped with ')`);
  });

  it("refuses a value the chain cannot honour (enableVerifiableState: false)", async () => {
    const directory = await fixtureWith('../shared.yml', setting('enableVerifiableState', 'false'));
    expect((await refusal(directory)).message).toMatch(/shared\.yml: enableVerifiableState = false cannot be honoured: the in-memory chain always computes state hashes/);
  });

  it("refuses rules the chain refuses, naming the key (harvestNetworkPercentage: 101)", async () => {
    const directory = await fixtureWith('../shared.yml', setting('harvestNetworkPercentage', '101'));
    expect((await refusal(directory)).message).toBe(`${join(directory, '..', 'shared.yml')}: harvestNetworkPercentage = 101 is refused: rules.harvestNetworkPercentage must be at most 100`);
  });

  it('refuses a folder without network.yml', async () => {
    const directory = join(scratch, 'empty-preset');
    await cp(join(TESTNET, 'seed'), join(directory, 'seed'), { recursive: true });
    const error = await refusal(directory);
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe(`${join(directory, 'network.yml')}: no such file (a symbol-bootstrap preset folder holds network.yml)`);
  });

  it("refuses a nemesisSignerPublicKey that is not the seed block's signer", async () => {
    const directory = await fixtureWith('network.yml', setting('nemesisSignerPublicKey', 'AB'.repeat(32)));
    const error = await refusal(directory);
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe(
      `${join(directory, 'network.yml')}: nemesisSignerPublicKey = ${'AB'.repeat(32)} differs from the seed's nemesis block ` +
        `(${join(directory, 'seed', '00000', '00001.dat')}: signer 76E94661562762111FF7E592B00398554973396D8A4B922F3E3D139892F7C35C)`,
    );
  });

  it("refuses a nemesisGenerationHashSeed the seed block's transactions were not made with", async () => {
    const directory = await fixtureWith('network.yml', setting('nemesisGenerationHashSeed', '57F7DA205008026C776CB6AED843393F04CD458E0AA2D9F1D5F31A402072B2D6'));
    expect((await refusal(directory)).message).toMatch(/network\.yml: nemesisGenerationHashSeed = 57F7DA20\w+ differs from the seed's nemesis block \(.*00001\.dat: its first transaction's hash \w+ is not computed with this seed/);
  });

  it('refuses a preset with a seed and no nemesisGenerationHashSeed', async () => {
    const directory = await fixtureWith('network.yml', (text) => text.replace(/^nemesisGenerationHashSeed:.*\n/m, ''));
    expect((await refusal(directory)).message).toBe(`${join(directory, 'network.yml')}: nemesisGenerationHashSeed is missing: a preset with a seed must give its generation hash seed`);
  });

  it("refuses a networkType that is not the seed block's (104 for testnet's block)", async () => {
    const directory = await fixtureWith('network.yml', setting('networkType', '104'));
    expect((await refusal(directory)).message).toMatch(/network\.yml: networkType = 104 differs from the seed's nemesis block \(.*00001\.dat: network 152\)$/);
  });

  it('refuses a networkType of neither network (168)', async () => {
    const directory = await fixtureWith('network.yml', setting('networkType', '168'));
    expect((await refusal(directory)).message).toBe(`${join(directory, 'network.yml')}: networkType = 168 cannot be honoured: the in-memory chain is mainnet (104) or testnet (152)`);
  });

  it('refuses an inflation schedule whose heights do not ascend', async () => {
    const directory = await fixtureWith('network.yml', (text) => text.replace('starting-at-height-5760:', 'starting-at-height-1:'));
    expect((await refusal(directory)).message).toBe(`${join(directory, 'network.yml')}: inflation.starting-at-height-1 comes after height 2: heights must ascend`);
  });
});
