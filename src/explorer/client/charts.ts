import { api, found } from './api.js';
import { mosaicLabel, network } from './chain.js';
import { el } from './elements.js';
import { formatAmount } from './format.js';
import { axis } from './scale.js';
import type { BlockEntry, Page } from './wire.js';

/*
 * The chain over time, drawn by the page itself as SVG (no library, nothing from elsewhere: the
 * page's policy allows neither): transactions and fees per block, and the time between blocks,
 * over the latest blocks, each against labelled axes. The nemesis block is left out: it holds a
 * network's whole setup (26,017 transactions on mainnet) and would flatten every other bar.
 */

/** Blocks the charts cover: the latest page the gateway gives (100: an hour of a 30-second chain, more of a faster one). */
const CHART_BLOCKS = 100;
const SVG = 'http://www.w3.org/2000/svg';
/** The drawing's size in its own units (it scales to the page's width), and the plot's place in it: room for the axes' labels around. */
const WIDTH = 720;
const HEIGHT = 160;
const PLOT = { left: 64, right: WIDTH - 28, top: 28, bottom: 126 };
/** Heights named under the x axis at most. */
const X_TICKS = 5;

/** One bar: the block it is for, its value, and what its tooltip says. */
interface Bar {
  readonly height: string;
  readonly value: number;
  readonly label: string;
}

/** A chart: its element id, its caption, what its y axis counts (with the unit), its bars oldest first. */
interface Chart {
  readonly id: string;
  readonly title: string;
  readonly yTitle: string;
  readonly bars: readonly Bar[];
  /** Whether values are whole numbers (counts, atomic units): the ticks are too. */
  readonly whole: boolean;
  /** A value as the axis and the caption write it. */
  readonly format: (value: number) => string;
  /** What the caption adds: the blocks left out. */
  readonly note?: string;
}

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Record<string, string | number>, ...children: (SVGElement | string)[]): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  node.append(...children);
  return node;
}

// The indexes of the bars named under the x axis: the first, the last, and evenly between.
function xTicks(count: number): number[] {
  if (count <= X_TICKS) return Array.from({ length: count }, (_, i) => i);
  return [...new Set(Array.from({ length: X_TICKS }, (_, k) => Math.round((k * (count - 1)) / (X_TICKS - 1))))];
}

// Bars oldest to newest on a value axis from zero (a zero is flat, anything else at least a unit), each with its value as a tooltip;
// the y axis's ticks and title, the x axis's block heights and title.
function barChart(chart: Chart): HTMLElement {
  const { bars } = chart;
  const max = Math.max(0, ...bars.map((bar) => bar.value));
  const { top, ticks } = axis(max, chart.whole);
  const plotHeight = PLOT.bottom - PLOT.top;
  const step = (PLOT.right - PLOT.left) / Math.max(bars.length, 1);
  const y = (value: number): number => PLOT.bottom - (value / top) * plotHeight;
  const grid = ticks.map((tick) => svg('g', { class: 'tick-y' },
    svg('line', { class: tick === 0 ? 'axis' : 'grid', x1: PLOT.left, x2: PLOT.right, y1: y(tick).toFixed(1), y2: y(tick).toFixed(1) }),
    svg('text', { x: PLOT.left - 6, y: y(tick).toFixed(1), dy: '0.32em', 'text-anchor': 'end' }, chart.format(tick))));
  const rects = bars.map((bar, i) => {
    const height = bar.value <= 0 ? 0 : Math.max(1, (bar.value / top) * plotHeight);
    return svg('rect', { class: 'bar', 'data-height': bar.height, x: (PLOT.left + i * step).toFixed(1), y: (PLOT.bottom - height).toFixed(1), width: Math.max(1, step - 1).toFixed(1), height: height.toFixed(1), fill: '#5d2ac2' }, svg('title', {}, bar.label));
  });
  const heights = xTicks(bars.length).map((i) => {
    const x = (PLOT.left + (i + 0.5) * step).toFixed(1);
    return svg('g', { class: 'tick-x' },
      svg('line', { class: 'axis', x1: x, x2: x, y1: PLOT.bottom, y2: PLOT.bottom + 4 }),
      svg('text', { x, y: PLOT.bottom + 16, 'text-anchor': 'middle' }, bars[i].height));
  });
  const drawing = svg('svg', { id: chart.id, viewBox: `0 0 ${WIDTH} ${HEIGHT}`, width: '100%', role: 'img', 'aria-label': chart.title + ': ' + chart.yTitle + ' by block height' },
    ...grid,
    ...rects,
    ...heights,
    svg('text', { class: 'axis-title axis-y', x: 4, y: 14 }, chart.yTitle),
    svg('text', { class: 'axis-title axis-x', x: ((PLOT.left + PLOT.right) / 2).toFixed(1), y: HEIGHT - 4, 'text-anchor': 'middle' }, 'block height'));
  return el('figure', { class: 'chart' },
    el('figcaption', {}, chart.title, ' ', el('span', { class: 'hint' }, '(highest: ' + chart.format(max), chart.note ? ['; ', el('span', { class: 'excluded' }, chart.note)] : '', ')')),
    drawing);
}

/** The charts of the latest blocks, read over REST. */
export async function chartsView(): Promise<HTMLElement> {
  const path = '/blocks?orderBy=height&order=desc&pageSize=' + CHART_BLOCKS;
  const [page, currency] = await Promise.all([api<Page<BlockEntry>>(path), mosaicLabel(network.currencyId)]);
  const all = found(page, path).data.slice().reverse();
  const nemesis = all.find(({ block }) => block.height === '1');
  const entries = all.filter((entry) => entry !== nemesis);
  const fee = (atomic: number): string => formatAmount(String(Math.round(atomic)), currency.divisibility);
  const transactions = entries.map(({ block, meta }): Bar => {
    const count = meta.totalTransactionsCount ?? meta.transactionsCount;
    return { height: block.height, value: count, label: 'Block ' + block.height + ': ' + count + ' transactions' };
  });
  const fees = entries.map(({ block, meta }): Bar => ({ height: block.height, value: Number(meta.totalFee), label: 'Block ' + block.height + ': ' + fee(Number(meta.totalFee)) + ' ' + currency.name + ' in fees' }));
  // Each block after the one before it; not block 2 after the nemesis block, which may be years older (a new chain's epoch).
  const times = all.slice(1).flatMap(({ block }, i): Bar[] => {
    const previous = all[i].block;
    if (previous.height === '1') return [];
    const seconds = Number(BigInt(block.timestamp) - BigInt(previous.timestamp)) / 1000;
    return [{ height: block.height, value: seconds, label: 'Block ' + block.height + ': ' + seconds + ' s after the one before' }];
  });
  const note = nemesis ? 'block 1 left out' : undefined;
  const span = entries.length ? 'Blocks ' + entries[0].block.height + ' to ' + entries[entries.length - 1].block.height + '.' : 'No blocks after the nemesis block yet.';
  const why = nemesis ? ' Block 1, the nemesis block, is left out: its ' + (nemesis.meta.totalTransactionsCount ?? nemesis.meta.transactionsCount) + ' transactions (a network\'s whole setup) would flatten every other bar.' : '';
  return el('div', { id: 'charts' },
    el('h2', {}, 'The latest ' + entries.length + ' blocks'),
    el('p', { class: 'hint', id: 'charts-span' }, span + why),
    entries.length ? [
      barChart({ id: 'chart-transactions', title: 'Transactions per block', yTitle: 'transactions per block', bars: transactions, whole: true, format: (value) => value.toLocaleString('en-US'), note }),
      barChart({ id: 'chart-fees', title: 'Fees per block', yTitle: 'fees per block (' + currency.name + ')', bars: fees, whole: true, format: fee, note }),
      barChart({ id: 'chart-block-times', title: 'Time between blocks', yTitle: 'seconds since the block before', bars: times, whole: false, format: (value) => String(value), note: nemesis ? 'block 2 left out: it follows the nemesis block' : undefined }),
    ] : '');
}
