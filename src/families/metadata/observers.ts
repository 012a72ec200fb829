/**
 * The metadata plugin's observer (catapult's plugins/txes/metadata): a value written into its
 * entry.
 */
import type { ObservationContext } from '../../memory/execution/plugin.js';
import { METADATA, compositeHash, keyOf, updatedValue, type ValuePayload } from './state.js';

/** XORs the sent value into the entry (created if new), resized by the delta; an entry left empty is removed. */
export function observeValue(payload: ValuePayload, context: ObservationContext): void {
  const { valueSizeDelta, valueSize, value } = payload;
  const size = valueSizeDelta < 0 ? valueSize + valueSizeDelta : valueSize;
  const key = keyOf(payload, context);
  const hash = compositeHash(key);
  const metadata = context.state.cache(METADATA);
  const entry = metadata.get(hash);
  if (entry && size === 0) {
    metadata.remove(hash);
    return;
  }
  metadata.set(hash, { ...key, compositeHash: hash, value: updatedValue(entry?.value, value, size) });
}
