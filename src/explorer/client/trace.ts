import { api } from './api.js';
import { type MosaicLabel, mosaicLabel } from './chain.js';
import { addressLink, type Child, el, fields, link, table } from './elements.js';
import { formatAmount } from './format.js';
import type { TraceBalanceChangeDTO, TraceFailureDTO, TraceNotificationDTO, TraceStateChangeDTO, TransactionTraceDTO } from './wire.js';

/*
 * A transaction's trace, as a development gateway (`dev: true`) answers it at
 * /dev/transactions/{hash}/trace: why a failed one failed, what a confirmed one changed, and the
 * notifications it raised. Other gateways answer 404, and the transaction's page shows nothing more.
 */

/** A trace as read: the trace, none (404), or why it could not be read. */
export type TraceRead = TransactionTraceDTO | undefined | Error;

/** The trace of transaction `hash`; a failed read is kept as its error, for the page to say. */
export function readTrace(hash: string): Promise<TraceRead> {
  return api<TransactionTraceDTO>('/dev/transactions/' + hash + '/trace').then(
    (trace) => trace,
    (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
  );
}

/** What each stage of the chain's checks is, as the page says it. */
const STAGES: Readonly<Record<TraceFailureDTO['stage'], string>> = {
  stateless: 'its own values (sizes, ranges, flags)',
  signature: 'its signature',
  stateful: "the rules on the chain's state, as it entered the unconfirmed pool",
  partial: 'entering the partial pool',
  cosigners: 'a cosignature',
  block: 'when a block ran it',
  pool: 'it expired, or its lock ended, while it waited in a pool',
  envelope: 'a type no plugin knows',
};

/**
 * The trace's section of a transaction's page (`innerTypes`: the names of its inner
 * transactions' types, when its JSON is known); nothing when the gateway has no trace of it.
 */
export async function traceSection(read: TraceRead, innerTypes?: readonly string[]): Promise<Child> {
  if (read === undefined) return undefined;
  if (read instanceof Error) return section(el('p', { class: 'error' }, 'The trace could not be read: ' + read.message));
  const trace = read;
  return section(
    trace.kept ? undefined : el('p', { class: 'hint', id: 'trace-forgotten' }, "The chain no longer keeps this transaction's trace: it keeps those of the latest transactions it ran only."),
    trace.failure ? await failureBlock(trace.failure, trace.group === 'failed', trace.notifications, innerTypes) : undefined,
    trace.balances ? await balancesBlock(trace.balances) : undefined,
    trace.changes ? changesBlock(trace.changes.filter((change) => change.cache !== 'accounts')) : undefined,
    trace.kept || trace.notifications.length ? notificationsBlock(trace.notifications, trace.group === 'failed' ? trace.failure : undefined) : undefined);
}

const section = (...children: Child[]): HTMLElement => el('div', { id: 'tx-trace', class: 'trace' }, el('h3', {}, 'Trace'), children);

/** An inner transaction as people count them (from 1), with its type when it is known. */
function innerName(innerIndex: number, innerTypes: readonly string[] | undefined): string {
  const type = innerTypes && innerTypes[innerIndex];
  return 'inner transaction #' + (innerIndex + 1) + (type ? ' (' + type + ')' : '');
}

/**
 * Why a failed transaction failed (`failed`), or why the latest cosignature of one waiting in the
 * partial pool was refused: the code, where, which rule on which notification, and what the rule
 * compared and read. Only a failed transaction's notification is the one of the list below.
 */
async function failureBlock(failure: TraceFailureDTO, failed: boolean, notifications: readonly TraceNotificationDTO[], innerTypes: readonly string[] | undefined): Promise<HTMLElement> {
  const refused = failure.notification === null || !failed ? undefined : notifications.find((notification) => notification.index === failure.notification);
  const mosaicId = failure.values.mosaicId;
  const label = typeof mosaicId === 'string' && /^[0-9A-F]{16}$/.test(mosaicId) ? await mosaicLabel(mosaicId) : undefined;
  const values = Object.entries(failure.values).map(([name, value]) => el('tr', {}, el('td', {}, name), el('td', {}, valueOf(value), label ? inUnits(name, value, label) : undefined)));
  return el('div', { id: 'trace-failure', class: 'failure-block' },
    el('h4', {}, failed ? 'Why it failed' : 'Why a cosignature was refused'),
    fields([
      ['Code', el('span', { class: 'mono' }, failure.code)],
      ['Stage', [el('span', { class: 'mono' }, failure.stage), el('span', { class: 'hint' }, ': ' + STAGES[failure.stage])]],
      ['Rule', el('span', { class: 'mono' }, failure.rule)],
      failure.innerIndex !== null ? ['Raised by', innerName(failure.innerIndex, innerTypes)] : undefined,
      refused ? ['Notification', [el('span', { class: 'mono' }, refused.type), ' (#' + (refused.index + 1) + ' below)']] : undefined,
    ]),
    el('h4', {}, 'Values compared'),
    el('div', { id: 'trace-values' }, table(['Name', 'Value'], values, 'The rule names no values; see the entries it read.')),
    failure.reads.length ? el('details', { id: 'trace-reads' }, el('summary', {}, 'Entries read (' + failure.reads.length + ')'), json(failure.reads)) : undefined);
}

// An amount or a balance the rule compared, of the mosaic it names: in whole units too, by the mosaic's divisibility.
function inUnits(name: string, value: unknown, label: MosaicLabel): Child {
  if (!/amount|balance/i.test(name) || typeof value !== 'string' || !/^\d+$/.test(value)) return undefined;
  return el('span', { class: 'hint' }, ' = ' + formatAmount(value, label.divisibility) + ' ' + label.name);
}

// A value from a payload or a rule: an address as its link, text and numbers as they are, anything else as JSON.
function valueOf(value: unknown): Child {
  if (typeof value === 'string') return /^[0-9A-F]{48}$/.test(value) ? addressLink(value) : el('span', { class: 'mono' }, value);
  if (typeof value === 'number' || typeof value === 'boolean') return el('span', { class: 'mono' }, String(value));
  return el('span', { class: 'mono' }, JSON.stringify(value));
}

const json = (value: unknown): HTMLPreElement => el('pre', { class: 'mono' }, JSON.stringify(value, null, 2));

// The balances a confirmed transaction changed (fees included): account, mosaic, before, after and the change, by the mosaic's divisibility.
async function balancesBlock(balances: readonly TraceBalanceChangeDTO[]): Promise<HTMLElement> {
  const rows = await Promise.all(balances.map(async (change) => {
    const label = await mosaicLabel(change.mosaicId);
    const delta = BigInt(change.after) - BigInt(change.before);
    const size = formatAmount((delta < 0n ? -delta : delta).toString(), label.divisibility);
    return el('tr', {},
      el('td', {}, addressLink(change.address)),
      el('td', {}, link('#/mosaic/' + change.mosaicId, label.name)),
      el('td', { class: 'num' }, formatAmount(change.before, label.divisibility)),
      el('td', { class: 'num' }, formatAmount(change.after, label.divisibility)),
      el('td', { class: 'num ' + (delta < 0n ? 'loss' : 'gain') }, delta < 0n ? '\u2212' + size : delta > 0n ? '+' + size : size));
  }));
  return el('div', { id: 'trace-balances' }, el('h4', {}, 'Balance changes'), table(['Account', 'Mosaic', 'Before', 'After', 'Change'], rows, 'No balance changed.'));
}

// The other state entries a confirmed transaction added, changed or removed, folded away.
function changesBlock(changes: readonly TraceStateChangeDTO[]): HTMLElement | undefined {
  if (changes.length === 0) return undefined;
  const rows = changes.map((change) => el('tr', {},
    el('td', {}, change.cache),
    el('td', {}, el('span', { class: 'mono' }, change.key)),
    el('td', {}, change.before === null ? 'added' : change.after === null ? 'removed' : 'changed'),
    el('td', {}, el('details', {}, el('summary', {}, 'before, after'), json({ before: change.before, after: change.after })))));
  return el('details', { id: 'trace-changes' }, el('summary', {}, 'Other state changes (' + changes.length + ')'), table(['Cache', 'Key', 'Change', 'Entry'], rows, 'None.'));
}

/**
 * The notifications in the order the chain checks them, numbered from 1 as people count (inner
 * transactions too). For a failed transaction the refused one is marked, and the ones after it,
 * which no rule checked, are dimmed.
 */
function notificationsBlock(notifications: readonly TraceNotificationDTO[], failure: TraceFailureDTO | undefined): HTMLElement {
  const refused = failure ? failure.notification : null;
  const rows = notifications.map((notification) => {
    const state = refused === null ? undefined : notification.index === refused ? 'refused' : notification.index > refused ? 'unchecked' : undefined;
    const attributes: Record<string, string> = state === 'refused' ? { class: 'refused', title: 'The rule ' + (failure ? failure.rule : '') + ' refused this one' } : state === 'unchecked' ? { class: 'unchecked', title: 'Never checked: the chain stopped at the refused notification' } : {};
    return el('tr', attributes,
      el('td', { class: 'num' }, String(notification.index + 1)),
      el('td', {}, el('span', { class: 'mono' }, notification.type)),
      el('td', {}, notification.innerIndex === null ? '\u2014' : '#' + (notification.innerIndex + 1)),
      el('td', {}, notification.publication),
      el('td', {}, payloadCell(notification.payload)));
  });
  return el('div', { id: 'trace-notifications' }, el('h4', {}, 'Notifications'), table(['#', 'Type', 'Inner', 'Publication', 'Payload'], rows, 'No notifications.'));
}

// A notification's payload: its fields' names, unfolding to its JSON.
function payloadCell(payload: Record<string, unknown>): Child {
  const names = Object.keys(payload);
  if (names.length === 0) return '\u2014';
  return el('details', {}, el('summary', {}, names.join(', ')), json(payload));
}
