import pg from 'pg';
import { POSTGRES_DEFAULTS, type PostgresOptions } from './pool.js';

/**
 * Reads a table after what it last read, woken by NOTIFY on `channel` and by a poll every
 * `interval` ms (which covers a missed wake-up). `read` runs one at a time on a connection of
 * its own that LISTENs; a wake-up during a read runs one more after it. A read that fails drops
 * the connection: the next wake-up opens a new one, and `read` carries on from where it stopped,
 * so nothing is lost with a connection.
 */
export class WakeUpReader {
  readonly #options: PostgresOptions;
  readonly #channel: string;
  readonly #interval: number;
  readonly #read: (client: pg.Client) => Promise<void>;
  #client: pg.Client | undefined;
  #timer: NodeJS.Timeout | undefined;
  #reading: Promise<void> | undefined;
  #again = false;
  #closed = false;

  constructor(options: PostgresOptions, channel: string, interval: number, read: (client: pg.Client) => Promise<void>) {
    this.#options = options;
    this.#channel = channel;
    this.#interval = interval;
    this.#read = read;
  }

  start(): void {
    if (this.#timer || this.#closed) return;
    this.#timer = setInterval(() => this.wake(), this.#interval);
    this.#timer.unref();
    this.wake();
  }

  /** Reads now, or once more after the read running now. */
  wake(): void {
    if (this.#closed) return;
    if (this.#reading) {
      this.#again = true;
      return;
    }
    this.#reading = this.#attempt().finally(() => {
      this.#reading = undefined;
      if (this.#again && !this.#closed) {
        this.#again = false;
        this.wake();
      }
    });
  }

  /** Resolves once no read runs (a wake-up now may start another). */
  async idle(): Promise<void> {
    while (this.#reading) await this.#reading;
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#reading;
    await this.#client?.end().catch(() => undefined);
    this.#client = undefined;
  }

  async #attempt(): Promise<void> {
    try {
      await this.#read(await this.#connect());
    } catch {
      // The connection is gone (or the read failed): the next wake-up connects again.
      const client = this.#client;
      this.#client = undefined;
      await client?.end().catch(() => undefined);
    }
  }

  async #connect(): Promise<pg.Client> {
    if (this.#client) return this.#client;
    const client = new pg.Client({ connectionString: this.#options.url, connectionTimeoutMillis: this.#options.connectTimeout ?? POSTGRES_DEFAULTS.connectTimeout, statement_timeout: this.#options.statementTimeout ?? POSTGRES_DEFAULTS.statementTimeout });
    client.on('error', () => {
      if (this.#client === client) this.#client = undefined;
    });
    client.on('notification', () => this.wake());
    await client.connect();
    await client.query(`listen ${this.#channel}`);
    this.#client = client;
    return client;
  }
}
