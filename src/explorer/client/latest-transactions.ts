import { api, found } from './api.js';
import { learnSigners, signerAddress } from './chain.js';
import { el, hashLink, heightLink, signerLink, table } from './elements.js';
import { ago } from './format.js';
import { typeName } from './names.js';
import { readInnerTransactions, summary } from './summary.js';
import type { NodeTimeJson, Page, TransactionEntry } from './wire.js';

/*
 * The home page's list of the latest confirmed transactions, newest first, beside the latest
 * blocks: read again when a block arrives (main.ts says when), the ages kept current between.
 */

/** Transactions listed. */
const LATEST = 10;
/** How often the ages are written again. */
const AGE_MS = 5000;
const PATH = '/transactions/confirmed?order=desc&pageSize=' + LATEST;

/** The node's network time less the browser's clock, in ms: ages count on the chain's clock, which a development chain sets. */
let clockOffset = 0;
/** Where the list goes (the latest home page's), and the hashes listed there last, so that the ones new since are highlighted. */
let holder: HTMLElement | undefined;
let listed: ReadonlySet<string> | undefined;
/** A read under way, and whether another was asked for meanwhile. */
let reading: Promise<void> | undefined;
let again = false;

const networkNow = (): number => Date.now() + clockOffset;
const age = (timestamp: string | undefined): string => (timestamp === undefined ? '' : ago(networkNow() - Number(timestamp)));

/** The section, empty until its first read fills it. */
export function latestTransactions(): HTMLElement {
  listed = undefined;
  holder = el('div', { id: 'latest-transactions-list' }, el('p', { class: 'hint' }, 'Loading…'));
  const section = el('div', { id: 'latest-transactions' }, el('h2', {}, 'Latest transactions'), holder);
  void refreshLatestTransactions();
  return section;
}

/** Reads the list again while it is on the page (one read at a time; asked during one, once more after it). */
export function refreshLatestTransactions(): Promise<void> {
  if (reading) {
    again = true;
    return reading;
  }
  const target = holder;
  reading = read().catch((error: unknown) => {
    if (target) target.replaceChildren(el('p', { class: 'error' }, 'The latest transactions could not be read: ' + String(error instanceof Error ? error.message : error)));
  }).finally(() => {
    reading = undefined;
    if (again) {
      again = false;
      void refreshLatestTransactions();
    }
  });
  return reading;
}

async function read(): Promise<void> {
  const target = holder;
  // Once filled and then left for another view, it has no reader.
  if (!target || (listed !== undefined && !target.isConnected)) return;
  const [page, time] = await Promise.all([api<Page<TransactionEntry>>(PATH), api<NodeTimeJson>('/node/time').catch(() => undefined)]);
  if (time) clockOffset = Number(time.communicationTimestamps.sendTimestamp) - Date.now();
  const entries = found(page, PATH).data;
  await Promise.all([learnSigners(entries.map(({ transaction }) => transaction.signerPublicKey)), readInnerTransactions(entries)]);
  const rows = await Promise.all(entries.map(async ({ meta, transaction }) => {
    const hash = 'hash' in meta ? meta.hash : '';
    const fresh = listed !== undefined && !listed.has(hash);
    return el('tr', fresh ? { class: 'fresh', 'data-hash': hash } : { 'data-hash': hash },
      el('td', {}, hashLink(hash)),
      el('td', {}, typeName(transaction.type)),
      el('td', { class: 'block' }, heightLink(meta.height), ' ', el('span', { class: 'age hint', 'data-timestamp': meta.timestamp || '' }, age(meta.timestamp))),
      el('td', {}, signerLink(transaction.signerPublicKey, signerAddress(transaction.signerPublicKey))),
      el('td', {}, await summary(transaction)));
  }));
  // A newer home page may have been shown while the list was read.
  if (target !== holder) return;
  listed = new Set(entries.map(({ meta }) => ('hash' in meta ? meta.hash : '')));
  target.replaceChildren(table(['Hash', 'Type', 'Block', 'Signer', 'Summary'], rows, 'No transactions yet.'));
}

// The ages move on between blocks.
setInterval(() => {
  for (const node of document.querySelectorAll<HTMLElement>('#latest-transactions .age')) node.textContent = age(node.dataset.timestamp || undefined);
}, AGE_MS);
