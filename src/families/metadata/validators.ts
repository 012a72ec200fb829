/**
 * The metadata plugin's validators (catapult's plugins/txes/metadata), each one rule, in the
 * order catapult registers them.
 */
import type { FailureCode, Payload } from '../../memory/execution/notification.js';
import type { ValidationContext } from '../../memory/execution/plugin.js';
import { METADATA, compositeHash, keyOf, type METADATA_SIZES, type ValuePayload } from './state.js';

// Stateless.

/** An empty value, a size change larger than the value, or a value over the network's `maxValueSize`. */
export function validateSizes({ valueSizeDelta, valueSize }: Payload<typeof METADATA_SIZES>, context: ValidationContext): FailureCode | undefined {
  // An entry's value is never empty, so no transaction may send an empty one.
  if (valueSize === 0) return 'Failure_Metadata_Value_Too_Small';
  if (Math.abs(valueSizeDelta) > valueSize) return 'Failure_Metadata_Value_Size_Delta_Too_Large';
  return valueSize > context.rules.maxValueSize ? 'Failure_Metadata_Value_Too_Large' : undefined;
}

// Stateful.

/**
 * Sizes that do not fit the entry the value changes (a new entry's value is all new; an
 * existing one's is its size plus the delta), or a shrink whose cut-off bytes are not the
 * entry's own (the change could not be undone).
 */
export function validateValue(payload: ValuePayload, context: ValidationContext): FailureCode | undefined {
  const { valueSizeDelta, valueSize, value } = payload;
  const entry = context.state.cache(METADATA).get(compositeHash(keyOf(payload, context)));
  if (!entry) return valueSizeDelta === valueSize ? undefined : 'Failure_Metadata_Value_Size_Delta_Mismatch';
  const expectedSize = valueSizeDelta > 0 ? valueSize - valueSizeDelta : valueSize;
  if (expectedSize !== entry.value.length) return 'Failure_Metadata_Value_Size_Delta_Mismatch';
  if (valueSizeDelta >= 0) return undefined;
  const kept = valueSize + valueSizeDelta;
  for (let i = kept; i < valueSize; i++) if (entry.value[i] !== value[i]) return 'Failure_Metadata_Value_Change_Irreversible';
  return undefined;
}
