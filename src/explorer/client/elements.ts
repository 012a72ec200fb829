import { base32, short } from './format.js';

/*
 * Building the page's elements. Every value from the chain reaches the DOM as text only:
 * text nodes (append of a string), textContent and attribute values, never as markup
 * (no innerHTML, outerHTML, insertAdjacentHTML or document.write anywhere in the client).
 */

/** What an element may hold: nodes, strings (as text nodes), nested lists; undefined and null are left out. */
export type Child = Node | string | undefined | null | readonly Child[];

/** The page's element with this id. */
export function $(id: string): HTMLElement {
  const node = document.getElementById(id);
  if (!node) throw new Error('the page has no #' + id);
  return node;
}

/** An element with attributes and children; strings become text nodes. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  append(node, children);
  return node;
}

function append(node: Element, child: Child): void {
  if (child === undefined || child === null) return;
  if (typeof child === 'string' || child instanceof Node) node.append(child);
  else for (const each of child) append(node, each);
}

/** A link to `href` (a `#/...` route of the page). */
export const link = (href: string, text: string, title?: string): HTMLAnchorElement => el('a', title ? { href, title } : { href }, text);
/** A height, linked to its block. */
export const heightLink = (height: string): HTMLAnchorElement => link('#/block/' + height, height);
/** A transaction hash, shortened, linked to the transaction (the full hash as its title). */
export const hashLink = (hash: string): HTMLSpanElement => el('span', { class: 'mono' }, link('#/tx/' + hash, short(hash), hash));
/** A public key, shortened, linked to its account (the full key as its title). */
export const keyLink = (key: string): HTMLSpanElement => el('span', { class: 'mono' }, link('#/account/' + key, short(key), key));
/** A signer: its address (shortened, the key as its title) when it is known, else its public key; linked to its account. */
export function signerLink(key: string, address: string | undefined): HTMLSpanElement {
  return address === undefined ? keyLink(key) : el('span', { class: 'mono signer' }, link('#/account/' + address, short(address), key));
}
/** A label styled by `kind` (by the text itself when no kind is given). */
export const badge = (text: string, kind?: string): HTMLSpanElement => el('span', { class: 'badge ' + (kind || text) }, text);
/** What the page says when a view has nothing to show, or failed. */
export const notFound = (message: string): HTMLParagraphElement => el('p', { class: 'error' }, message);

/** An address from a response body (48 hex), linked to its account (`shortened`: cut to its ends, in full as the title); an alias (its low bit set) shows its namespace id. */
export function addressLink(hex: string, shortened = false): HTMLSpanElement {
  if (parseInt(hex.slice(0, 2), 16) & 1) return el('span', { class: 'mono' }, 'alias ' + (hex.slice(2, 18).match(/../g) ?? []).reverse().join(''));
  const address = base32(hex);
  return el('span', { class: 'mono' }, shortened ? link('#/account/' + address, short(address), address) : link('#/account/' + address, address));
}

/** A row of a list of fields: its name and its value. */
export type Field = readonly [string, Child];

/** Names and values as a definition list; undefined rows are left out. */
export function fields(rows: readonly (Field | undefined)[]): HTMLDListElement {
  return el('dl', { class: 'fields' }, rows.filter((row): row is Field => row !== undefined).map(([name, value]) => [el('dt', {}, name), el('dd', {}, value)]));
}

/** A table of rows under headings, or the `empty` hint when there are none. */
export function table(headings: readonly string[], rows: readonly HTMLTableRowElement[], empty: string): HTMLElement {
  if (rows.length === 0) return el('p', { class: 'hint' }, empty);
  return el('table', {}, el('thead', {}, el('tr', {}, headings.map((heading) => el('th', {}, heading)))), el('tbody', {}, rows));
}

/** Nodes separated by commas. */
export const joined = (nodes: readonly Child[]): Child[] => nodes.flatMap((node, index) => (index ? [', ', node] : [node]));
