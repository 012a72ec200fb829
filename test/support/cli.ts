/** The `symbol-gateway` command run as a process, for the tests that start it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));
export const running: ChildProcess[] = [];

/** Stops every command a test started (test/support/setup.ts calls it after each test of every file). */
export function stopRunning(): void {
  for (const child of running.splice(0)) child.kill('SIGTERM');
}

export function run(args: string[], env: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { env: { ...process.env, PORT: '', HOST: '', BLOCK_INTERVAL: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  return child;
}

/** Runs to the end: exit code and output. */
export async function finished(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = run(args);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const [code] = await once(child, 'exit');
  return { code, stdout, stderr };
}

/** Starts the gateway and waits for its printed accounts: the base URL and the lines. */
export async function started(args: string[], accounts: number): Promise<{ base: string; lines: string[] }> {
  const child = run(['--port', '0', '--host', '127.0.0.1', ...args]);
  let stdout = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  const deadline = Date.now() + 20_000;
  for (;;) {
    const lines = stdout.split('\n');
    const listed = lines.findIndex((line) => line.startsWith('funded test accounts'));
    if (listed >= 0 && lines.length > listed + accounts) {
      const base = /listening on (http:\/\/[^ ]+)/.exec(stdout)![1];
      return { base, lines };
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the gateway did not start: ${stdout}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}


/**
 * Starts the command and waits for its `listening on` line: the base URL, the output and errors so far,
 * and `printed(text)`, which waits for text printed after that line (it may come in a later chunk).
 */
export async function listening(args: string[], env: Record<string, string> = {}, startTimeout = 20_000): Promise<{ base: string; child: ChildProcess; output: () => string; errors: () => string; printed: (text: string) => Promise<void> }> {
  const child = run(['--port', '0', '--host', '127.0.0.1', ...args], env);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const deadline = Date.now() + startTimeout;
  for (;;) {
    const match = /listening on (http:\/\/[^ ]+)/.exec(stdout);
    if (match) {
      const printed = async (text: string) => {
        for (const until = Date.now() + 10_000; !stdout.includes(text); await new Promise((resolve) => setTimeout(resolve, 20))) {
          if (Date.now() > until) throw new Error(`the command did not print '${text}': ${stdout}`);
        }
      };
      return { base: match[1], child, output: () => stdout, errors: () => stderr, printed };
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the gateway did not start: ${stdout}${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
