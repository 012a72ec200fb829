import { createHash } from 'node:crypto';

/*
 * The explorer: one page of HTML, CSS and vanilla JavaScript that reads only the public
 * Symbol routes and /ws of the gateway that serves it. Every value from the chain reaches
 * the DOM as text (textContent, text nodes, attribute values), never as markup.
 */

const STYLE = String.raw`
:root { color-scheme: light; --ink: #1d2330; --muted: #667085; --line: #e3e6ec; --accent: #5d2ac2; --ok: #157f3b; --bad: #b42318; --wait: #b54708; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: #f6f7f9; }
header { display: flex; flex-wrap: wrap; align-items: center; gap: 12px 28px; padding: 14px 24px; background: #1d1533; color: #fff; }
h1 { margin: 0; font-size: 18px; font-weight: 600; }
.stats { display: flex; gap: 22px; margin: 0; }
.stats div { display: flex; flex-direction: column; }
.stats dt { font-size: 11px; text-transform: uppercase; letter-spacing: .06em; color: #b9b3cc; }
.stats dd { margin: 0; font-size: 17px; font-variant-numeric: tabular-nums; }
#live::before { content: "\25CF  "; color: var(--wait); }
#live.on::before { color: #3ccf6e; }
#live.off::before { color: #f97066; }
form { display: flex; flex: 1; min-width: 280px; gap: 6px; }
input { flex: 1; padding: 7px 10px; border: 0; border-radius: 6px; font: inherit; }
button { padding: 7px 14px; border: 0; border-radius: 6px; background: var(--accent); color: #fff; font: inherit; cursor: pointer; }
main { display: grid; grid-template-columns: minmax(230px, 300px) 1fr; gap: 18px; padding: 18px 24px; align-items: start; }
section { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 14px 18px; min-width: 0; }
h2 { margin: 0 0 10px; font-size: 16px; }
h3 { margin: 18px 0 6px; font-size: 14px; }
a { color: var(--accent); text-decoration: none; }
a:hover { text-decoration: underline; }
#blocks { list-style: none; margin: 0; padding: 0; }
#blocks li { display: grid; grid-template-columns: auto 1fr; gap: 0 8px; padding: 6px 0; border-top: 1px solid var(--line); }
#blocks li:first-child { border-top: 0; }
#blocks .hash, #blocks .time { grid-column: 1 / 3; color: var(--muted); font-size: 12px; }
.fresh { animation: fresh 1.5s ease-out; }
@keyframes fresh { from { background: #efe8ff; } to { background: transparent; } }
.badge { justify-self: end; padding: 0 6px; border-radius: 9px; font-size: 11px; background: #eef0f4; color: var(--muted); }
.badge.final { background: #e3f6e9; color: var(--ok); }
.badge.confirmed, .badge.Success { background: #e3f6e9; color: var(--ok); }
.badge.failed, .badge.failure { background: #fde8e7; color: var(--bad); }
.badge.unconfirmed, .badge.partial { background: #fff2e0; color: var(--wait); }
.fields { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0; }
.fields dt { color: var(--muted); }
.fields dd { margin: 0; min-width: 0; }
.mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12.5px; overflow-wrap: anywhere; }
table { width: 100%; border-collapse: collapse; }
th, td { padding: 5px 8px 5px 0; border-top: 1px solid var(--line); text-align: left; vertical-align: top; }
th { color: var(--muted); font-weight: 500; border-top: 0; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td .mono { white-space: nowrap; }
.inner td:first-child { padding-left: 14px; }
.hint { color: var(--muted); }
.error { color: var(--bad); }
pre { max-height: 320px; overflow: auto; padding: 10px; background: #f6f7f9; border-radius: 6px; }
@media (max-width: 720px) { main { grid-template-columns: 1fr; } }
`;

const SCRIPT = String.raw`
'use strict';
const setting = (name) => document.querySelector('meta[name="' + name + '"]').content;
const PAGE_PATH = setting('explorer-path');
const WS_PATH = setting('ws-path');
// The routes sit where the page sits: '/api/explorer' reads '/api/chain/info'.
const here = location.pathname.replace(/\/+$/, '');
const BASE = here.endsWith(PAGE_PATH) ? here.slice(0, here.length - PAGE_PATH.length) : '';
const MAX_BLOCKS = 30;
const NEVER = '18446744073709551615';
const TRANSACTION_TYPES = {
  16724: 'transfer', 16705: 'aggregate complete', 16961: 'aggregate bonded', 16712: 'hash lock', 16722: 'secret lock',
  16978: 'secret proof', 16718: 'namespace registration', 16974: 'address alias', 17230: 'mosaic alias',
  16717: 'mosaic definition', 16973: 'mosaic supply change', 17229: 'mosaic supply revocation',
  16725: 'multisig account modification', 16708: 'account metadata', 16964: 'mosaic metadata', 17220: 'namespace metadata',
  16720: 'account address restriction', 16976: 'account mosaic restriction', 17232: 'account operation restriction',
  16977: 'mosaic address restriction', 16721: 'mosaic global restriction', 16716: 'account key link',
  16972: 'node key link', 16963: 'VRF key link', 16707: 'voting key link',
};
const RECEIPT_TYPES = {
  4685: 'mosaic rental fee', 4942: 'namespace rental fee', 8515: 'harvest fee', 8776: 'hash lock completed',
  9032: 'hash lock expired', 8786: 'secret lock completed', 9042: 'secret lock expired', 12616: 'hash lock created',
  12626: 'secret lock created', 16717: 'mosaic expired', 16718: 'namespace expired', 16974: 'namespace deleted', 20803: 'inflation',
};

const $ = (id) => document.getElementById(id);

// An element with attributes and children; strings become text nodes.
function el(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, value);
  for (const child of children.flat(Infinity)) if (child !== undefined && child !== null) node.append(child);
  return node;
}

async function api(path, body) {
  const init = body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  const response = await fetch(BASE + path, init);
  if (response.status === 404) return undefined;
  const json = await response.json();
  if (!response.ok) throw new Error(json.message || 'HTTP ' + response.status);
  return json;
}

// --- Symbol encodings: addresses, namespace ids, amounts ----------------------------

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

// A 48-hex address as its 39-character base32 form.
function base32(hex) {
  let out = '', bits = 0, value = 0;
  for (const byte of [...hex.match(/../g).map((pair) => parseInt(pair, 16)), 0]) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) out += BASE32[(value >> (bits -= 5)) & 31];
  }
  return out.slice(0, 39);
}

const MASK = (1n << 64n) - 1n;
const rotate = (lane, n) => ((lane << BigInt(n)) | (lane >> BigInt(64 - n))) & MASK;

// Keccak-f[1600] on 25 lanes (index x + 5y), after FIPS 202.
function keccak(lanes) {
  let r = 1;
  for (let round = 0; round < 24; round++) {
    const c = [0, 1, 2, 3, 4].map((x) => lanes[x] ^ lanes[x + 5] ^ lanes[x + 10] ^ lanes[x + 15] ^ lanes[x + 20]);
    for (let x = 0; x < 5; x++) {
      const d = c[(x + 4) % 5] ^ rotate(c[(x + 1) % 5], 1);
      for (let y = 0; y < 25; y += 5) lanes[x + y] ^= d;
    }
    let x = 1, y = 0, current = lanes[1];
    for (let t = 0; t < 24; t++) {
      [x, y] = [y, (2 * x + 3 * y) % 5];
      const next = lanes[x + 5 * y];
      lanes[x + 5 * y] = rotate(current, (((t + 1) * (t + 2)) / 2) % 64);
      current = next;
    }
    for (let y = 0; y < 25; y += 5) {
      const row = lanes.slice(y, y + 5);
      for (let x = 0; x < 5; x++) lanes[y + x] = row[x] ^ (~row[(x + 1) % 5] & MASK & row[(x + 2) % 5]);
    }
    for (let j = 0; j < 7; j++) {
      r = ((r << 1) ^ ((r >> 7) * 0x71)) % 256;
      if (r & 2) lanes[0] ^= 1n << BigInt((1 << j) - 1);
    }
  }
}

// The first 8 bytes of SHA3-256(bytes), little-endian.
function sha3Head(bytes) {
  const rate = 136;
  const padded = new Uint8Array((Math.floor(bytes.length / rate) + 1) * rate);
  padded.set(bytes);
  padded[bytes.length] ^= 0x06;
  padded[padded.length - 1] ^= 0x80;
  const view = new DataView(padded.buffer);
  const lanes = new Array(25).fill(0n);
  for (let offset = 0; offset < padded.length; offset += rate) {
    for (let i = 0; i < rate / 8; i++) lanes[i] ^= view.getBigUint64(offset + 8 * i, true);
    keccak(lanes);
  }
  return lanes[0];
}

// Symbol's namespace id of 'a.b.c': each part hashed after its parent's id, the high bit set.
function namespaceId(name) {
  let id = 0n;
  for (const part of name.split('.')) {
    const text = new TextEncoder().encode(part);
    const bytes = new Uint8Array(8 + text.length);
    new DataView(bytes.buffer).setBigUint64(0, id, true);
    bytes.set(text, 8);
    id = sha3Head(bytes) | (1n << 63n);
  }
  return hex16(id);
}

const hex16 = (id) => id.toString(16).toUpperCase().padStart(16, '0');

function formatAmount(amount, divisibility) {
  const value = BigInt(amount);
  if (!divisibility) return value.toLocaleString('en-US');
  const unit = 10n ** BigInt(divisibility);
  const fraction = (value % unit).toString().padStart(divisibility, '0').replace(/0+$/, '');
  return (value / unit).toLocaleString('en-US') + (fraction ? '.' + fraction : '');
}

// --- Chain data the views share -------------------------------------------------------

let epochMs = 0;
let currencyId = ''; // the network's currency, in which fees are paid
let finalizedHeight = 0n;
const blocks = new Map(); // height → {block, meta}, the latest MAX_BLOCKS
const mosaicLabels = new Map(); // mosaic or namespace id → promise of {name, divisibility}

function time(timestamp) {
  return new Date(epochMs + Number(timestamp)).toISOString().replace('T', ' ').slice(0, 19) + ' UTC';
}

// The full name of namespace 'id' from the entries POST /namespaces/names answers.
function fullName(entries, id) {
  const parts = [];
  for (let entry = entries.find((e) => e.id === id); entry; entry = entries.find((e) => e.id === entry.parentId)) {
    parts.unshift(entry.name);
    if (!entry.parentId) break;
  }
  return parts.join('.');
}

// A mosaic's name and divisibility; a namespace id (high bit set) names the mosaic it aliases.
function mosaicLabel(id) {
  if (!mosaicLabels.has(id)) mosaicLabels.set(id, lookUpMosaic(id).catch(() => ({ name: id, divisibility: 0 })));
  return mosaicLabels.get(id);
}

async function lookUpMosaic(id) {
  if (parseInt(id[0], 16) >= 8) {
    const [names, info] = await Promise.all([api('/namespaces/names', { namespaceIds: [id] }), api('/namespaces/' + id)]);
    const alias = info && info.namespace.alias;
    const target = alias && alias.type === 1 ? await mosaicLabel(alias.mosaicId) : { divisibility: 0 };
    return { name: fullName(names, id) || id, divisibility: target.divisibility };
  }
  const [[info], names] = await Promise.all([api('/mosaics', { mosaicIds: [id] }), api('/namespaces/mosaic/names', { mosaicIds: [id] })]);
  const name = names.mosaicNames[0] && names.mosaicNames[0].names[0];
  return { name: name || id, divisibility: info ? info.mosaic.divisibility : 0 };
}

async function mosaicAmount(mosaic) {
  const label = await mosaicLabel(mosaic.id);
  return formatAmount(mosaic.amount, label.divisibility) + ' ' + label.name;
}

// --- Small pieces of the views ----------------------------------------------------------

const link = (href, text, title) => el('a', title ? { href, title } : { href }, text);
const short = (hex) => hex.slice(0, 10) + '…' + hex.slice(-6);
const heightLink = (height) => link('#/block/' + height, height);
const hashLink = (hash) => el('span', { class: 'mono' }, link('#/tx/' + hash, short(hash), hash));
const keyLink = (key) => el('span', { class: 'mono' }, link('#/account/' + key, short(key), key));
const badge = (text, kind) => el('span', { class: 'badge ' + (kind || text) }, text);

// An address from a response body (48 hex); an alias (its low bit set) shows its namespace id.
function addressLink(hex) {
  if (parseInt(hex.slice(0, 2), 16) & 1) return el('span', { class: 'mono' }, 'alias ' + hex.slice(2, 18).match(/../g).reverse().join(''));
  const address = base32(hex);
  return el('span', { class: 'mono' }, link('#/account/' + address, address));
}

function fields(rows) {
  return el('dl', { class: 'fields' }, rows.filter((row) => row).map(([name, value]) => [el('dt', {}, name), el('dd', {}, value)]));
}

function table(headings, rows, empty) {
  if (rows.length === 0) return el('p', { class: 'hint' }, empty);
  return el('table', {}, el('thead', {}, el('tr', {}, headings.map((heading) => el('th', {}, heading)))), el('tbody', {}, rows));
}

const plainMessage = (hex) => (hex && hex.startsWith('00') ? new TextDecoder().decode(Uint8Array.from(hex.slice(2).match(/../g) || [], (pair) => parseInt(pair, 16))) : undefined);

// What a transaction does, in a line: a transfer's recipient and mosaics, a registration's name...
async function summary(tx) {
  if (tx.recipientAddress) {
    const amounts = await Promise.all((tx.mosaics || []).map(mosaicAmount));
    return el('span', {}, 'to ', addressLink(tx.recipientAddress), amounts.length ? ': ' + amounts.join(', ') : '');
  }
  if (tx.name) return el('span', {}, tx.name);
  if (tx.aliasAction !== undefined) return el('span', {}, (tx.aliasAction === 1 ? 'link ' : 'unlink ') + tx.namespaceId + ' → ', tx.address ? addressLink(tx.address) : 'mosaic ' + tx.mosaicId);
  if (tx.transactions) return el('span', {}, tx.transactions.length + ' inner');
  return '';
}

// --- Views --------------------------------------------------------------------------------

async function blockView(height) {
  const info = await api('/blocks/' + height);
  if (!info) return notFound('No block at height ' + height + '.');
  const { block, meta } = info;
  const [transactions, statements] = await Promise.all([
    api('/transactions/confirmed?height=' + height + '&embedded=true&pageSize=100&order=asc'),
    api('/statements/transaction?height=' + height + '&pageSize=100&order=asc'),
  ]);
  const rows = await Promise.all((transactions ? transactions.data : []).map(async ({ meta: txMeta, transaction }) => {
    const inner = txMeta.aggregateHash !== undefined;
    return el('tr', inner ? { class: 'inner' } : {},
      el('td', {}, inner ? '↳ inner' : hashLink(txMeta.hash)),
      el('td', {}, TRANSACTION_TYPES[transaction.type] || 'type ' + transaction.type),
      el('td', {}, keyLink(transaction.signerPublicKey)),
      el('td', {}, await summary(transaction)));
  }));
  const receipts = [];
  for (const { statement } of statements ? statements.data : []) {
    for (const receipt of statement.receipts) receipts.push(await receiptRow(receipt));
  }
  return el('article', {},
    el('h2', {}, 'Block ' + height, ' ', Number(height) <= finalizedHeight ? badge('finalized', 'final') : ''),
    fields([
      ['Hash', el('span', { class: 'mono' }, meta.hash)],
      ['Time', time(block.timestamp)],
      ['Harvester', addressLink(block.beneficiaryAddress)],
      ['Signer', keyLink(block.signerPublicKey)],
      ['Transactions', String(meta.totalTransactionsCount)],
      ['Fees', (await mosaicAmount({ id: currencyId, amount: meta.totalFee })) + ' (fee multiplier ' + block.feeMultiplier + ')'],
      ['Previous', BigInt(height) > 1n ? heightLink(String(BigInt(height) - 1n)) : '—'],
    ]),
    el('h3', {}, 'Transactions'),
    table(['Hash', 'Type', 'Signer', 'Summary'], rows, 'No transactions.'),
    transactions && transactions.pagination.totalEntries > rows.length ? el('p', { class: 'hint' }, 'First ' + rows.length + ' of ' + transactions.pagination.totalEntries + '.') : '',
    el('h3', {}, 'Receipts'),
    table(['Type', 'Amount', 'Account'], receipts, 'No receipts.'));
}

async function receiptRow(receipt) {
  const account = receipt.targetAddress || receipt.recipientAddress;
  return el('tr', {},
    el('td', {}, RECEIPT_TYPES[receipt.type] || 'type ' + receipt.type),
    el('td', { class: 'num' }, receipt.amount !== undefined ? await mosaicAmount({ id: receipt.mosaicId, amount: receipt.amount }) : receipt.artifactId || ''),
    el('td', {}, receipt.senderAddress ? [addressLink(receipt.senderAddress), ' → '] : '', account ? addressLink(account) : ''));
}

// A 64-hex value: a transaction hash, else a block hash among the latest 100 blocks, else a public key.
async function hashView(hash) {
  const status = await api('/transactionStatus/' + hash);
  if (status) return transactionView(hash, status);
  let found = [...blocks.values()].find((entry) => entry.meta.hash === hash);
  if (!found) {
    const page = await api('/blocks?orderBy=height&order=desc&pageSize=100');
    found = page.data.find((entry) => entry.meta.hash === hash);
  }
  if (found) return blockView(found.block.height);
  const account = await api('/accounts/' + hash);
  if (account) return accountView(hash, account);
  return notFound('No transaction, recent block or account has the hash or key ' + hash + '.');
}

async function transactionView(hash, status) {
  const info = status.group === 'failed' ? undefined : await api('/transactions/' + status.group + '/' + hash);
  const tx = info && info.transaction;
  const inner = tx && tx.transactions ? await Promise.all(tx.transactions.map(async ({ transaction }) => el('tr', {},
    el('td', {}, TRANSACTION_TYPES[transaction.type] || 'type ' + transaction.type),
    el('td', {}, keyLink(transaction.signerPublicKey)),
    el('td', {}, await summary(transaction))))) : undefined;
  return el('article', {},
    el('h2', {}, 'Transaction'),
    fields([
      ['Hash', el('span', { class: 'mono' }, hash)],
      ['Status', el('span', { id: 'tx-status' }, badge(status.group), ' ', badge(status.code || 'pending', (status.code || '').startsWith('Failure') ? 'failure' : status.code))],
      status.height && status.height !== '0' ? ['Block', heightLink(status.height)] : undefined,
      ['Deadline', time(status.deadline)],
      tx ? ['Type', TRANSACTION_TYPES[tx.type] || 'type ' + tx.type] : undefined,
      tx ? ['Signer', keyLink(tx.signerPublicKey)] : undefined,
      tx ? ['Max fee', await mosaicAmount({ id: currencyId, amount: tx.maxFee })] : undefined,
      tx && (tx.recipientAddress || tx.name) ? ['Summary', await summary(tx)] : undefined,
      tx && plainMessage(tx.message) ? ['Message', plainMessage(tx.message)] : undefined,
      tx && tx.cosignatures ? ['Cosignatures', String(tx.cosignatures.length)] : undefined,
    ]),
    inner ? [el('h3', {}, 'Inner transactions'), table(['Type', 'Signer', 'Summary'], inner, 'None.')] : '',
    info ? el('details', {}, el('summary', {}, 'JSON'), el('pre', { class: 'mono' }, JSON.stringify(info, null, 2))) : '');
}

// An account by base32 address or public key: its mosaics, namespaces and multisig.
async function accountView(id, known) {
  const info = known || (await api('/accounts/' + id));
  const address = info ? base32(info.account.address) : /^[A-Z2-7]{39}$/.test(id) ? id : undefined;
  if (!address) return notFound('No account has the public key ' + id + '.');
  const [names, owned, multisig] = await Promise.all([
    api('/namespaces/account/names', { addresses: [address] }),
    api('/namespaces?ownerAddress=' + address + '&pageSize=100'),
    api('/account/' + address + '/multisig'),
  ]);
  const mosaics = info ? await Promise.all(info.account.mosaics.map(async (mosaic) => {
    const label = await mosaicLabel(mosaic.id);
    return el('tr', {}, el('td', {}, label.name), el('td', { class: 'mono' }, mosaic.id), el('td', { class: 'num' }, formatAmount(mosaic.amount, label.divisibility)));
  })) : [];
  const aliases = names ? names.accountNames.flatMap((entry) => entry.names) : [];
  const ownedIds = owned ? owned.data.map(({ namespace }) => namespace['level' + (namespace.depth - 1)]) : [];
  const ownedNames = ownedIds.length ? await api('/namespaces/names', { namespaceIds: ownedIds }) : [];
  const m = multisig && multisig.multisig;
  return el('article', {},
    el('h2', {}, 'Account'),
    fields([
      ['Address', el('span', { class: 'mono', id: 'account-address' }, address)],
      info ? ['Public key', el('span', { class: 'mono' }, info.account.publicKeyHeight === '0' ? 'not yet known' : info.account.publicKey)] : undefined,
      info ? ['Importance', info.account.importance] : ['State', 'none yet: this address has not received anything'],
      ['Aliased by', aliases.length ? joined(aliases.map((name) => link('#/namespace/' + name, name))) : 'no namespace'],
      ['Owns', ownedIds.length ? joined(ownedIds.map((nsId) => fullName(ownedNames, nsId)).map((name) => link('#/namespace/' + name, name))) : 'no namespace'],
      ['Multisig', m ? (m.cosignatoryAddresses.length ? m.minApproval + ' of ' + m.cosignatoryAddresses.length + ' cosignatories (' + m.minRemoval + ' to remove one)' : 'not multisig') : 'not multisig'],
      m && m.cosignatoryAddresses.length ? ['Cosignatories', joined(m.cosignatoryAddresses.map(addressLink))] : undefined,
      m && m.multisigAddresses.length ? ['Cosignatory of', joined(m.multisigAddresses.map(addressLink))] : undefined,
    ]),
    el('h3', {}, 'Mosaics'),
    el('div', { id: 'account-mosaics' }, table(['Mosaic', 'Id', 'Amount'], mosaics, 'No mosaics.')));
}

const joined = (nodes) => nodes.flatMap((node, index) => (index ? [', ', node] : [node]));

async function namespaceView(name) {
  const id = namespaceId(name);
  const info = await api('/namespaces/' + id);
  if (!info) return notFound('No namespace ' + name + ' (id ' + id + ').');
  const { namespace, meta } = info;
  const alias = namespace.alias;
  return el('article', {},
    el('h2', {}, 'Namespace ' + name, ' ', badge(meta.active ? 'active' : 'inactive', meta.active ? 'final' : 'failed')),
    fields([
      ['Id', el('span', { class: 'mono', id: 'namespace-id' }, id)],
      ['Owner', addressLink(namespace.ownerAddress)],
      ['Alias', alias.type === 2 ? addressLink(alias.address) : alias.type === 1 ? el('span', { class: 'mono' }, 'mosaic ' + alias.mosaicId) : 'none'],
      ['Registered', heightLink(namespace.startHeight)],
      ['Expires', namespace.endHeight === NEVER ? 'never' : 'at height ' + namespace.endHeight],
    ]));
}

const notFound = (message) => el('p', { class: 'error' }, message);

// --- Navigation: '#/block/12', '#/tx/HASH', '#/account/ADDRESS', '#/namespace/NAME' --------

const VIEWS = { block: blockView, tx: hashView, account: (id) => accountView(id), namespace: namespaceView };
let shown = 0;

async function route() {
  const [, kind, argument] = location.hash.match(/^#\/(\w+)\/(.+)$/) || [];
  const view = VIEWS[kind];
  const ticket = ++shown;
  const show = (node) => ticket === shown && $('view').replaceChildren(node);
  if (!view) return show(el('p', { class: 'hint' }, 'Pick a block, or search for a height, a hash, an address or a namespace name.'));
  show(el('p', { class: 'hint' }, 'Loading…'));
  try {
    show(await view(decodeURIComponent(argument)));
  } catch (error) {
    show(notFound(String(error.message || error)));
  }
}

function target(query) {
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
  const next = target($('query').value.trim());
  if (!next) return $('view').replaceChildren(notFound('Search for a height, a hash, an address (T… or N…) or a namespace name.'));
  if (location.hash === next) route();
  else location.hash = next;
});
window.addEventListener('hashchange', route);

// --- Live: chain info, and blocks over /ws ---------------------------------------------

function showHeights(height, finalized) {
  if (height !== undefined) $('height').textContent = height;
  if (finalized !== undefined) {
    finalizedHeight = BigInt(finalized);
    $('finalized').textContent = finalized;
  }
}

function renderBlocks(fresh) {
  const latest = [...blocks.values()].sort((a, b) => (BigInt(b.block.height) > BigInt(a.block.height) ? 1 : -1)).slice(0, MAX_BLOCKS);
  for (const key of [...blocks.keys()]) if (!latest.some((entry) => entry.block.height === key)) blocks.delete(key);
  $('blocks').replaceChildren(...latest.map(({ block, meta }) => el('li', block.height === fresh ? { class: 'fresh', 'data-height': block.height } : { 'data-height': block.height },
    link('#/block/' + block.height, 'Block ' + block.height),
    BigInt(block.height) <= finalizedHeight ? badge('finalized', 'final') : badge('new'),
    el('span', { class: 'time' }, time(block.timestamp)),
    el('span', { class: 'hash mono' }, short(meta.hash)))));
}

async function loadBlocks() {
  const [info, page] = await Promise.all([api('/chain/info'), api('/blocks?orderBy=height&order=desc&pageSize=' + MAX_BLOCKS)]);
  showHeights(info.height, info.latestFinalizedBlock.height);
  for (const entry of page.data) blocks.set(entry.block.height, entry);
  renderBlocks();
}

function connect() {
  const socket = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + WS_PATH);
  const live = (state, text) => { $('live').className = state; $('live').textContent = text; };
  socket.onmessage = (event) => {
    const frame = JSON.parse(event.data);
    if (frame.topic === undefined) {
      for (const channel of ['block', 'finalizedBlock']) socket.send(JSON.stringify({ uid: frame.uid, subscribe: channel }));
      live('on', 'live');
      loadBlocks().catch((error) => live('off', error.message));
    } else if (frame.topic === 'block') {
      const { block } = frame.data;
      const gap = blocks.size > 0 && !blocks.has(String(BigInt(block.height) - 1n));
      blocks.set(block.height, frame.data);
      showHeights(block.height);
      renderBlocks(block.height);
      if (gap) loadBlocks(); // a block went by between the page's first read and the subscription
    } else if (frame.topic === 'finalizedBlock') {
      showHeights(undefined, frame.data.height);
      renderBlocks();
    }
  };
  socket.onclose = () => {
    live('off', 'reconnecting');
    setTimeout(connect, 2000);
  };
}

Promise.all([api('/network/properties'), api('/chain/info')]).then(([properties, info]) => {
  epochMs = Number.parseInt(properties.network.epochAdjustment, 10) * 1000;
  currencyId = properties.chain.currencyMosaicId.replace(/^0x|'/g, '');
  $('network').textContent = properties.network.identifier;
  showHeights(info.height, info.latestFinalizedBlock.height);
  connect();
  route();
}, (error) => $('view').replaceChildren(notFound('The gateway did not answer: ' + error.message)));
`;

const BODY = String.raw`
<header>
  <h1>Symbol explorer</h1>
  <dl class="stats">
    <div><dt>Height</dt><dd id="height">…</dd></div>
    <div><dt>Finalized</dt><dd id="finalized">…</dd></div>
    <div><dt>Network</dt><dd id="network">…</dd></div>
    <div><dt>Blocks</dt><dd id="live">connecting</dd></div>
  </dl>
  <form id="search" role="search">
    <input id="query" placeholder="Height, hash, address or namespace name" aria-label="Search" autocomplete="off" spellcheck="false">
    <button>Search</button>
  </form>
</header>
<main>
  <section><h2>Latest blocks</h2><ol id="blocks"></ol></section>
  <section id="view" aria-live="polite"></section>
</main>
`;

/** The explorer page for a gateway, and the hashes its Content-Security-Policy allows. */
export interface ExplorerPage {
  readonly html: Buffer;
  /** `'sha256-...'` of the inline script. */
  readonly scriptHash: string;
  /** `'sha256-...'` of the inline stylesheet. */
  readonly styleHash: string;
}

/**
 * The page served at `pagePath` (relative to where the gateway is mounted), reading
 * `/ws` at `wsPath` (the hub's upgrade path, which carries any prefix itself).
 */
export function explorerPage(pagePath: string, wsPath: string): ExplorerPage {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="explorer-path" content="${escapeAttribute(pagePath)}">
<meta name="ws-path" content="${escapeAttribute(wsPath)}">
<title>Symbol explorer</title>
<link rel="icon" href="data:,">
<style>${STYLE}</style>
</head>
<body>${BODY}<script>${SCRIPT}</script>
</body>
</html>
`;
  return { html: Buffer.from(html), scriptHash: sha256(SCRIPT), styleHash: sha256(STYLE) };
}

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
