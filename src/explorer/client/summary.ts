import { api } from './api.js';
import { mosaicAmount, mosaicLabel, namespaceName } from './chain.js';
import { addressLink, type Child, el, hashLink, joined, keyLink, link } from './elements.js';
import { formatAmount, mosaicFlagNames, plainMessage, printableText, short } from './format.js';
import { typeName } from './names.js';
import type {
  AccountRestrictionBody,
  AliasBody,
  EmbeddedTransactionJson,
  HashLockBody,
  KeyLinkBody,
  MetadataBody,
  MosaicAddressRestrictionBody,
  MosaicDefinitionBody,
  MosaicGlobalRestrictionBody,
  MosaicSupplyChangeBody,
  MosaicSupplyRevocationBody,
  MultisigModificationBody,
  NamespaceRegistrationBody,
  SecretLockBody,
  SecretProofBody,
  TransactionEntry,
  TransferBody,
} from './wire.js';

/*
 * What a transaction does, in a line, for every type the families know: the Summary column of
 * the home, block, account and transaction pages. Each type's summary reads its own fields.
 */

/** What a summary is made of: text and links, given at once or once names are looked up. */
type Parts = Child | Promise<Child>;

const UNSET = '18446744073709551615';
const NO_MOSAIC = '0000000000000000';
/** A mosaic restriction's operators (catapult's MosaicRestrictionType), 0 being none. */
const OPERATORS = ['none', '=', '≠', '<', '≤', '>', '≥'];
/** A secret's hash algorithms (catapult's LockHashAlgorithm). */
const HASH_ALGORITHMS = ['SHA3-256', 'Hash160', 'Hash256'];
/** Items of a list a summary names before it says how many more there are. */
const LISTED = 3;
/** Characters of a message a summary quotes. */
const QUOTED = 40;
/** Hashes one `POST /transactions/confirmed` takes at most. */
const IDS_PER_READ = 100;

// --- Pieces the summaries share ---

const count = (n: number, noun: string): string => n + ' ' + noun + (n === 1 ? '' : 's');
const blocks = (duration: string): string => formatAmount(duration, 0) + ' block' + (duration === '1' ? '' : 's');
const signed = (delta: number): string => (delta < 0 ? '−' : '+') + Math.abs(delta);
const quoted = (text: string): HTMLSpanElement => el('span', { class: 'quote' }, '“' + (text.length > QUOTED ? text.slice(0, QUOTED - 1) + '…' : text) + '”');
/** A key or secret, cut to its ends, in full as its title. */
const hex = (value: string, title = value): HTMLSpanElement => el('span', { class: 'mono', title }, value.length > 20 ? short(value) : value);
/** A mosaic by its name (its id, in monospace, when it has none) linked to its page; by an alias (a namespace id: its high bit set), to the namespace's. */
function mosaicLink(id: string, name = id): Child {
  if (name === id) return el('span', { class: 'mono' }, link('#/mosaic/' + id, id));
  return link(parseInt(id[0], 16) >= 8 ? '#/namespace/' + name : '#/mosaic/' + id, name, id);
}
/** A namespace by its full name, linked; by its id when the chain does not know it. */
const namespaceLink = (name: string, id: string): Child => (name === id ? hex(id) : link('#/namespace/' + name, name));
/** The first items of a list, and how many more. */
const listed = (items: readonly Child[]): Child => [joined(items.slice(0, LISTED)), items.length > LISTED ? ' and ' + (items.length - LISTED) + ' more' : ''];

// --- Each type's summary ---

async function transfer(tx: TransferBody): Promise<Child> {
  const amounts = await Promise.all((tx.mosaics || []).map(mosaicAmount));
  const message = plainMessage(tx.message);
  return ['to ', addressLink(tx.recipientAddress, true), amounts.length ? ': ' + amounts.join(', ') : '', message ? [' ', quoted(message)] : ''];
}

function mosaicDefinition(tx: MosaicDefinitionBody): Child {
  const flags = mosaicFlagNames(tx.flags);
  return ['mosaic ', mosaicLink(tx.id), ', divisibility ' + tx.divisibility, flags.length ? ', ' + flags.join(', ') : '', tx.duration === '0' ? '' : ', for ' + blocks(tx.duration)];
}

/** An amount of a mosaic in whole units, the mosaic linked to its page: '5,000 ticket'. */
async function mosaicAmountLink(id: string, amount: string): Promise<Child> {
  const label = await mosaicLabel(id);
  return [formatAmount(amount, label.divisibility) + ' ', mosaicLink(id, label.name)];
}

async function mosaicSupplyChange(tx: MosaicSupplyChangeBody): Promise<Child> {
  return [(tx.action === 1 ? 'increase' : 'decrease') + ' supply by ', await mosaicAmountLink(tx.mosaicId, tx.delta)];
}

async function mosaicSupplyRevocation(tx: MosaicSupplyRevocationBody): Promise<Child> {
  return ['revoke ', await mosaicAmountLink(tx.mosaicId, tx.amount), ' from ', addressLink(tx.sourceAddress, true)];
}

async function namespaceRegistration(tx: NamespaceRegistrationBody): Promise<Child> {
  if (tx.registrationType === 0) return ['root ', link('#/namespace/' + tx.name, tx.name), tx.duration && tx.duration !== '0' ? ' for ' + blocks(tx.duration) : ', eternal'];
  const parentId = tx.parentId || '';
  const parent = await namespaceName(parentId);
  return parent === parentId ? ['child ' + tx.name + ' of ', hex(parentId)] : ['child ', link('#/namespace/' + parent + '.' + tx.name, parent + '.' + tx.name)];
}

async function alias(tx: AliasBody): Promise<Child> {
  const target = tx.address !== undefined ? addressLink(tx.address, true) : ['mosaic ', mosaicLink(tx.mosaicId || '')];
  return [tx.aliasAction === 1 ? 'link ' : 'unlink ', namespaceLink(await namespaceName(tx.namespaceId), tx.namespaceId), ' → ', target];
}

const secret = (tx: SecretProofBody): HTMLSpanElement => hex(tx.secret, tx.secret + ' (' + (HASH_ALGORITHMS[tx.hashAlgorithm] || 'algorithm ' + tx.hashAlgorithm) + ')');

async function secretLock(tx: SecretLockBody): Promise<Child> {
  return ['lock ' + (await mosaicAmount({ id: tx.mosaicId, amount: tx.amount })) + ' for ', addressLink(tx.recipientAddress, true), ', ' + blocks(tx.duration) + ', secret ', secret(tx)];
}

const secretProof = (tx: SecretProofBody): Child => ['prove secret ', secret(tx), ' for ', addressLink(tx.recipientAddress, true)];

// Catapult's AccountRestrictionFlags: what is restricted (address 1, mosaic 2, transaction type 4), outgoing 0x4000, block 0x8000.
async function accountRestriction(tx: AccountRestrictionBody): Promise<Child> {
  const flags = tx.restrictionFlags;
  const what = flags & 4 ? 'transaction types' : flags & 2 ? 'mosaics' : 'addresses';
  const item = async (value: string | number): Promise<Child> => (typeof value === 'number' ? typeName(value) : flags & 2 ? mosaicLink(value, (await mosaicLabel(value)).name) : addressLink(value, true));
  const [added, removed] = await Promise.all([tx.restrictionAdditions, tx.restrictionDeletions].map((values) => Promise.all(values.map(item))));
  return [
    (flags & 0x8000 ? 'block ' : 'allow only ') + (flags & 0x4000 ? 'outgoing ' : 'incoming ') + what,
    added.length ? [': add ', listed(added)] : '',
    removed.length ? [added.length ? '; remove ' : ': remove ', listed(removed)] : '',
  ];
}

const restrictionValue = (value: string): string => (value === UNSET ? 'unset' : formatAmount(value, 0));
const rule = (type: number, value: string): string => (type === 0 ? 'none' : (OPERATORS[type] || 'type ' + type) + ' ' + formatAmount(value, 0));

async function mosaicAddressRestriction(tx: MosaicAddressRestrictionBody): Promise<Child> {
  const mosaic = await mosaicLabel(tx.mosaicId);
  return ['key ', hex(tx.restrictionKey), ' of ', mosaicLink(tx.mosaicId, mosaic.name), ' for ', addressLink(tx.targetAddress, true),
    ': ' + restrictionValue(tx.newRestrictionValue) + ' (was ' + restrictionValue(tx.previousRestrictionValue) + ')'];
}

async function mosaicGlobalRestriction(tx: MosaicGlobalRestrictionBody): Promise<Child> {
  const mosaic = await mosaicLabel(tx.mosaicId);
  const reference = tx.referenceMosaicId === NO_MOSAIC ? '' : [', as ', mosaicLink(tx.referenceMosaicId, (await mosaicLabel(tx.referenceMosaicId)).name), ' sets it'];
  return ['key ', hex(tx.restrictionKey), ' of ', mosaicLink(tx.mosaicId, mosaic.name),
    ': ' + rule(tx.newRestrictionType, tx.newRestrictionValue) + ' (was ' + rule(tx.previousRestrictionType, tx.previousRestrictionValue) + ')', reference];
}

function multisigModification(tx: MultisigModificationBody): Child {
  const parts: Child[] = [];
  if (tx.addressAdditions.length) parts.push(['add ', listed(tx.addressAdditions.map((address) => addressLink(address, true)))]);
  if (tx.addressDeletions.length) parts.push(['remove ', listed(tx.addressDeletions.map((address) => addressLink(address, true)))]);
  if (tx.minApprovalDelta) parts.push('min approval ' + signed(tx.minApprovalDelta));
  if (tx.minRemovalDelta) parts.push('min removal ' + signed(tx.minRemovalDelta));
  return parts.length ? parts.flatMap((part, i) => (i ? ['; ', part] : [part])) : 'no change';
}

async function hashLock(tx: HashLockBody): Promise<Child> {
  return ['lock ' + (await mosaicAmount({ id: tx.mosaicId, amount: tx.amount })) + ' for ' + blocks(tx.duration) + ', for aggregate ', hashLink(tx.hash)];
}

async function metadata(tx: MetadataBody): Promise<Child> {
  const target = tx.targetMosaicId !== undefined
    ? ['mosaic ', mosaicLink(tx.targetMosaicId, (await mosaicLabel(tx.targetMosaicId)).name)]
    : tx.targetNamespaceId !== undefined
      ? ['namespace ', namespaceLink(await namespaceName(tx.targetNamespaceId), tx.targetNamespaceId)]
      : addressLink(tx.targetAddress, true);
  // A new value is the value itself; a change is the old one XOR the new one, shown by its size only.
  const fresh = tx.valueSizeDelta === tx.valueSize;
  const text = fresh && tx.value !== undefined ? printableText(tx.value) : undefined;
  const value = text !== undefined ? quoted(text) : fresh ? count(tx.valueSize, 'byte') : 'value changed (' + count(tx.valueSize, 'byte') + (tx.valueSizeDelta ? ', ' + signed(tx.valueSizeDelta) : '') + ')';
  return ['key ', hex(tx.scopedMetadataKey), ' on ', target, ': ', value];
}

const keyLinkOf = (linked: (key: string) => Child) => (tx: KeyLinkBody): Child => [
  tx.linkAction === 1 ? 'link ' : 'unlink ',
  linked(tx.linkedPublicKey),
  tx.startEpoch !== undefined && tx.endEpoch !== undefined ? ', epochs ' + tx.startEpoch + ' to ' + tx.endEpoch : '',
];

// An aggregate's inner transactions: the one's own summary, or how many of each type; its cosignatures.
async function aggregate(tx: EmbeddedTransactionJson): Promise<Child> {
  const cosignatures = tx.cosignatures && tx.cosignatures.length ? ', ' + count(tx.cosignatures.length, 'cosignature') : '';
  const inner = tx.transactions;
  if (!inner) return 'inner transactions not read' + cosignatures;
  if (inner.length === 1) return ['1 inner ' + typeName(inner[0].transaction.type) + ': ', await partsOf(inner[0].transaction), cosignatures];
  const types = new Map<string, number>();
  for (const { transaction } of inner) types.set(typeName(transaction.type), (types.get(typeName(transaction.type)) || 0) + 1);
  return inner.length + ' inner (' + [...types].map(([name, n]) => n + ' ' + name).join(', ') + ')' + cosignatures;
}

/** A summary of a transaction's own fields: the JSON is trusted to be its type's body. */
const of = <T>(summarize: (body: T) => Parts) => (tx: EmbeddedTransactionJson): Parts => summarize(tx as unknown as T);

/** Each type's summary, by catapult's transaction type (models.TransactionType). */
const SUMMARIES: ReadonlyMap<number, (tx: EmbeddedTransactionJson) => Parts> = new Map([
  [0x4154, of(transfer)],
  [0x414d, of(mosaicDefinition)],
  [0x424d, of(mosaicSupplyChange)],
  [0x434d, of(mosaicSupplyRevocation)],
  [0x414e, of(namespaceRegistration)],
  [0x424e, of(alias)],
  [0x434e, of(alias)],
  [0x4152, of(secretLock)],
  [0x4252, of(secretProof)],
  [0x4150, of(accountRestriction)],
  [0x4250, of(accountRestriction)],
  [0x4350, of(accountRestriction)],
  [0x4251, of(mosaicAddressRestriction)],
  [0x4151, of(mosaicGlobalRestriction)],
  [0x4141, aggregate],
  [0x4241, aggregate],
  [0x4155, of(multisigModification)],
  [0x4148, of(hashLock)],
  [0x4144, of(metadata)],
  [0x4244, of(metadata)],
  [0x4344, of(metadata)],
  [0x414c, of(keyLinkOf(keyLink))],
  [0x424c, of(keyLinkOf((key) => hex(key)))],
  [0x4243, of(keyLinkOf((key) => hex(key)))],
  [0x4143, of(keyLinkOf((key) => hex(key)))],
]);

/** Aggregate types: their summaries need their inner transactions. */
const AGGREGATES = [0x4141, 0x4241];

/**
 * What `tx` does, in a line: 'to TB…: 2.5 symbol.xym “coffee”', 'root carol for 86,400 blocks',
 * '3 inner (2 transfer, 1 mosaic supply change)'; '—' for a type no family knows (or fields it cannot read).
 */
export async function summary(tx: EmbeddedTransactionJson): Promise<HTMLSpanElement> {
  return el('span', { class: 'summary' }, await partsOf(tx));
}

async function partsOf(tx: EmbeddedTransactionJson): Promise<Child> {
  const summarize = SUMMARIES.get(tx.type);
  try {
    if (summarize) return await summarize(tx);
  } catch {
    // A body without the fields its type has: the row keeps its other cells.
  }
  return '—';
}

/**
 * Reads the inner transactions of the aggregates among `entries` into them: a list of
 * transactions (as catapult-rest answers one) gives an aggregate without them. By hash, at most
 * 100 a request; an aggregate not found keeps none.
 */
export async function readInnerTransactions(entries: readonly TransactionEntry[], group = 'confirmed'): Promise<void> {
  const aggregates = entries.filter(({ meta, transaction }) => AGGREGATES.includes(transaction.type) && !transaction.transactions && 'hash' in meta);
  for (let at = 0; at < aggregates.length; at += IDS_PER_READ) {
    const part = aggregates.slice(at, at + IDS_PER_READ);
    const hashOf = (entry: TransactionEntry): string => ('hash' in entry.meta ? entry.meta.hash : '');
    const read = await api<TransactionEntry[]>('/transactions/' + group, { transactionIds: part.map(hashOf) });
    const inner = new Map((read || []).map((entry) => [hashOf(entry), entry.transaction.transactions]));
    for (const entry of part) entry.transaction.transactions = inner.get(hashOf(entry));
  }
}
