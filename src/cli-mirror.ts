import { isLoopback } from './command-line.js';

/** What `symbol-gateway mirror` says and assumes about its upstream and store, beside its flags (src/mirror/command.ts). */

/** The mirror's `--rate` for a public upstream when none is given: gentle enough for a node others use. */
const PUBLIC_UPSTREAM_RATE = 20;

/**
 * The mirror's `--rate` for an upstream on this machine when none is given: the flag's highest,
 * no limit in practice (the requests in flight, `--in-flight`, bound them).
 */
const LOOPBACK_UPSTREAM_RATE = 10_000;

/** The mirror's `--rate` when none is given: none to speak of for an upstream on this machine (127.0.0.1, ::1, localhost), 20 a second for any other. */
export function defaultUpstreamRate(url: string): number {
  return isLoopback(hostOf(url)) ? LOOPBACK_UPSTREAM_RATE : PUBLIC_UPSTREAM_RATE;
}

/** The console's line about the rate in force. */
export function upstreamRateLine(rate: number): string {
  return rate >= LOOPBACK_UPSTREAM_RATE
    ? 'symbol-gateway mirror: no limit to the requests a second to the upstream (it is on this machine; --rate sets one)'
    : `symbol-gateway mirror: at most ${rate} requests a second to the upstream (--rate)`;
}

/**
 * What to do when the mirror's store is refused because the chain engine's writer wrote it (the
 * README's two commands given the same database; `WriterStoreError`): make another database, on
 * the same server, named after this one. Undefined for a store that is not a URL.
 */
export function storeRefusalHint(store: string): string | undefined {
  let url: URL;
  try {
    url = new URL(store);
  } catch {
    return undefined;
  }
  const database = `${decodeURIComponent(url.pathname.slice(1)) || 'symbol_gateway'}_mirror`;
  const createdb = ['createdb', ...(url.hostname ? ['-h', hostOf(store)] : []), ...(url.port ? ['-p', url.port] : []), ...(url.username ? ['-U', decodeURIComponent(url.username)] : []), database].join(' ');
  url.pathname = `/${encodeURIComponent(database)}`;
  url.password = url.password ? '***' : '';
  return `give the mirror a database of its own: ${createdb} (or psql's CREATE DATABASE ${database}), then --store ${url.toString()}; its readers take that --store too`;
}

/** The host of a URL as `--host` spells it (`::1` without brackets); empty for no URL. */
function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  } catch {
    return '';
  }
}
