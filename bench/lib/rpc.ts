/**
 * A tiny request/response protocol over a child process's IPC channel: the suite (the
 * server process) calls commands of a load process and awaits their answers.
 */
import type { ChildProcess } from 'node:child_process';

interface Call {
  id: number;
  command: string;
  args: unknown;
}

interface Answer {
  id: number;
  result?: unknown;
  error?: string;
}

export type Handlers = Record<string, (args: any) => unknown>;

/** In a load process: answers the parent's calls with `handlers`; `exit` ends the process. */
export function serve(handlers: Handlers): void {
  if (!process.send) throw new Error('a load process must be started with an IPC channel');
  process.on('message', async (message: Call) => {
    const answer: Answer = { id: message.id };
    try {
      if (message.command === 'exit') {
        process.send!(answer, () => process.exit(0));
        return;
      }
      const handler = handlers[message.command];
      if (!handler) throw new Error(`unknown command ${message.command}`);
      answer.result = await handler(message.args);
    } catch (error) {
      answer.error = error instanceof Error ? (error.stack ?? error.message) : String(error);
    }
    process.send!(answer);
  });
}

/** In the parent: calls a load process's commands. */
export class Remote {
  readonly #child: ChildProcess;
  readonly #pending = new Map<number, { resolve: (value: any) => void; reject: (error: Error) => void }>();
  #next = 0;
  #exited: Error | undefined;

  constructor(child: ChildProcess) {
    this.#child = child;
    child.on('message', (message: Answer) => {
      const pending = this.#pending.get(message.id);
      if (!pending) return;
      this.#pending.delete(message.id);
      if (message.error !== undefined) pending.reject(new Error(`load process: ${message.error}`));
      else pending.resolve(message.result);
    });
    child.on('exit', (code, signal) => {
      this.#exited = new Error(`load process exited (${signal ?? code})`);
      for (const pending of this.#pending.values()) pending.reject(this.#exited);
      this.#pending.clear();
    });
  }

  get pid(): number | undefined {
    return this.#child.pid;
  }

  call<T = unknown>(command: string, args: unknown = {}): Promise<T> {
    if (this.#exited) return Promise.reject(this.#exited);
    const id = this.#next++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#child.send({ id, command, args } satisfies Call);
    });
  }

  /** Asks the process to exit and waits for it (kills it after 5 s). */
  async close(): Promise<void> {
    if (this.#exited || this.#child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => this.#child.once('exit', () => resolve()));
    const timer = setTimeout(() => this.#child.kill('SIGKILL'), 5000);
    this.call('exit').catch(() => {});
    await exited;
    clearTimeout(timer);
  }
}
