import pg from 'pg';
import { POSTGRES_DEFAULTS, type PostgresOptions } from './pool.js';

/**
 * What a read reports: `'behind'` when it knows of rows its database does not show yet (a hot
 * standby still replaying what its primary committed), so the reader reads again shortly.
 */
export type ReadOutcome = void | 'behind';

/** Where a `WakeUpReader`'s wake-ups come from when the database it reads cannot send them. */
export interface WakeUpOptions {
  /**
   * The database to LISTEN on, when not the one read: the primary of a hot standby (a standby
   * refuses LISTEN). Default: the database read, unless it is a hot standby (then only the poll
   * wakes the reader, every `unwokenInterval` ms).
   */
  listenOn?: PostgresOptions;
  /**
   * Runs after each NOTIFY, before the read it wakes (to learn how far the primary is), with the
   * NOTIFY's payload (of several that came meanwhile, the last) and the `listenOn` connection to
   * ask when the payload does not tell.
   */
  onNotify?: (client: pg.Client, payload: string) => Promise<void>;
  /** ms between polls of a hot standby that no NOTIFY wakes (no `listenOn`). Default: the reader's `interval`. */
  unwokenInterval?: number;
}

/** First wait before reading again after a read that is behind; it doubles up to `BEHIND_MAX_DELAY`. */
const BEHIND_FIRST_DELAY = 1;
/** Longest wait between reads while behind (a paused standby is read this often until it replays). */
const BEHIND_MAX_DELAY = 64;
/** First wait before reading again after a failed read (the database restarting); it doubles up to the poll's interval. */
const FAILED_FIRST_DELAY = 50;

/**
 * Reads a table after what it last read, woken by NOTIFY on `channel` and by a poll every
 * `interval` ms (which covers a missed wake-up). `read` runs one at a time on a connection of
 * its own; a wake-up during a read runs one more after it. A read that fails drops the
 * connection: the next wake-up opens a new one, and `read` carries on from where it stopped,
 * so nothing is lost with a connection.
 *
 * On a hot standby (`pg_is_in_recovery()`), which refuses LISTEN, the NOTIFY comes from
 * `wakeUps.listenOn` (the primary) on a connection of its own, or, with none, the poll alone
 * wakes the reader every `wakeUps.unwokenInterval` ms. A read that reports `'behind'` is run
 * again after a short, growing wait (1 ms, doubling to 64 ms) until it is not; a read that
 * fails, after 50 ms, doubling to the poll's interval, so a database back from a restart is
 * read again at once.
 */
export class WakeUpReader {
  readonly #options: PostgresOptions;
  readonly #channel: string;
  readonly #interval: number;
  readonly #read: (client: pg.Client) => Promise<ReadOutcome>;
  readonly #wakeUps: WakeUpOptions;
  #client: pg.Client | undefined;
  /** Whether the database read is a hot standby, as its connection found (undefined before the first). */
  #standby: boolean | undefined;
  #listener: pg.Client | undefined;
  #listening: Promise<void> | undefined;
  #notifying = false;
  /** The payload of a NOTIFY that came while `onNotify` ran: one more run, with it. */
  #notifyAgain: string | undefined;
  #timer: NodeJS.Timeout | undefined;
  #retry: NodeJS.Timeout | undefined;
  #behindDelay = BEHIND_FIRST_DELAY;
  #failedDelay = FAILED_FIRST_DELAY;
  #reading: Promise<void> | undefined;
  #again = false;
  #started = false;
  #closed = false;

  constructor(options: PostgresOptions, channel: string, interval: number, read: (client: pg.Client) => Promise<ReadOutcome>, wakeUps: WakeUpOptions = {}) {
    this.#options = options;
    this.#channel = channel;
    this.#interval = interval;
    this.#read = read;
    this.#wakeUps = wakeUps;
  }

  start(): void {
    if (this.#started || this.#closed) return;
    this.#started = true;
    this.#poll();
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

  /** Resolves once no read runs (a wake-up now may start another) and the LISTEN connection, if any, has been tried. */
  async idle(): Promise<void> {
    while (this.#reading || this.#listening) await (this.#reading ?? this.#listening);
  }

  /** Whether the database read is a hot standby, as the last connection found; undefined before the first. */
  get standby(): boolean | undefined {
    return this.#standby;
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    clearTimeout(this.#retry);
    this.#timer = undefined;
    await this.#reading;
    await this.#listening;
    await Promise.all([this.#client?.end().catch(() => undefined), this.#listener?.end().catch(() => undefined)]);
    this.#client = undefined;
    this.#listener = undefined;
  }

  /** A read now, and the next poll. */
  #poll(): void {
    if (this.#closed) return;
    this.wake();
    this.#schedulePoll();
  }

  /** The next poll, after the interval that fits the database: a standby that nothing wakes is polled more often. */
  #schedulePoll(): void {
    clearTimeout(this.#timer);
    const unwoken = this.#standby === true && this.#wakeUps.listenOn === undefined;
    this.#timer = setTimeout(() => this.#poll(), unwoken ? (this.#wakeUps.unwokenInterval ?? this.#interval) : this.#interval);
    this.#timer.unref();
  }

  async #attempt(): Promise<void> {
    if (this.#wakeUps.listenOn) this.#listening ??= this.#listen().finally(() => (this.#listening = undefined));
    let outcome: ReadOutcome;
    try {
      outcome = await this.#read(await this.#connect());
    } catch {
      // The connection is gone (or the read failed): a new one is tried soon, then less and less often, up to the poll's pace.
      const client = this.#client;
      this.#client = undefined;
      await client?.end().catch(() => undefined);
      this.#readAgainAfter(this.#failedDelay);
      this.#failedDelay = Math.min(this.#interval, this.#failedDelay * 2);
      return;
    }
    this.#failedDelay = FAILED_FIRST_DELAY;
    if (outcome === 'behind') {
      this.#readAgainAfter(this.#behindDelay);
      this.#behindDelay = Math.min(BEHIND_MAX_DELAY, this.#behindDelay * 2);
    } else {
      this.#behindDelay = BEHIND_FIRST_DELAY;
    }
  }

  /** Another read after `ms`, unless one is already due. */
  #readAgainAfter(ms: number): void {
    if (this.#closed || this.#retry) return;
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      this.wake();
    }, ms);
    this.#retry.unref();
  }

  async #connect(): Promise<pg.Client> {
    if (this.#client) return this.#client;
    const client = this.#newClient(this.#options);
    client.on('error', () => {
      if (this.#client === client) this.#client = undefined;
    });
    client.on('notification', () => this.wake());
    try {
      await client.connect();
      const { rows } = await client.query<{ standby: boolean }>('select pg_is_in_recovery() as standby');
      const standby = rows[0].standby;
      // Found (or no longer) a standby: the poll's pace changes at once, not after the interval running now.
      if (standby !== this.#standby) {
        this.#standby = standby;
        if (this.#timer && !this.#closed) this.#schedulePoll();
      }
      // A hot standby refuses LISTEN; its wake-ups come from the primary, or from the poll.
      if (!standby && this.#wakeUps.listenOn === undefined) await client.query(`listen ${this.#channel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.#client = client;
    return client;
  }

  /** Opens the LISTEN connection to `listenOn` when there is none; a failure is left to the next wake-up (the poll meanwhile). */
  async #listen(): Promise<void> {
    const target = this.#wakeUps.listenOn;
    if (this.#listener || !target || this.#closed) return;
    const client = this.#newClient(target);
    client.on('error', () => {
      if (this.#listener === client) this.#listener = undefined;
      void client.end().catch(() => undefined);
    });
    client.on('notification', (message) => void this.#notified(client, message.payload ?? ''));
    try {
      await client.connect();
      await client.query(`listen ${this.#channel}`);
    } catch {
      await client.end().catch(() => undefined);
      return;
    }
    if (this.#closed) await client.end().catch(() => undefined);
    else this.#listener = client;
  }

  /** After a NOTIFY: `onNotify`, then a read. NOTIFYs that come while `onNotify` runs make one more run (one query at a time on the connection). */
  async #notified(client: pg.Client, payload: string): Promise<void> {
    if (this.#notifying) {
      this.#notifyAgain = payload;
      return;
    }
    this.#notifying = true;
    try {
      for (let next: string | undefined = payload; next !== undefined && !this.#closed; ) {
        this.#notifyAgain = undefined;
        await this.#wakeUps.onNotify?.(client, next).catch(() => undefined);
        this.wake();
        next = this.#notifyAgain;
      }
    } finally {
      this.#notifying = false;
    }
  }

  #newClient(options: PostgresOptions): pg.Client {
    return new pg.Client({
      connectionString: options.url,
      connectionTimeoutMillis: options.connectTimeout ?? POSTGRES_DEFAULTS.connectTimeout,
      statement_timeout: options.statementTimeout ?? POSTGRES_DEFAULTS.statementTimeout,
    });
  }
}
