import { createHash } from 'node:crypto';
import { EXPLORER_SCRIPT } from './client-bundle.js';
import { FAMILIES, TRANSACTION_TYPES } from '../families/index.js';

/*
 * The explorer: one page of HTML, CSS and a script that reads only the public Symbol routes
 * and /ws of the gateway that serves it. The script is the TypeScript under client/, bundled
 * into client-bundle.ts by `npm run build:explorer`. Every value from the chain reaches the
 * DOM as text (textContent, text nodes, attribute values), never as markup: client/elements.ts
 * builds every element that way.
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
#live.poll::before { color: #fdb022; }
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
#blocks .txs, #blocks .harvester { color: var(--muted); font-size: 12px; }
#blocks .harvester { justify-self: end; }
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
#history-more { margin-top: 8px; }
.chart { margin: 12px 0 0; }
.chart figcaption { font-size: 13px; margin-bottom: 4px; }
.chart svg { display: block; width: 100%; height: auto; background: #f6f7f9; border-radius: 4px; }
.chart text { font-size: 11px; fill: var(--muted); font-variant-numeric: tabular-nums; }
.chart .axis-title { fill: var(--ink); }
.chart .grid { stroke: #e3e6ec; }
.chart .axis { stroke: #98a2b3; }
#latest-transactions { margin-bottom: 18px; }
#latest-transactions td.block { white-space: nowrap; }
.age { font-size: 12px; }
.summary .quote { color: var(--muted); }
h4 { margin: 14px 0 4px; font-size: 13px; }
.failure-block { margin: 8px 0; padding: 2px 0 4px 12px; border-left: 3px solid var(--bad); }
td.gain { color: var(--ok); }
td.loss { color: var(--bad); }
tr.refused td { background: #fde8e7; color: var(--bad); }
tr.unchecked td { color: var(--muted); opacity: .55; }
td details summary { color: var(--muted); cursor: pointer; }
pre { max-height: 320px; overflow: auto; padding: 10px; background: #f6f7f9; border-radius: 6px; }
@media (max-width: 720px) { main { grid-template-columns: 1fr; } }
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

/** What the page calls each transaction and receipt type: the names the families give them. */
const NAMES = JSON.stringify({
  transactions: Object.fromEntries(TRANSACTION_TYPES.map((type) => [type.type, type.name])),
  receipts: Object.assign({}, ...FAMILIES.map((family) => family.receipts ?? {})),
});

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
<meta name="explorer-names" content="${escapeAttribute(NAMES)}">
<title>Symbol explorer</title>
<link rel="icon" href="data:,">
<style>${STYLE}</style>
</head>
<body>${BODY}<script>${EXPLORER_SCRIPT}</script>
</body>
</html>
`;
  return { html: Buffer.from(html), scriptHash: sha256(EXPLORER_SCRIPT), styleHash: sha256(STYLE) };
}

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
