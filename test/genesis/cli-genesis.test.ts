/**
 * `symbol-gateway --genesis <preset>`: the command's chain starts from a network's own block 1
 * (symbol-bootstrap's presets), and harvests on top of it.
 */
import { generateNamespaceId, SymbolFacade } from 'symbol-sdk/symbol';
import { PrivateKey } from 'symbol-sdk';
import { KeyPair } from 'symbol-sdk/symbol';
import { once } from 'node:events';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureGenesisPresets } from '../../scripts/genesis-presets.js';
import { finished, listening } from '../support/cli.js';

const TESTNET = new URL('../fixtures/genesis/testnet', import.meta.url).pathname;
const TESTNET_BLOCK_1 = '135B9276FE14D6724F87764DD3F8E332813AE9A36D1A7953B12213EA9ACB6B97';
const json = async (url: string, init?: RequestInit): Promise<any> => (await fetch(url, init)).json();
const put = (url: string, body: unknown) => json(url, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const post = (url: string, body: unknown) => json(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** A new account funded through the development controls pays another; the block after confirms it. */
async function payOnTop(base: string, network: 'mainnet' | 'testnet', currency: string): Promise<void> {
  const facade = new SymbolFacade(network === 'mainnet' ? 'mainnet' : 'testnet');
  // The chain's own generation hash seed and epoch: the preset's, which the wallet's facade knows for the public networks.
  const { network: { generationHashSeed } } = await json(`${base}/network/properties`);
  expect(generationHashSeed).toBe(facade.network.generationHashSeed.toString());
  const alice = new KeyPair(PrivateKey.random());
  const bob = new KeyPair(PrivateKey.random());
  const aliceAddress = facade.network.publicKeyToAddress(alice.publicKey).toString();
  expect((await put(`${base}/dev/balance`, { address: aliceAddress, mosaicId: currency, amount: '100000000' })).amount).toBe('100000000');
  // The deadline an hour after the node's network time.
  const timestamp = BigInt((await json(`${base}/node/time`)).communicationTimestamps.receiveTimestamp);
  const transaction = facade.transactionFactory.create({
    type: 'transfer_transaction_v1',
    signerPublicKey: alice.publicKey,
    fee: 1_000_000n,
    deadline: timestamp + 3_600_000n,
    recipientAddress: facade.network.publicKeyToAddress(bob.publicKey),
    mosaics: [{ mosaicId: BigInt(`0x${currency}`), amount: 5_000_000n }],
  });
  const payload = facade.transactionFactory.static.attachSignature(transaction, facade.signTransaction(alice, transaction));
  const hash = facade.hashTransaction(transaction).toString();
  expect((await fetch(`${base}/transactions`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: payload })).status).toBe(202);
  const mined = await post(`${base}/dev/mine`, { count: 1 });
  const status = await json(`${base}/transactionStatus/${hash}`);
  expect(status).toMatchObject({ group: 'confirmed', height: mined.blocks[0].height });
  expect(BigInt(mined.blocks[0].height)).toBeGreaterThan(1n);
  const bobAccount = (await json(`${base}/accounts/${facade.network.publicKeyToAddress(bob.publicKey)}`)).account;
  expect(bobAccount.mosaics).toEqual([{ id: currency, amount: '5000000' }]);
}

describe('symbol-gateway --genesis', () => {
  let presets: string;
  beforeAll(async () => {
    presets = await ensureGenesisPresets();
  }, 120_000);

  it("serves testnet's real block 1 and harvests on top: a transfer from an account funded through the development controls confirms", async () => {
    const gateway = await listening(['--genesis', TESTNET, '--block-time', '0']);
    await gateway.printed(`block 1: the testnet nemesis block ${TESTNET_BLOCK_1} (37 transactions)`);
    expect((await json(`${gateway.base}/blocks/1`)).meta.hash).toBe(TESTNET_BLOCK_1);
    // No funded test accounts: the network's own nemesis block funds none of the chain's.
    expect(gateway.output()).not.toContain('funded test accounts');
    await payOnTop(gateway.base, 'testnet', '72C0212E67A08BCE');
  }, 60_000);

  it("serves mainnet's real block 1 BEED005B…09E020 (26,017 transactions) and a transfer confirms in a later block", async () => {
    const gateway = await listening(['--genesis', `${presets}/mainnet`, '--block-time', '0'], {}, 90_000);
    await gateway.printed('(26017 transactions)');
    const block = await json(`${gateway.base}/blocks/1`);
    expect(block.meta.hash).toBe('BEED005B82B22FC32DA6FDF4DFEB7C11BA6A8C5C504EB7B9CCF91B9B2A09E020');
    expect(block.meta.totalTransactionsCount).toBeGreaterThan(26_017);
    expect(gateway.output()).toContain('in-memory mainnet');
    await payOnTop(gateway.base, 'mainnet', '6BED913FA20223F8');
  }, 120_000);

  it("makes the nemesis block symbol-bootstrap's bootstrap preset plans: cat.currency and cat.harvest, its funded accounts printed with their keys", async () => {
    const gateway = await listening(['--genesis', `${presets}/bootstrap`, '--block-time', '0']);
    await gateway.printed('funded test accounts');
    const cat = generateNamespaceId('cat');
    const ids = [generateNamespaceId('currency', cat), generateNamespaceId('harvest', cat)].map((id) => id.toString(16).toUpperCase().padStart(16, '0'));
    const names = await post(`${gateway.base}/namespaces/names`, { namespaceIds: ids });
    // Each name with its parent's.
    expect(names.map((entry: any) => entry.name).sort()).toEqual(['cat', 'currency', 'harvest']);
    const mosaicNames = await post(`${gateway.base}/namespaces/mosaic/names`, { mosaicIds: [(await json(`${gateway.base}/namespaces/${ids[0]}`)).namespace.alias.mosaicId] });
    expect(mosaicNames.mosaicNames[0].names).toEqual(['cat.currency']);
    expect(await (await fetch(`${gateway.base}/network/currency/supply/total`)).text()).toBe('8998999998.000000');
    await gateway.printed('cat.harvest, atomic units)');
    const accounts = gateway.output().split('\n').filter((line) => / {2}T[A-Z0-9]{38} {2}private key [0-9A-F]{64}/.test(line));
    expect(accounts).toHaveLength(5 + 2);
    expect(accounts.filter((line) => line.includes('cat.currency'))).toHaveLength(5);
  }, 60_000);

  it('writes its chain to --state and loads it again only with the same --genesis', async () => {
    const state = join(await mkdtemp(join(tmpdir(), 'genesis-state-')), 'chain.json');
    const first = await listening(['--genesis', TESTNET, '--block-time', '0', '--state', state]);
    const { blocks } = await post(`${first.base}/dev/mine`, { count: 2 });
    first.child.kill('SIGTERM');
    await once(first.child, 'exit');
    const without = await finished(['--block-time', '0', '--state', state]);
    expect(without.code).toBe(2);
    expect(without.stderr).toContain(`the chain in ${state} was made on the network nemesis block ${TESTNET_BLOCK_1}: start with --genesis`);
    const again = await listening(['--genesis', TESTNET, '--block-time', '0', '--state', state]);
    await again.printed(`state: loaded from ${state} at height 3`);
    expect((await json(`${again.base}/blocks/3`)).meta.hash).toBe(blocks[1].hash);
  }, 60_000);

  it('refuses --accounts, --balance, --network-properties and --fork with it, and a folder that is no preset, with exit code 2 and the reason', async () => {
    for (const [flags, reason] of [
      [['--accounts', '3'], '--accounts goes without --genesis'],
      [['--balance', '5'], '--balance goes without --genesis'],
      [['--network-properties', 'config-network.properties'], '--network-properties goes without --genesis'],
      [['--fork', 'http://127.0.0.1:1'], '--genesis goes without --fork'],
      [['--network', 'mainnet'], `--network mainnet differs from the network of --genesis ${TESTNET} (testnet)`],
    ] as const) {
      const { code, stderr } = await finished(['--genesis', TESTNET, ...flags]);
      expect(code, flags.join(' ')).toBe(2);
      expect(stderr).toContain(reason);
    }
    const missing = await finished(['--genesis', '/nonexistent/preset']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--genesis \/nonexistent\/preset: .*network\.yml/);
  }, 60_000);
});
