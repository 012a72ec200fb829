import type { IncomingMessage } from 'node:http';
import { writeBody } from '../http/response.js';
import type { Router } from '../http/router.js';
import { explorerPage } from './page.js';

/** Where the explorer page is served. */
export interface ExplorerOptions {
  /** The page's path, relative to where the gateway is mounted. Default `'/explorer'`. */
  path?: string;
}

const DEFAULT_PATH = '/explorer';
const PLAIN_PATH = /^(\/[A-Za-z0-9._~-]+)+$/;
// A Host header fit to name in the page's connect-src: a name or IP literal and a port.
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** The path the explorer option asks for, or undefined when it is off; a TypeError for a path that is not plain. */
export function explorerPath(option: boolean | ExplorerOptions | undefined): string | undefined {
  if (!option) return undefined;
  const path = (option === true ? undefined : option.path) ?? DEFAULT_PATH;
  if (!PLAIN_PATH.test(path)) throw new TypeError(`explorer.path must be a plain path such as '/explorer'`);
  return path;
}

/**
 * Serves the explorer page at `path` (GET and HEAD); the page opens the gateway's WebSocket
 * at `wsPath`. Its Content-Security-Policy allows nothing but the page's own inline script
 * and stylesheet (by hash) and requests to its own host.
 */
export function explorerRoute(router: Router, path: string, wsPath: string): void {
  const page = explorerPage(path, wsPath);
  const policy = `default-src 'none'; script-src ${page.scriptHash}; style-src ${page.styleHash}; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; connect-src 'self'`;
  router.get(path, ({ req, res }) => {
    writeBody(res, 200, 'text/html; charset=utf-8', page.html, {
      'cache-control': 'no-store',
      'content-security-policy': policy + sameHostSockets(req),
      'referrer-policy': 'no-referrer',
    });
  });
}

// CSP 3 counts ws: and wss: of the page's own host as 'self'; naming them serves browsers before it.
function sameHostSockets(req: IncomingMessage): string {
  const host = req.headers.host;
  return host !== undefined && HOST.test(host) ? ` ws://${host} wss://${host}` : '';
}
