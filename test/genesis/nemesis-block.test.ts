import { describe, expect, it } from 'vitest';
import { InMemoryChain, NemesisMismatchError, type NemesisBlockInput } from '../../src/index.js';
import { readGenesisPreset } from '../../src/genesis/index.js';

/** symbol-bootstrap 1.1.10's testnet preset (test/fixtures/genesis/testnet/SOURCE.md). */
const TESTNET = new URL('../fixtures/genesis/testnet/', import.meta.url);
const NEMESIS_HEADER_SIZE = 424;
const TRANSFER_TYPE = 0x4154;

/** The testnet's block 1 as the chain takes it, with what catapult stored beside it and the network's options (readGenesisPreset). */
async function testnetNemesis(): Promise<{ options: ConstructorParameters<typeof InMemoryChain>[0]; nemesis: NemesisBlockInput }> {
  const preset = await readGenesisPreset(TESTNET.pathname);
  return { options: { ...preset.options, blockInterval: false }, nemesis: preset.options.nemesis! };
}

/** The offset of the first transfer's first mosaic amount in a nemesis block. */
function firstTransferAmount(block: Uint8Array): number {
  const view = new DataView(block.buffer, block.byteOffset, block.byteLength);
  for (let offset = NEMESIS_HEADER_SIZE; offset < block.length; ) {
    const size = view.getUint32(offset, true);
    // size, reserved, signature, signer, reserved, version, network, then the type; a transfer's first mosaic follows its recipient, sizes and id.
    if (view.getUint16(offset + 110, true) === TRANSFER_TYPE && block[offset + 128 + 24 + 2] > 0) return offset + 128 + 24 + 2 + 1 + 1 + 4 + 8;
    offset += size + ((8 - (size % 8)) % 8);
  }
  throw new Error('no transfer with a mosaic');
}

describe("a network's own nemesis block (catapult's nemesis block loader)", () => {
  it("executes testnet's block 1 to every hash catapult stored: block, generation, transactions, receipts, state, the 9 sub-cache roots, each transaction's", async () => {
    const { options, nemesis } = await testnetNemesis();
    const chain = new InMemoryChain(options);
    const block = chain.latestBlock;
    expect(block.meta.hash).toBe('135B9276FE14D6724F87764DD3F8E332813AE9A36D1A7953B12213EA9ACB6B97');
    expect(block.meta.hash).toBe(nemesis.hash);
    expect(block.meta.generationHash).toBe(nemesis.generationHash);
    expect(block.meta.stateHashSubCacheMerkleRoots).toEqual(nemesis.subCacheMerkleRoots);
    expect(block.meta.transactionsCount).toBe(37);
    expect(chain.nemesisPublicKey).toBe('76E94661562762111FF7E592B00398554973396D8A4B922F3E3D139892F7C35C');
    expect(chain.currency.mosaicId).toBe('72C0212E67A08BCE');
    chain.close();
  });

  it('refuses a copy with one amount changed: the accountState root no longer matches (signatures not checked), or a signature fails (checked)', async () => {
    const { options, nemesis } = await testnetNemesis();
    const block = Uint8Array.from(nemesis.block);
    // One atomic unit less for the first recipient (one more stays with the nemesis account): every transaction still runs.
    const at = firstTransferAmount(block);
    const view = new DataView(block.buffer);
    view.setBigUint64(at, view.getBigUint64(at, true) - 1n, true);
    let error: unknown;
    try {
      new InMemoryChain({ ...options, nemesis: { ...nemesis, block, verifySignatures: false } }).close();
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(NemesisMismatchError);
    const differences = (error as NemesisMismatchError).differences.map(({ what }) => what);
    expect(differences).toContain('stateHash');
    expect(differences).toContain('subCacheMerkleRoots.accountState');
    // The other trees hold what they held.
    expect(differences.filter((what) => what.startsWith('subCacheMerkleRoots.'))).toEqual(['subCacheMerkleRoots.accountState']);
    expect(() => new InMemoryChain({ ...options, nemesis: { ...nemesis, block } })).toThrow(/transaction \d+ \([0-9A-F]{64}\) has a signature that does not verify/);
  });

  it('names the dump by its nemesis block: a load without the block is refused, with it the chain plays to its head', async () => {
    const { options, nemesis } = await testnetNemesis();
    const chain = new InMemoryChain(options);
    chain.harvest();
    const dump = chain.dev.dump();
    expect(dump.options.nemesis).toEqual({ hash: nemesis.hash });
    const { nemesis: _nemesis, ...withoutBlock } = options!;
    expect(() => InMemoryChain.load(dump, { blockInterval: false })).toThrow(`the dump was made on a network's nemesis block (${nemesis.hash})`);
    const loaded = InMemoryChain.load(dump, { blockInterval: false, nemesis });
    expect(loaded.latestBlock.meta.hash).toBe(chain.latestBlock.meta.hash);
    expect(withoutBlock.network).toBe('testnet');
    chain.close();
    loaded.close();
  });
});
