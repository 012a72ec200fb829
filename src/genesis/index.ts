/**
 * symbol-bootstrap presets read as the in-memory chain's options: a public network's rules and
 * its own nemesis block (mainnet's, testnet's), or the plan of a network's nemesis block still
 * to be made (symbol-bootstrap's `bootstrap` preset).
 */
export { readGenesisPreset, type GenesisPreset } from './preset.js';
export type { NemesisPlanInput } from './nemesis-plan.js';
