import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

/**
 * Who a request comes from: the peer's address, or, when the peer is a trusted proxy, the
 * address that proxy says it forwarded for (`X-Forwarded-For`), followed through trusted hops.
 *
 * @example
 * const clients = new ClientAddresses(['10.0.0.0/8']);
 * // peer 10.0.0.5, `X-Forwarded-For: 1.2.3.4, 198.51.100.7, 10.0.0.9` → '198.51.100.7'
 * clients.of(req);
 */
export class ClientAddresses {
  readonly #trusted: BlockList | undefined;

  /**
   * @param trustedProxies addresses (`'10.0.0.1'`, `'::1'`) and CIDR ranges (`'10.0.0.0/8'`,
   *   `'fd00::/8'`) of the proxies whose `X-Forwarded-For` is believed; none by default
   * @throws TypeError naming an entry that is neither
   */
  constructor(trustedProxies: readonly string[] = []) {
    if (!Array.isArray(trustedProxies)) throw new TypeError('throttling.trustedProxies must be a list of addresses or CIDR ranges');
    if (trustedProxies.length === 0) return;
    this.#trusted = new BlockList();
    for (const entry of trustedProxies) addTrusted(this.#trusted, entry);
  }

  /** Whether `X-Forwarded-For` is ever read (some proxy is trusted). */
  get readsForwarded(): boolean {
    return this.#trusted !== undefined;
  }

  /**
   * The request's client address. The peer's own, unless it is a trusted proxy: then the
   * `X-Forwarded-For` chain is read from the right (each proxy appends the peer it saw), past
   * every trusted address, and the first untrusted one is the client. Entries left of it are
   * the client's own claims and never read, so a client cannot pick its address by sending the
   * header. A chain of trusted addresses only gives its left-most entry; an entry that is not an
   * address ends the walk at the hop right of it.
   */
  of(req: IncomingMessage): string {
    const peer = normal(req.socket.remoteAddress ?? '');
    if (this.#trusted === undefined || !this.#isTrusted(peer)) return peer;
    const header = req.headers['x-forwarded-for'];
    if (header === undefined) return peer;
    // Repeated headers are one list (node joins them with ', ').
    const hops = (Array.isArray(header) ? header.join(',') : header).split(',');
    let client = peer;
    for (let index = hops.length - 1; index >= 0; index--) {
      const hop = normal(hops[index]!.trim());
      const family = isIP(hop);
      // Not an address (`unknown`, a host name, garbage): the hop that forwarded it is the client we know of.
      if (family === 0) break;
      client = hop;
      if (!this.#trusted.check(hop, family === 4 ? 'ipv4' : 'ipv6')) break;
    }
    return client;
  }

  #isTrusted(address: string): boolean {
    const family = isIP(address);
    return family !== 0 && this.#trusted!.check(address, family === 4 ? 'ipv4' : 'ipv6');
  }
}

function addTrusted(list: BlockList, entry: unknown): void {
  const wrong = () => new TypeError(`throttling.trustedProxies: '${String(entry)}' is not an IP address or CIDR range`);
  if (typeof entry !== 'string') throw wrong();
  const [address = '', prefix, extra] = entry.trim().split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) throw wrong();
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (prefix === undefined) {
    list.addAddress(address, type);
    return;
  }
  const bits = Number(prefix);
  if (!/^\d{1,3}$/.test(prefix) || bits > (family === 4 ? 32 : 128)) throw wrong();
  list.addSubnet(address, bits, type);
}

// A dual-stack server sees an IPv4 peer as `::ffff:1.2.3.4`; one client is one address either way.
function normal(address: string): string {
  return address.length > 7 && /^::ffff:\d{1,3}(\.\d{1,3}){3}$/i.test(address) ? address.slice(7) : address;
}
