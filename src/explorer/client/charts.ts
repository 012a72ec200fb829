import { api, found } from './api.js';
import { mosaicLabel, network } from './chain.js';
import { el } from './elements.js';
import { formatAmount } from './format.js';
import type { BlockEntry, Page } from './wire.js';

/*
 * The chain over time, drawn by the page itself as SVG (no library, nothing from elsewhere: the
 * page's policy allows neither): transactions and fees per block, and the time between blocks,
 * over the latest blocks.
 */

/** Blocks the charts cover: the latest page the gateway gives (100: an hour of a 30-second chain, more of a faster one). */
const CHART_BLOCKS = 100;
const WIDTH = 600;
const HEIGHT = 90;
const SVG = 'http://www.w3.org/2000/svg';

/** One bar: its value, and what its tooltip says. */
interface Bar {
  readonly value: number;
  readonly label: string;
}

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Record<string, string | number>, ...children: (SVGElement | string)[]): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  node.append(...children);
  return node;
}

// Bars oldest to newest, scaled to the highest (a zero is flat, anything else at least a pixel); each with its value as a tooltip.
function barChart(id: string, title: string, bars: readonly Bar[], unit: (max: number) => string): HTMLElement {
  const max = Math.max(0, ...bars.map((bar) => bar.value));
  const step = WIDTH / Math.max(bars.length, 1);
  const rects = bars.map((bar, i) => {
    const height = bar.value <= 0 || max === 0 ? 0 : Math.max(1, (bar.value / max) * HEIGHT);
    return svg('rect', { x: (i * step).toFixed(1), y: (HEIGHT - height).toFixed(1), width: Math.max(1, step - 1).toFixed(1), height: height.toFixed(1), fill: '#5d2ac2' }, svg('title', {}, bar.label));
  });
  const chart = svg('svg', { id, viewBox: `0 0 ${WIDTH} ${HEIGHT}`, width: '100%', height: HEIGHT, preserveAspectRatio: 'none', role: 'img', 'aria-label': title }, ...rects);
  return el('figure', { class: 'chart' }, el('figcaption', {}, title, ' ', el('span', { class: 'hint' }, '(highest: ' + unit(max) + ')')), chart);
}

/** The charts of the latest blocks, read over REST. */
export async function chartsView(): Promise<HTMLElement> {
  const path = '/blocks?orderBy=height&order=desc&pageSize=' + CHART_BLOCKS;
  const [page, currency] = await Promise.all([api<Page<BlockEntry>>(path), mosaicLabel(network.currencyId)]);
  const entries = found(page, path).data.slice().reverse();
  const fee = (atomic: string | number): string => formatAmount(String(atomic), currency.divisibility) + ' ' + currency.name;
  const heights = entries.map(({ block }) => block.height);
  const transactions = entries.map(({ block, meta }, i): Bar => {
    const count = meta.totalTransactionsCount ?? meta.transactionsCount;
    return { value: count, label: 'Block ' + heights[i] + ': ' + count + ' transactions' };
  });
  const fees = entries.map(({ meta }, i): Bar => ({ value: Number(meta.totalFee), label: 'Block ' + heights[i] + ': ' + fee(meta.totalFee) + ' in fees' }));
  // Each block after the one before it; not block 2 after the nemesis block, which may be years older (a new chain's epoch).
  const times = entries.slice(1).flatMap(({ block }, i): Bar[] => {
    const previous = entries[i].block;
    if (previous.height === '1') return [];
    const seconds = Number(BigInt(block.timestamp) - BigInt(previous.timestamp)) / 1000;
    return [{ value: seconds, label: 'Block ' + block.height + ': ' + seconds + ' s after the one before' }];
  });
  const span = entries.length ? 'blocks ' + heights[0] + ' to ' + heights[heights.length - 1] : 'no blocks';
  return el('div', { id: 'charts' },
    el('h2', {}, 'The latest ' + entries.length + ' blocks'),
    el('p', { class: 'hint' }, span),
    barChart('chart-transactions', 'Transactions per block', transactions, String),
    barChart('chart-fees', 'Fees per block', fees, fee),
    barChart('chart-block-times', 'Seconds between blocks', times, (max) => max + ' s'));
}
