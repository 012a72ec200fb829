import { once } from 'node:events';
import { settleBeforeConnect } from './postgres-mount.js';
import WebSocket from 'ws';

export interface Closed {
  code: number;
  reason: string;
}

/** Every client socket tests opened and have not terminated yet. */
export const openSockets: WebSocket[] = [];

/** A real `ws` client that queues the frames it receives. */
export class Client {
  readonly closed: Promise<Closed>;
  uid = '';
  readonly #frames: any[] = [];
  readonly #waiters: { resolve: (frame: any) => void; reject: (error: Error) => void }[] = [];
  #closedWith: Closed | undefined;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data));
      const waiter = this.#waiters.shift();
      if (waiter) waiter.resolve(frame);
      else this.#frames.push(frame);
    });
    this.closed = new Promise((resolve) => {
      socket.on('close', (code, reason) => {
        this.#closedWith = { code, reason: reason.toString() };
        for (const waiter of this.#waiters.splice(0)) waiter.reject(new Error(`closed with ${code} ${reason}`));
        resolve(this.#closedWith);
      });
    });
  }

  /** Connects and reads the `{uid}` frame. */
  static async connect(url: string): Promise<Client> {
    // Over PostgreSQL (the postgres project), what the chain did so far reaches the hub first.
    await settleBeforeConnect.get(url)?.();
    const client = new Client(new WebSocket(url));
    openSockets.push(client.socket);
    await once(client.socket, 'open');
    const first = await client.next();
    client.uid = first.uid;
    return client;
  }

  /** The next frame, parsed; rejects when the socket closes first or nothing comes within 2 s. */
  next(): Promise<any> {
    if (this.#frames.length > 0) return Promise.resolve(this.#frames.shift());
    if (this.#closedWith) return Promise.reject(new Error(`closed with ${this.#closedWith.code}`));
    return new Promise((resolve, reject) => {
      const waiter = {
        resolve: (frame: any) => {
          clearTimeout(timer);
          resolve(frame);
        },
        reject,
      };
      const timer = setTimeout(() => {
        this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
        reject(new Error('no frame within 2 s'));
      }, 2_000);
      this.#waiters.push(waiter);
    });
  }

  /** Frames received and not yet read. */
  get pending(): number {
    return this.#frames.length;
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /**
   * Resolves once the server has handled every frame sent before: ws answers a ping
   * after the frames ahead of it, and the hub handles each frame synchronously.
   */
  async sync(): Promise<void> {
    this.socket.ping();
    await once(this.socket, 'pong');
  }

  async subscribe(...topics: string[]): Promise<void> {
    for (const topic of topics) this.send({ uid: this.uid, subscribe: topic });
    await this.sync();
  }

  async unsubscribe(...topics: string[]): Promise<void> {
    for (const topic of topics) this.send({ uid: this.uid, unsubscribe: topic });
    await this.sync();
  }
}
