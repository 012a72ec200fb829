import { WebSocket } from 'ws';

/**
 * Finds dead peers: pings every open socket each interval and terminates one that did
 * not answer the previous ping with a pong. A peer that vanished without a FIN (a
 * pulled cable, a NAT that forgot the flow) would otherwise hold its connection,
 * subscriptions and send buffer forever. Terminated, not closed: a peer that does not
 * answer pings will not answer a close frame either.
 *
 * The timer is unref'd, so a heartbeat never keeps the process alive; `stop` clears it.
 *
 * @example
 * const heartbeat = new Heartbeat(30_000, () => sockets);
 * heartbeat.watch(socket); // for each new socket
 * heartbeat.stop();        // on shutdown
 */
export class Heartbeat {
  readonly #timer: NodeJS.Timeout | undefined;
  /** Sockets pinged and not yet answered; weak, so a closed socket needs no cleanup. */
  readonly #unanswered = new WeakSet<WebSocket>();

  /**
   * @param intervalMs milliseconds between pings; 0 disables the heartbeat
   * @param sockets the sockets to ping, read on every tick
   */
  constructor(intervalMs: number, sockets: () => Iterable<WebSocket>) {
    if (intervalMs === 0) return;
    this.#timer = setInterval(() => this.#beat(sockets()), intervalMs);
    this.#timer.unref();
  }

  /** Marks `socket` alive whenever it answers a ping. */
  watch(socket: WebSocket): void {
    socket.on('pong', () => this.#unanswered.delete(socket));
  }

  /** Stops pinging. Idempotent. */
  stop(): void {
    clearInterval(this.#timer);
  }

  #beat(sockets: Iterable<WebSocket>): void {
    for (const socket of sockets) {
      // A closing socket has its own deadline (the close timeout).
      if (socket.readyState !== WebSocket.OPEN) continue;
      if (this.#unanswered.has(socket)) {
        socket.terminate();
        continue;
      }
      this.#unanswered.add(socket);
      socket.ping();
    }
  }
}
