import { parseArgs, type ParseArgsConfig } from 'node:util';

/** What the `symbol-gateway` commands share of their flags: their errors, numbers and URLs. */

/** A bad flag or value: the command prints the message, then a line naming its `--help`, and exits with code 2. */
export class UsageError extends Error {}

/** The line after a UsageError's message: where the options are listed (`command`: `symbol-gateway`, `symbol-gateway mirror`). */
export function helpLine(command: string): string {
  return `run ${command} --help for the options`;
}

/** The values `parseArgs` answers for `options`. */
export type Flags<T extends NonNullable<ParseArgsConfig['options']>> = ReturnType<typeof parseArgs<{ args: string[]; strict: true; allowPositionals: false; options: T }>>['values'];

/**
 * The flags of `argv` as `options` declares them (no positionals); an unknown or malformed one is
 * a UsageError of one line. A negative number after a flag that takes a value is that value
 * (`--block-time -1`), so the flag's own check names what it takes.
 */
export function flagsOf<T extends NonNullable<ParseArgsConfig['options']>>(argv: readonly string[], options: T): Flags<T> {
  try {
    return parseArgs({ args: negativesJoined(argv, options), strict: true, allowPositionals: false, options }).values;
  } catch (error) {
    const message = (error as Error).message;
    // parseArgs's own is three lines about '--flag=-XYZ'.
    const ambiguous = /^Option '(--[^' ]+)' argument is ambiguous/.exec(message);
    throw new UsageError(ambiguous ? `${ambiguous[1]} needs a value, not the option after it` : message.split('\n')[0]);
  }
}

/** `--flag -1` as `--flag=-1` for a flag that takes a value: parseArgs reads a value that starts with '-' as an option. */
function negativesJoined(argv: readonly string[], options: NonNullable<ParseArgsConfig['options']>): string[] {
  const args: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') return [...args, ...argv.slice(i)];
    const name = arg.startsWith('--') && !arg.includes('=') ? arg.slice(2) : undefined;
    const next = argv[i + 1];
    if (name !== undefined && Object.hasOwn(options, name) && options[name].type === 'string' && next !== undefined && /^-\.?\d/.test(next)) {
      args.push(`${arg}=${next}`);
      i++;
    } else {
      args.push(arg);
    }
  }
  return args;
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
