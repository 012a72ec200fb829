/**
 * Small shape validators for upstream answers: each checks the few fields its caller relies
 * on, not the whole schema, so an upstream that adds fields (or a newer reference gateway)
 * still passes, while one that answers garbage is stopped with a message that says what.
 */

/**
 * Returns `value` as a `T`, or throws an Error whose message completes the sentence
 * "the answer ..." (`has no block.height`); the client adds the request to it.
 */
export type Check<T> = (value: unknown) => T;

/** The shape error of a field: `has no meta.hash`, `has meta.hash "xyz", not 64 hex`. */
export class ShapeError extends Error {
  constructor(
    /** Where in the answer: `block.height`, `data[3].meta.hash`; '' for the answer itself. */
    readonly path: string,
    /** What was expected, `a decimal string`; undefined when the field is missing. */
    readonly expected?: string,
    readonly actual?: unknown,
  ) {
    super(expected === undefined ? `has no ${path}` : `${path ? `has ${path} ` : 'is '}${preview(actual)}, not ${expected}`);
    this.name = 'ShapeError';
  }

  /** The same error, a level down: `data[3]` in front of its path. */
  under(prefix: string): ShapeError {
    const path = this.path === '' || this.path.startsWith('[') ? `${prefix}${this.path}` : `${prefix}.${this.path}`;
    return new ShapeError(path, this.expected, this.actual);
  }
}

/** A check of one field: what it must be (for the message), and how to tell. */
export interface FieldCheck {
  expected: string;
  test(value: unknown): boolean;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A check of an object by the dotted paths it must have, each with its field check.
 *
 * @example
 * const blockInfo = fields<BlockInfoDTO>({ 'block.height': fieldChecks.decimal, 'meta.hash': fieldChecks.hex(32) });
 * blockInfo({ block: {}, meta: {} }); // throws ShapeError: has no block.height
 */
export function fields<T>(checks: Record<string, FieldCheck>): Check<T> {
  const entries = Object.entries(checks).map(([path, check]) => ({ path, keys: path.split('.'), check }));
  return (value) => {
    if (!isObject(value)) throw new ShapeError('', 'an object', value);
    for (const { path, keys, check } of entries) {
      let field: unknown = value;
      for (const key of keys) field = isObject(field) ? field[key] : undefined;
      if (field === undefined) throw new ShapeError(path);
      if (!check.test(field)) throw new ShapeError(path, check.expected, field);
    }
    return value as T;
  };
}

/** A check of an array whose every item passes `item`; the path of a failure names the item (`[3].meta.hash`). */
export function listOf<T>(item: Check<T>): Check<T[]> {
  return (value) => {
    if (!Array.isArray(value)) throw new ShapeError('', 'an array', value);
    value.forEach((entry, index) => checkUnder(`[${index}]`, item, entry));
    return value as T[];
  };
}

/** `check(value)`, with a shape error's path put under `prefix`. */
export function checkUnder<T>(prefix: string, check: Check<T>, value: unknown): T {
  try {
    return check(value);
  } catch (error) {
    throw error instanceof ShapeError ? error.under(prefix) : error;
  }
}

/** A short rendering of a wrong value for a message. */
function preview(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 40 ? `${json.slice(0, 40)}...` : json;
}
