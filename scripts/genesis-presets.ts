/**
 * symbol-bootstrap's presets (mainnet's and testnet's network settings and seeds, the `bootstrap`
 * preset, `shared.yml`), taken from its npm package into a cache folder of the repository for tests
 * and examples that read them: the package is fetched with `npm pack` (nothing installed), checked
 * against its published integrity, and only `package/presets` extracted.
 * `npx tsx scripts/genesis-presets.ts` prints the folder.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const SYMBOL_BOOTSTRAP_VERSION = '1.1.10';
/** The registry's `dist.integrity` of symbol-bootstrap 1.1.10 (test/fixtures/genesis/testnet/SOURCE.md). */
const INTEGRITY = 'sha512-Db7pDjmbE712LeyhbwtwG0uGZdjPUcEedYgG/httdH7rVkKcxTvOeXxuB9nEu2uWHPrB4pPAmDlGeWwzO8+Rjg==';
const PACKAGE = `symbol-bootstrap@${SYMBOL_BOOTSTRAP_VERSION}`;

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Where the presets are kept: `<cache>/presets`, beside the temporary folders of extractions under way. */
const CACHE = join(ROOT, 'node_modules', '.cache', 'symbol-gateway', `symbol-bootstrap-${SYMBOL_BOOTSTRAP_VERSION}`);

let pending: Promise<string> | undefined;

/**
 * The absolute path of symbol-bootstrap 1.1.10's `presets` folder, extracted on first use
 * (a few seconds: `npm pack` downloads 3.7 MB) and reused after. The folder appears whole or
 * not at all (extracted aside, then renamed into place), so test workers that ask at the same
 * time each get a complete one.
 *
 * @example
 * const preset = await readGenesisPreset(join(await ensureGenesisPresets(), 'mainnet'));
 */
export function ensureGenesisPresets(): Promise<string> {
  pending ??= extractPresets().catch((error: unknown) => {
    pending = undefined;
    throw error;
  });
  return pending;
}

async function extractPresets(): Promise<string> {
  const presets = join(CACHE, 'presets');
  if (await isDirectory(presets)) return presets;
  await mkdir(CACHE, { recursive: true });
  const work = await mkdtemp(join(CACHE, '.extracting-'));
  try {
    const tarball = await packTarball(work);
    await checkIntegrity(tarball);
    const unpacked = join(work, 'unpacked');
    await mkdir(unpacked);
    await run('tar', ['-xzf', tarball, '-C', unpacked, 'package/presets'], work, `extracting package/presets from ${tarball}`);
    try {
      await rename(join(unpacked, 'package', 'presets'), presets);
    } catch (error) {
      // Another caller's rename came first: its folder is as complete as ours would have been.
      if (!(await isDirectory(presets))) throw error;
    }
    return presets;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** `npm pack` of the package into `directory`; the tarball's path. */
async function packTarball(directory: string): Promise<string> {
  const output = await run('npm', ['pack', PACKAGE, '--pack-destination', directory, '--json'], directory, `fetching ${PACKAGE} (is the npm registry reachable?)`);
  let filename: unknown;
  try {
    filename = (JSON.parse(output) as { filename?: unknown }[])[0]?.filename;
  } catch {
    filename = undefined;
  }
  if (typeof filename !== 'string') throw new Error(`fetching ${PACKAGE}: npm pack did not name the tarball it wrote (it printed ${JSON.stringify(output.slice(0, 200))})`);
  return join(directory, filename);
}

async function checkIntegrity(tarball: string): Promise<void> {
  const integrity = `sha512-${createHash('sha512').update(await readFile(tarball)).digest('base64')}`;
  if (integrity !== INTEGRITY) throw new Error(`${tarball}: integrity ${integrity} is not the registry's ${INTEGRITY} for ${PACKAGE}`);
}

/** Runs a command to its end; its standard output, or an error saying what failed and why. */
function run(command: string, args: readonly string[], cwd: string, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    // npm is npm.cmd on Windows, which only a shell runs.
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(new Error(error.code === 'ENOENT' ? `${what}: ${command} is not installed (not found on PATH)` : `${what}: ${command} could not start: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      if (code === 0) return resolve(Buffer.concat(stdout).toString('utf8'));
      // The first lines say why (npm: its error code and the failed request; a stack trace follows).
      const said = Buffer.concat(stderr).toString('utf8').trim().split('\n').slice(0, 4).join('\n');
      reject(new Error(`${what}: ${command} ${args.join(' ')} failed (${signal ?? `exit code ${code}`})${said ? `:\n${said}` : ''}`));
    });
  });
}

async function isDirectory(path: string): Promise<boolean> {
  return stat(path).then(
    (found) => found.isDirectory(),
    () => false,
  );
}

// `npx tsx scripts/genesis-presets.ts`: prints the presets folder.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(await ensureGenesisPresets());
}
