/**
 * Freezes `value` and every object and array within it; returns it. Objects already
 * frozen are taken as frozen all the way down. A backend freezes what never changes (a
 * confirmed block, a rendered entry); the gateway keeps the JSON of a frozen object for as
 * long as it lives (src/http/json.ts).
 *
 * @example deepFreeze({ block: { height: '2' } })
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
    Object.freeze(value);
  }
  return value;
}
