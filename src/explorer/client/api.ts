/* Reading the gateway's routes from the page, wherever the gateway is mounted. */

/** The content of the page's `<meta name="...">`, which the server writes. */
export function setting(name: string): string {
  const meta = document.querySelector('meta[name="' + name + '"]');
  if (!(meta instanceof HTMLMetaElement)) throw new Error('the page has no ' + name + ' setting');
  return meta.content;
}

const PAGE_PATH = setting('explorer-path');
// The routes sit where the page sits: '/api/explorer' reads '/api/chain/info'.
const here = location.pathname.replace(/\/+$/, '');
const BASE = here.endsWith(PAGE_PATH) ? here.slice(0, here.length - PAGE_PATH.length) : '';

/**
 * The JSON a route answers (GET, or POST of `body`), or undefined when it answers 404: no such
 * block or account, or a route the backend does not serve. Other failures throw with the error's message.
 */
export async function api<T>(path: string, body?: unknown): Promise<T | undefined> {
  const init: RequestInit = body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  const response = await fetch(BASE + path, init);
  if (response.status === 404) return undefined;
  // The route's JSON is trusted to have the shape asked for; the views only read it.
  const json = (await response.json()) as T & { message?: string };
  if (!response.ok) throw new Error(json.message || 'HTTP ' + response.status);
  return json;
}

/** `value`, which a route every gateway serves answered; an error naming `path` when it answered 404. */
export function found<T>(value: T | undefined, path: string): T {
  if (value === undefined) throw new Error('the gateway has no ' + path);
  return value;
}
