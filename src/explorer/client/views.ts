import { api, found } from './api.js';
import { blocks, fullName, learnSigners, mosaicAmount, mosaicLabel, network, signerAddress, time } from './chain.js';
import { addressLink, badge, el, fields, hashLink, heightLink, joined, link, notFound, signerLink, table } from './elements.js';
import { base32, formatAmount, mosaicFlagNames, namespaceId, percentOf, plainMessage, printableText } from './format.js';
import { receiptName, typeName } from './names.js';
import { readInnerTransactions, summary } from './summary.js';
import { readTrace, traceSection, type TraceRead } from './trace.js';
import type {
  AccountInfoDTO,
  AccountNamesJson,
  BlockEntry,
  MetadataInfoDTO,
  MosaicInfoDTO,
  MosaicNamesJson,
  MultisigAccountInfoDTO,
  NamespaceDTO,
  NamespaceInfoDTO,
  NamespaceNameDTO,
  Page,
  ReceiptDTO,
  TransactionEntry,
  TransactionJson,
  TransactionStatementInfoDTO,
  TransactionStatusDTO,
} from './wire.js';

/* The views the page's routes show: a block, a transaction, an account, a namespace. */

/** A view of the page: what it shows for the argument of its route ('#/block/12' → '12'). */
export type View = (argument: string) => Promise<HTMLElement>;

const NEVER = '18446744073709551615';

/** A signer by its address once `learnSigners` has read it, else by its public key. */
const signer = (key: string): HTMLSpanElement => signerLink(key, signerAddress(key));

/** A block by height: its header, transactions (inner ones too) and receipts. */
export async function blockView(height: string): Promise<HTMLElement> {
  const info = await api<BlockEntry>('/blocks/' + height);
  if (!info) return notFound('No block at height ' + height + '.');
  const { block, meta } = info;
  const [transactions, statements] = await Promise.all([
    api<Page<TransactionEntry>>('/transactions/confirmed?height=' + height + '&embedded=true&pageSize=100&order=asc'),
    api<Page<TransactionStatementInfoDTO>>('/statements/transaction?height=' + height + '&pageSize=100&order=asc'),
  ]);
  await Promise.all([
    learnSigners([block.signerPublicKey, ...(transactions ? transactions.data.map(({ transaction }) => transaction.signerPublicKey) : [])]),
    readInnerTransactions(transactions ? transactions.data : []),
  ]);
  const rows = await Promise.all((transactions ? transactions.data : []).map(async ({ meta: txMeta, transaction }) => {
    const inner = 'aggregateHash' in txMeta;
    return el('tr', inner ? { class: 'inner' } : {},
      el('td', {}, inner ? '↳ inner' : hashLink(txMeta.hash)),
      el('td', {}, typeName(transaction.type)),
      el('td', {}, signer(transaction.signerPublicKey)),
      el('td', {}, await summary(transaction)));
  }));
  const receipts: HTMLTableRowElement[] = [];
  for (const { statement } of statements ? statements.data : []) {
    for (const receipt of statement.receipts) receipts.push(await receiptRow(receipt));
  }
  return el('article', {},
    el('h2', {}, 'Block ' + height, ' ', Number(height) <= network.finalizedHeight ? badge('finalized', 'final') : ''),
    fields([
      ['Hash', el('span', { class: 'mono' }, meta.hash)],
      ['Time', time(block.timestamp)],
      ['Harvester', addressLink(block.beneficiaryAddress)],
      ['Signer', signer(block.signerPublicKey)],
      ['Transactions', String(meta.totalTransactionsCount)],
      ['Fees', (await mosaicAmount({ id: network.currencyId, amount: meta.totalFee })) + ' (fee multiplier ' + block.feeMultiplier + ')'],
      ['Previous', BigInt(height) > 1n ? heightLink(String(BigInt(height) - 1n)) : '—'],
    ]),
    el('h3', {}, 'Transactions'),
    table(['Hash', 'Type', 'Signer', 'Summary'], rows, 'No transactions.'),
    transactions && transactions.pagination.totalEntries > rows.length ? el('p', { class: 'hint' }, 'First ' + rows.length + ' of ' + transactions.pagination.totalEntries + '.') : '',
    el('h3', {}, 'Receipts'),
    table(['Type', 'Amount', 'Account'], receipts, 'No receipts.'));
}

async function receiptRow(receipt: ReceiptDTO): Promise<HTMLTableRowElement> {
  const account = receipt.targetAddress || receipt.recipientAddress;
  const amount = receipt.amount !== undefined && receipt.mosaicId !== undefined ? await mosaicAmount({ id: receipt.mosaicId, amount: receipt.amount }) : receipt.artifactId || '';
  return el('tr', {},
    el('td', {}, receiptName(receipt.type)),
    el('td', { class: 'num' }, amount),
    el('td', {}, receipt.senderAddress ? [addressLink(receipt.senderAddress), ' → '] : '', account ? addressLink(account) : ''));
}

/** A 64-hex value: a transaction hash, else a block hash among the latest 100 blocks, else a public key. */
export async function hashView(hash: string): Promise<HTMLElement> {
  const status = await api<TransactionStatusDTO>('/transactionStatus/' + hash);
  if (status) return transactionView(hash, status);
  let block = [...blocks.values()].find((entry) => entry.meta.hash === hash);
  if (!block) {
    const path = '/blocks?orderBy=height&order=desc&pageSize=100';
    block = found(await api<Page<BlockEntry>>(path), path).data.find((entry) => entry.meta.hash === hash);
  }
  if (block) return blockView(block.block.height);
  const account = await api<AccountInfoDTO>('/accounts/' + hash);
  if (account) return accountView(hash, account);
  return notFound('No transaction, recent block or account has the hash or key ' + hash + '.');
}

async function transactionView(hash: string, status: TransactionStatusDTO): Promise<HTMLElement> {
  const [info, trace] = await Promise.all([
    status.group === 'failed' ? undefined : api<TransactionEntry<TransactionJson>>('/transactions/' + status.group + '/' + hash),
    readTrace(hash),
  ]);
  const tx = info && info.transaction;
  if (tx) await learnSigners([tx.signerPublicKey, ...(tx.transactions || []).map(({ transaction }) => transaction.signerPublicKey)]);
  const inner = tx && tx.transactions ? await Promise.all(tx.transactions.map(async ({ transaction }) => el('tr', {},
    el('td', {}, typeName(transaction.type)),
    el('td', {}, signer(transaction.signerPublicKey)),
    el('td', {}, await summary(transaction))))) : undefined;
  const code = status.code || '';
  return el('article', {},
    el('h2', {}, 'Transaction'),
    fields([
      ['Hash', el('span', { class: 'mono' }, hash)],
      ['Status', el('span', { id: 'tx-status' }, badge(status.group), ' ', badge(status.code || 'pending', code.startsWith('Failure') ? 'failure' : status.code))],
      status.height && status.height !== '0' ? ['Block', heightLink(status.height)] : undefined,
      ['Deadline', time(status.deadline)],
      tx ? ['Type', typeName(tx.type)] : undefined,
      tx ? ['Signer', signer(tx.signerPublicKey)] : undefined,
      tx ? ['Max fee', await mosaicAmount({ id: network.currencyId, amount: tx.maxFee })] : undefined,
      tx ? ['Summary', await summary(tx)] : undefined,
      tx && plainMessage(tx.message) ? ['Message', plainMessage(tx.message)] : undefined,
      tx && tx.cosignatures ? ['Cosignatures', String(tx.cosignatures.length)] : undefined,
    ]),
    inner ? [el('h3', {}, 'Inner transactions'), table(['Type', 'Signer', 'Summary'], inner, 'None.')] : '',
    await traceSection(trace, tx && tx.transactions ? tx.transactions.map(({ transaction }) => typeName(transaction.type)) : innerTypesOf(trace)),
    info ? el('details', {}, el('summary', {}, 'JSON'), el('pre', { class: 'mono' }, JSON.stringify(info, null, 2))) : '');
}

/** The names of an aggregate's inner transaction types as its trace's notifications carry them (a failed one's JSON is not kept): each inner `entity` notification's. */
function innerTypesOf(trace: TraceRead): string[] | undefined {
  if (!trace || trace instanceof Error) return undefined;
  const types: string[] = [];
  for (const { type, innerIndex, payload } of trace.notifications) if (type === 'entity' && innerIndex !== null && typeof payload.type === 'number') types[innerIndex] = typeName(payload.type);
  return types.length > 0 ? types : undefined;
}

/** An account by base32 address or public key (`known`: its state, when the caller has read it): its mosaics, namespaces and multisig. */
export async function accountView(id: string, known?: AccountInfoDTO): Promise<HTMLElement> {
  const info = known || (await api<AccountInfoDTO>('/accounts/' + id));
  const address = info ? base32(info.account.address) : /^[A-Z2-7]{39}$/.test(id) ? id : undefined;
  if (!address) return notFound('No account has the public key ' + id + '.');
  const [names, owned, multisig] = await Promise.all([
    api<AccountNamesJson>('/namespaces/account/names', { addresses: [address] }),
    api<Page<NamespaceInfoDTO>>('/namespaces?ownerAddress=' + address + '&pageSize=100'),
    api<MultisigAccountInfoDTO>('/account/' + address + '/multisig'),
  ]);
  const mosaics = info ? await Promise.all(info.account.mosaics.map(async (mosaic) => {
    const label = await mosaicLabel(mosaic.id);
    return el('tr', {}, el('td', {}, link('#/mosaic/' + mosaic.id, label.name)), el('td', { class: 'mono' }, mosaic.id), el('td', { class: 'num' }, formatAmount(mosaic.amount, label.divisibility)));
  })) : [];
  const aliases = names ? names.accountNames.flatMap((entry) => entry.names) : [];
  const ownedIds = owned ? owned.data.map(({ namespace }) => ownId(namespace)) : [];
  const ownedNames = ownedIds.length ? found(await api<NamespaceNameDTO[]>('/namespaces/names', { namespaceIds: ownedIds }), '/namespaces/names') : [];
  const m = multisig && multisig.multisig;
  return el('article', {},
    el('h2', {}, 'Account'),
    fields([
      ['Address', el('span', { class: 'mono', id: 'account-address' }, address)],
      info ? ['Public key', el('span', { class: 'mono' }, info.account.publicKeyHeight === '0' ? 'not yet known' : info.account.publicKey)] : undefined,
      info ? ['Importance', importance(info.account)] : ['State', 'none yet: this address has not received anything'],
      ['Aliased by', aliases.length ? joined(aliases.map((name) => link('#/namespace/' + name, name))) : 'no namespace'],
      ['Owns', ownedIds.length ? joined(ownedIds.map((nsId) => fullName(ownedNames, nsId)).map((name) => link('#/namespace/' + name, name))) : 'no namespace'],
      ['Multisig', m ? (m.cosignatoryAddresses.length ? m.minApproval + ' of ' + m.cosignatoryAddresses.length + ' cosignatories (' + m.minRemoval + ' to remove one)' : 'not multisig') : 'not multisig'],
      m && m.cosignatoryAddresses.length ? ['Cosignatories', joined(m.cosignatoryAddresses.map((address) => addressLink(address)))] : undefined,
      m && m.multisigAddresses.length ? ['Cosignatory of', joined(m.multisigAddresses.map((address) => addressLink(address)))] : undefined,
    ]),
    el('h3', {}, 'Mosaics'),
    el('div', { id: 'account-mosaics' }, table(['Mosaic', 'Id', 'Amount'], mosaics, 'No mosaics.')),
    el('h3', {}, 'Metadata'),
    el('div', { id: 'account-metadata' }, await metadataOf('targetAddress=' + address + '&metadataType=0')),
    el('h3', {}, 'Transactions'),
    await historyOf(address));
}

// An account's importance as its share of the chain's total ('0.0128 %'), the number itself as the title; the number alone when the total is not known.
function importance(account: AccountInfoDTO['account']): HTMLSpanElement {
  const raw = formatAmount(account.importance, 0);
  const share = percentOf(account.importance, network.totalImportance);
  const title = 'importance ' + raw + (share ? ' of ' + formatAmount(String(network.totalImportance), 0) : '') + ', as of height ' + account.importanceHeight;
  return el('span', { id: 'account-importance', title }, share || raw);
}

/** Transactions shown a page at a time in an account's history. */
const HISTORY_PAGE = 20;

// An account's confirmed transactions (it signed, received, or is named in them), newest first, a page at a time: 'Older' reads the next.
async function historyOf(address: string): Promise<HTMLElement> {
  const body = el('tbody', {});
  const more = el('button', { type: 'button', id: 'history-more' }, 'Older');
  const holder = el('div', { id: 'account-history' }, el('table', {}, el('thead', {}, el('tr', {}, ...['Hash', 'Height', 'Type', 'Summary'].map((heading) => el('th', {}, heading)))), body), more);
  let pageNumber = 0;
  const next = async (): Promise<void> => {
    pageNumber++;
    const path = '/transactions/confirmed?address=' + address + '&order=desc&pageSize=' + HISTORY_PAGE + '&pageNumber=' + pageNumber;
    const page = found(await api<Page<TransactionEntry>>(path), path);
    await readInnerTransactions(page.data);
    const rows = await Promise.all(page.data.map(async ({ meta, transaction }) => el('tr', {},
      el('td', {}, 'hash' in meta && meta.hash ? hashLink(meta.hash) : ''),
      el('td', {}, heightLink(meta.height)),
      el('td', {}, typeName(transaction.type)),
      el('td', {}, await summary(transaction)))));
    body.append(...rows);
    if (pageNumber === 1 && rows.length === 0) holder.replaceChildren(el('p', { class: 'hint' }, 'No transactions.'));
    else if (page.data.length < HISTORY_PAGE) more.remove();
  };
  more.addEventListener('click', () => void next());
  await next();
  return holder;
}

/** Metadata entries shown at most on a page (the latest set first). */
const METADATA_PAGE = 50;

// The metadata entries of an account (`targetAddress=…`) or a mosaic (`targetId=…&metadataType=1`): key, value (as text when it is), who set it.
async function metadataOf(query: string): Promise<HTMLElement> {
  const path = '/metadata?' + query + '&order=desc&pageSize=' + METADATA_PAGE;
  const page = found(await api<Page<MetadataInfoDTO>>(path), path);
  const rows = page.data.map(({ metadataEntry: entry }) => el('tr', {},
    el('td', { class: 'mono' }, entry.scopedMetadataKey),
    el('td', {}, printableText(entry.value) ?? entry.value),
    el('td', {}, addressLink(entry.sourceAddress))));
  return el('div', { class: 'metadata' }, table(['Key', 'Value', 'Set by'], rows, 'No metadata.'));
}

/** A mosaic by id (16 hex): its names, supply, divisibility, flags, owner and lifetime. */
export async function mosaicView(id: string): Promise<HTMLElement> {
  const mosaicId = id.toUpperCase();
  const [infos, names] = await Promise.all([
    api<MosaicInfoDTO[]>('/mosaics', { mosaicIds: [mosaicId] }),
    api<MosaicNamesJson>('/namespaces/mosaic/names', { mosaicIds: [mosaicId] }),
  ]);
  const info = infos && infos[0];
  if (!info) return notFound('No mosaic ' + mosaicId + '.');
  const { mosaic } = info;
  const aliases = names ? names.mosaicNames.flatMap((entry) => entry.names) : [];
  const flags = mosaicFlagNames(mosaic.flags);
  return el('article', {},
    el('h2', {}, 'Mosaic ' + (aliases[0] || mosaicId)),
    fields([
      ['Id', el('span', { class: 'mono', id: 'mosaic-id' }, mosaicId)],
      ['Names', aliases.length ? joined(aliases.map((name) => link('#/namespace/' + name, name))) : 'no namespace'],
      ['Supply', el('span', { id: 'mosaic-supply' }, formatAmount(mosaic.supply, mosaic.divisibility))],
      ['Divisibility', String(mosaic.divisibility)],
      ['Flags', flags.length ? flags.join(', ') : 'none'],
      ['Owner', addressLink(mosaic.ownerAddress)],
      ['Defined', heightLink(mosaic.startHeight)],
      ['Expires', mosaic.duration === '0' ? 'never' : 'at height ' + (BigInt(mosaic.startHeight) + BigInt(mosaic.duration)).toString()],
      ['Revision', String(mosaic.revision)],
    ]),
    el('h3', {}, 'Metadata'),
    el('div', { id: 'mosaic-metadata' }, await metadataOf('targetId=' + mosaicId + '&metadataType=1')));
}

// A namespace's own id: the level at its depth.
const ownId = (namespace: NamespaceDTO): string => [namespace.level0, namespace.level1, namespace.level2][namespace.depth - 1] ?? namespace.level0;

/** A namespace by its full name ('symbol.xym'), looked up by the id the name hashes to. */
export async function namespaceView(name: string): Promise<HTMLElement> {
  const id = namespaceId(name);
  const info = await api<NamespaceInfoDTO>('/namespaces/' + id);
  if (!info) return notFound('No namespace ' + name + ' (id ' + id + ').');
  const { namespace, meta } = info;
  const alias = namespace.alias;
  return el('article', {},
    el('h2', {}, 'Namespace ' + name, ' ', badge(meta.active ? 'active' : 'inactive', meta.active ? 'final' : 'failed')),
    fields([
      ['Id', el('span', { class: 'mono', id: 'namespace-id' }, id)],
      ['Owner', addressLink(namespace.ownerAddress)],
      ['Alias', alias.type === 2 && alias.address ? addressLink(alias.address) : alias.type === 1 && alias.mosaicId ? el('span', { class: 'mono' }, 'mosaic ', link('#/mosaic/' + alias.mosaicId, alias.mosaicId)) : 'none'],
      ['Registered', heightLink(namespace.startHeight)],
      ['Expires', namespace.endHeight === NEVER ? 'never' : 'at height ' + namespace.endHeight],
    ]));
}
