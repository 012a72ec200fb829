import { parseArgs, type ParseArgsConfig } from 'node:util';

/** What the `symbol-gateway` commands share of their flags: their errors, numbers and URLs. */

/** A bad flag or value: the command prints the message, then its usage, and exits with code 2. */
export class UsageError extends Error {}

/** The values `parseArgs` answers for `options`. */
export type Flags<T extends NonNullable<ParseArgsConfig['options']>> = ReturnType<typeof parseArgs<{ args: string[]; strict: true; allowPositionals: false; options: T }>>['values'];

/** The flags of `argv` as `options` declares them (no positionals); an unknown or malformed one is a UsageError. */
export function flagsOf<T extends NonNullable<ParseArgsConfig['options']>>(argv: readonly string[], options: T): Flags<T> {
  try {
    return parseArgs({ args: [...argv], strict: true, allowPositionals: false, options }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** A whole number from `min` to `max` given as `text` for the flag `name`. */
export function whole(name: string, text: string, min: number, max: number): number {
  const value = /^\d{1,9}$/.test(text) ? Number(text) : NaN;
  if (!(value >= min && value <= max)) throw new UsageError(`${name} must be a whole number from ${min} to ${max}, not '${text}'`);
  return value;
}

/** A URL without its password, for the console. */
export function redacted(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the database';
  }
}

/** Whether `host` (a `--host` value) takes connections from this machine only. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host) || /^::ffff:127\./i.test(host);
}
