import { api, found, setting } from './api.js';
import { chartsView } from './charts.js';
import { blocks, network, time } from './chain.js';
import { $, badge, el, link, notFound } from './elements.js';
import { base32, short } from './format.js';
import { latestTransactions, refreshLatestTransactions } from './latest-transactions.js';
import { accountView, blockView, hashView, mosaicView, namespaceView, type View } from './views.js';
import type { BlockEntry, BlockFrameData, ChainInfoDTO, Frame, NetworkConfigurationDTO, Page } from './wire.js';

/*
 * The explorer's client, bundled into the page by `npm run build:explorer`: navigation between
 * the views, search, and the live header, list of blocks and home page over /ws.
 */

const WS_PATH = setting('ws-path');
const MAX_BLOCKS = 30;
/** How often the list is read again while the WebSocket cannot be reached (a proxy that refuses upgrades). */
const POLL_MS = 3000;
/** How long after a lost or refused WebSocket it is tried again. */
const RECONNECT_MS = 5000;

/** Why something failed, as the page says it. */
function errorText(error: unknown): string {
  const message = typeof error === 'object' && error !== null && 'message' in error ? error.message : undefined;
  return String(message || error);
}

// --- Navigation: '#/block/12', '#/tx/HASH', '#/account/ADDRESS', '#/namespace/NAME', '#/mosaic/ID' ---

const VIEWS = new Map<string, View>([
  ['block', blockView],
  ['tx', hashView],
  ['account', (id) => accountView(id)],
  ['namespace', namespaceView],
  ['mosaic', mosaicView],
]);
let shown = 0;

async function route(): Promise<void> {
  const [, kind, argument] = location.hash.match(/^#\/(\w+)\/(.+)$/) || [];
  const view = kind === undefined ? undefined : VIEWS.get(kind);
  const ticket = ++shown;
  // Only the latest navigation shows what it finds: a slow view must not replace a later one.
  const show = (node: Node): void => {
    if (ticket === shown) $('view').replaceChildren(node);
  };
  if (!view || argument === undefined) {
    // The home page: the latest transactions, then the chain over time once read (a failed read leaves the rest alone).
    const charts = el('div', {});
    show(el('div', { id: 'home' }, el('p', { class: 'hint' }, 'Pick a block or a transaction, or search for a height, a hash, an address or a namespace name.'), latestTransactions(), charts));
    chartsView().then((drawn) => charts.replaceChildren(drawn), () => undefined);
    return;
  }
  show(el('p', { class: 'hint' }, 'Loading…'));
  try {
    show(await view(decodeURIComponent(argument)));
  } catch (error) {
    show(notFound(errorText(error)));
  }
}

// The route a search goes to, or undefined when the query is none of the things the views show.
function target(query: string): string | undefined {
  const compact = query.replace(/-/g, '').toUpperCase();
  if (/^\d+$/.test(query)) return '#/block/' + query;
  if (/^[0-9A-F]{64}$/.test(compact)) return '#/tx/' + compact;
  if (/^[A-Z2-7]{39}$/.test(compact)) return '#/account/' + compact;
  if (/^[0-9A-F]{48}$/.test(compact)) return '#/account/' + base32(compact);
  if (/^[a-z0-9_-]+(\.[a-z0-9_-]+){0,2}$/i.test(query)) return '#/namespace/' + query.toLowerCase();
  return undefined;
}

$('search').addEventListener('submit', (event) => {
  event.preventDefault();
  const query = $('query');
  const next = target(query instanceof HTMLInputElement ? query.value.trim() : '');
  if (!next) return $('view').replaceChildren(notFound('Search for a height, a hash, an address (T… or N…) or a namespace name.'));
  if (location.hash === next) void route();
  else location.hash = next;
});
window.addEventListener('hashchange', () => void route());

// --- Live: chain info, and blocks over /ws ---------------------------------------------

function showHeights(height: string | undefined, finalized?: string): void {
  if (height !== undefined) $('height').textContent = height;
  if (finalized !== undefined) {
    network.finalizedHeight = BigInt(finalized);
    $('finalized').textContent = finalized;
  }
}

// Lists the latest MAX_BLOCKS blocks (and forgets older ones), `fresh` highlighted as just arrived.
function renderBlocks(fresh?: string): void {
  const latest = [...blocks.values()].sort((a, b) => (BigInt(b.block.height) > BigInt(a.block.height) ? 1 : -1)).slice(0, MAX_BLOCKS);
  for (const key of [...blocks.keys()]) if (!latest.some((entry) => entry.block.height === key)) blocks.delete(key);
  $('blocks').replaceChildren(...latest.map(({ block, meta }) => el('li', block.height === fresh ? { class: 'fresh', 'data-height': block.height } : { 'data-height': block.height },
    link('#/block/' + block.height, 'Block ' + block.height),
    BigInt(block.height) <= network.finalizedHeight ? badge('finalized', 'final') : badge('new'),
    el('span', { class: 'txs' }, transactionCount(meta)),
    harvesterLink(block.beneficiaryAddress),
    el('span', { class: 'time' }, time(block.timestamp)),
    el('span', { class: 'hash mono' }, short(meta.hash)))));
}

// '3 transactions' (inner ones of aggregates counted in), '1 transaction', 'no transactions'; nothing yet for a block known by its frame only.
function transactionCount(meta: BlockEntry['meta'] | BlockFrameData['meta']): string {
  const count = 'transactionsCount' in meta ? meta.totalTransactionsCount ?? meta.transactionsCount : undefined;
  return count === undefined ? '' : count === 0 ? 'no transactions' : count === 1 ? '1 transaction' : `${count} transactions`;
}

// A block the channel announced, read over REST for what its frame leaves out (its transactions); the latest transactions read again when it has any.
async function readBlock(height: string): Promise<void> {
  const entry = await api<BlockEntry>('/blocks/' + height);
  if (!entry || !blocks.has(height)) return;
  blocks.set(height, entry);
  const count = document.querySelector('#blocks li[data-height="' + height + '"] .txs');
  if (count) count.textContent = transactionCount(entry.meta);
  if (entry.meta.transactionsCount > 0) await refreshLatestTransactions();
}

// The account the block's fees went to, as an address linked to its page.
function harvesterLink(beneficiary: string): HTMLElement {
  const address = base32(beneficiary);
  return el('span', { class: 'harvester' }, 'to ', link('#/account/' + address, short(address)));
}

async function loadBlocks(): Promise<void> {
  const blocksPath = '/blocks?orderBy=height&order=desc&pageSize=' + MAX_BLOCKS;
  const [info, page] = await Promise.all([api<ChainInfoDTO>('/chain/info'), api<Page<BlockEntry>>(blocksPath)]);
  const { height, latestFinalizedBlock } = found(info, '/chain/info');
  const moved = height !== $('height').textContent;
  showHeights(height, latestFinalizedBlock.height);
  for (const entry of found(page, blocksPath).data) blocks.set(entry.block.height, entry);
  renderBlocks();
  if (moved) void refreshLatestTransactions();
}

function live(state: 'on' | 'off' | 'poll', text: string): void {
  $('live').className = state;
  $('live').textContent = text;
}

// Without the WebSocket (refused, or lost), the list is read again every POLL_MS until it is back.
let polling: ReturnType<typeof setInterval> | undefined;
function poll(): void {
  live('poll', 'polling');
  polling ??= setInterval(() => void loadBlocks().catch((error: unknown) => live('off', errorText(error))), POLL_MS);
}

function connect(): void {
  const socket = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + WS_PATH);
  socket.onmessage = (event: MessageEvent<string>) => {
    const frame = JSON.parse(event.data) as Frame;
    if (frame.topic === undefined) {
      for (const channel of ['block', 'finalizedBlock']) socket.send(JSON.stringify({ uid: frame.uid, subscribe: channel }));
      clearInterval(polling);
      polling = undefined;
      live('on', 'live');
      // What went by before the subscription.
      loadBlocks().catch((error: unknown) => live('off', errorText(error)));
    } else if (frame.topic === 'block') {
      const { block } = frame.data;
      const gap = blocks.size > 0 && !blocks.has(String(BigInt(block.height) - 1n));
      blocks.set(block.height, frame.data);
      showHeights(block.height);
      renderBlocks(block.height);
      // A failed read leaves the count out until the list is read again.
      readBlock(block.height).catch(() => undefined);
      if (gap) void loadBlocks(); // a block went by between the page's first read and the subscription
    } else if (frame.topic === 'finalizedBlock') {
      showHeights(undefined, frame.data.height);
      renderBlocks();
    }
  };
  socket.onclose = () => {
    poll();
    setTimeout(connect, RECONNECT_MS);
  };
}

Promise.all([api<NetworkConfigurationDTO>('/network/properties'), api<ChainInfoDTO>('/chain/info')]).then(([properties, info]) => {
  const { network: identity, chain } = found(properties, '/network/properties');
  network.epochMs = Number.parseInt(identity.epochAdjustment, 10) * 1000;
  network.currencyId = String(chain.currencyMosaicId).replace(/^0x|'/g, '');
  // catapult writes big numbers with ' between thousands: 7'842'928'625'000'000.
  const total = String(chain.totalChainImportance ?? '').replace(/'/g, '');
  network.totalImportance = /^\d+$/.test(total) ? BigInt(total) : 0n;
  $('network').textContent = identity.identifier;
  const { height, latestFinalizedBlock } = found(info, '/chain/info');
  showHeights(height, latestFinalizedBlock.height);
  // The blocks over REST first (a proxy may refuse the WebSocket), then followed live.
  loadBlocks().catch((error: unknown) => live('off', errorText(error)));
  connect();
  void route();
}, (error: unknown) => $('view').replaceChildren(notFound('The gateway did not answer: ' + errorText(error))));
