import { StateWriter, hashedTreeKey, hexBytes } from '../../memory/state/state-writer.js';
import type { MultisigEntry } from './state.js';

/** catapult's `MultisigEntrySerializer::State_Version`. */
export const MULTISIG_ENTRY_VERSION = 1;

/**
 * A multisig entry as the multisig cache's Patricia tree hashes it (catapult's
 * `MultisigEntrySerializer`, the catbuffer `MultisigEntry`): min approval, min removal
 * (uint32 each), the account, then its cosignatories and the accounts it cosigns for (a
 * uint64 count each, addresses in `SortedAddressSet` order: by their bytes).
 */
export function serializeMultisigEntry(entry: MultisigEntry): Uint8Array {
  const writer = new StateWriter(MULTISIG_ENTRY_VERSION).u32(entry.minApproval).u32(entry.minRemoval).hex(entry.accountAddress, 24);
  for (const list of [entry.cosignatoryAddresses, entry.multisigAddresses]) {
    const sorted = [...new Set(list.map((address) => address.toUpperCase()))].sort();
    writer.u64(BigInt(sorted.length));
    for (const address of sorted) writer.hex(address, 24);
  }
  return writer.finish();
}

/** The multisig tree's key: SHA3-256 of the account's address (24 bytes). */
export function multisigTreeKey(accountAddress: string): Uint8Array {
  return hashedTreeKey(hexBytes(accountAddress, 24));
}
