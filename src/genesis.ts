/**
 * `symbol-gateway/genesis`: real networks' block 1. `readGenesisPreset` reads a symbol-bootstrap
 * preset (mainnet's, testnet's, or its own `bootstrap`) as `InMemoryChain` options whose block 1 is
 * that network's nemesis block; the storage readers read catapult's block storage as a node or
 * nemgen writes it (block elements, statements, finalization proofs, hashes and index files),
 * refusing a truncated, foreign or inconsistent file with a `StorageFormatError`.
 *
 * @example
 * const preset = await readGenesisPreset('presets/mainnet');
 * const chain = new InMemoryChain({ ...preset.options, blockInterval: false });
 * chain.latestBlock.meta.hash; // 'BEED005B…09E020'
 */
export * from './genesis/index.js';
export * from './storage/index.js';
