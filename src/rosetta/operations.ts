import { PublicKey, utils } from 'symbol-sdk';
import { Address, models } from 'symbol-sdk/symbol';
import type { PageResult, ReceiptDTO, ReceiptSourceDTO, TransactionInfoDTO } from '../backend/index.js';
import type { RosettaContext } from './context.js';
import type { RosettaCurrency } from './currency.js';
import { rosettaError } from './errors.js';
import { allPages, isAliasMosaic, pageOf } from './pages.js';

export { allPages, isAliasMosaic, pageOf } from './pages.js';

/**
 * Symbol's transactions and receipts as Mesh operations. The operation types this gateway
 * answers (`/network/options` lists them): `transfer` (a balance movement: a debit with a
 * negative amount, a credit with a positive one, each on one account and currency), `fee` (a
 * transaction fee paid by its signer, negative), `multisig` (a multisig account modification,
 * no amount), `cosign` (an aggregate's cosigner, no amount).
 */
export const OPERATION_TYPES = ['cosign', 'fee', 'multisig', 'transfer'] as const;

/** One of `OPERATION_TYPES`. */
export type OperationType = (typeof OPERATION_TYPES)[number];

/** The one operation status: a Symbol transaction in a block succeeded (a failed one is never in a block). */
export const OPERATION_STATUS_SUCCESS = 'success';

/** A Mesh `Amount`: atomic units as a decimal string (negative for a debit) of a currency. */
export interface MeshAmount {
  value: string;
  currency: RosettaCurrency;
}

/** A Mesh `Operation`: one balance movement (or an amountless fact) of one account. */
export interface MeshOperation {
  operation_identifier: { index: number };
  type: OperationType;
  status: string;
  account?: { address: string };
  amount?: MeshAmount;
  metadata?: Record<string, unknown>;
}

/** A Mesh `Transaction`: a hash and its operations, indexed from 0. */
export interface MeshTransaction {
  transaction_identifier: { hash: string };
  operations: MeshOperation[];
}

/** Where a transaction sits in a block, as receipts and resolution statements name it (1-based ids). */
export interface ChainLocation {
  height: bigint;
  primaryId: number;
  secondaryId: number;
}

/** What a transaction's aliases (namespace ids standing for addresses or mosaics) resolve to. */
export interface AliasResolver {
  /** A 48 hex address, an alias or not, to the 48 hex address it names at `at`. */
  address(unresolved: string, at: ChainLocation | undefined): Promise<string>;
  /** A 16 hex mosaic id, an alias or not, to the mosaic id it names at `at`. */
  mosaic(unresolved: string, at: ChainLocation | undefined): Promise<string>;
}

const isAliasAddress = (address: string): boolean => (Number.parseInt(address.slice(0, 2), 16) & 1) === 1;
const atOrBefore = (source: ReceiptSourceDTO, at: ChainLocation): boolean =>
  source.primaryId < at.primaryId || (source.primaryId === at.primaryId && source.secondaryId <= at.secondaryId);

/**
 * The resolver of one block: an alias resolves as the block's resolution statements say, by the
 * last entry whose source is at or before the transaction (catapult's rule).
 */
export function blockResolver(context: RosettaContext, height: bigint): AliasResolver {
  // What each alias of the block resolved to, by kind, read once for the block.
  const statements = new Map<'address' | 'mosaic', Promise<Map<string, { source: ReceiptSourceDTO; resolved: string }[]>>>();
  const read = async (kind: 'address' | 'mosaic') => {
    const { receipts } = context.backend;
    const found = receipts ? await allPages((page) => receipts.searchResolutionStatements(kind, { ...pageOf(page), height })) : [];
    return new Map(found.map(({ statement }) => [statement.unresolved, statement.resolutionEntries]));
  };
  const statementsOf = (kind: 'address' | 'mosaic') => {
    const known = statements.get(kind) ?? read(kind);
    statements.set(kind, known);
    return known;
  };
  const resolve = async (kind: 'address' | 'mosaic', unresolved: string, at: ChainLocation | undefined): Promise<string> => {
    const entries = (await statementsOf(kind)).get(unresolved) ?? [];
    const entry = [...entries].reverse().find(({ source }) => at === undefined || atOrBefore(source, at));
    if (!entry) throw rosettaError('internalServerError', { reason: `no resolution of the ${kind} alias ${unresolved} at height ${height}` });
    return entry.resolved;
  };
  return {
    address: (unresolved, at) => (isAliasAddress(unresolved) ? resolve('address', unresolved, at) : Promise.resolve(unresolved)),
    mosaic: (unresolved, at) => (isAliasMosaic(unresolved) ? resolve('mosaic', unresolved, at) : Promise.resolve(unresolved)),
  };
}

/** The resolver of unconfirmed transactions: an alias resolves to what its namespace names now. */
export function currentResolver(context: RosettaContext): AliasResolver {
  const aliasOf = async (namespaceId: string): Promise<{ address?: string; mosaicId?: string }> => {
    const [found] = context.backend.namespaces ? await context.backend.namespaces.find([namespaceId]) : [];
    return found?.namespace.alias ?? {};
  };
  const unlinked = (alias: string) => rosettaError('internalServerError', { reason: `the alias ${alias} names nothing now` });
  return {
    async address(unresolved) {
      if (!isAliasAddress(unresolved)) return unresolved;
      // The namespace id follows the network byte, little-endian.
      const { address } = await aliasOf(Buffer.from(unresolved.slice(2, 18), 'hex').reverse().toString('hex').toUpperCase());
      if (address === undefined) throw unlinked(unresolved);
      return address;
    },
    async mosaic(unresolved) {
      if (!isAliasMosaic(unresolved)) return unresolved;
      const { mosaicId } = await aliasOf(unresolved);
      if (mosaicId === undefined) throw unlinked(unresolved);
      return mosaicId;
    },
  };
}

/** A transaction's REST JSON with its embedded transactions stitched in (an aggregate's). */
export interface StitchedTransaction {
  info: TransactionInfoDTO;
  embedded: TransactionInfoDTO[];
}

/**
 * Top-level transactions with their embedded ones (a list with `embedded: true`, in block
 * order), each aggregate's in index order. An aggregate whose REST JSON already holds its
 * `transactions` (a lookup by hash) keeps them.
 */
export function stitch(transactions: readonly TransactionInfoDTO[]): StitchedTransaction[] {
  const inner = new Map<string, TransactionInfoDTO[]>();
  const top: TransactionInfoDTO[] = [];
  for (const entry of transactions) {
    if ('aggregateHash' in entry.meta) {
      const group = inner.get(entry.meta.aggregateHash) ?? [];
      group.push(entry);
      inner.set(entry.meta.aggregateHash, group);
    } else top.push(entry);
  }
  return top.map((info) => {
    const hash = 'hash' in info.meta ? info.meta.hash : '';
    const listed = (info.transaction.transactions as TransactionInfoDTO[] | undefined) ?? [];
    const embedded = [...(inner.get(hash) ?? listed)].sort((a, b) => a.meta.index - b.meta.index);
    return { info, embedded };
  });
}

/** A string field of a transaction's REST JSON. */
function field(transaction: Record<string, unknown>, name: string): string {
  const value = transaction[name];
  if (typeof value !== 'string' && typeof value !== 'number') throw rosettaError('internalServerError', { reason: `a transaction of type ${String(transaction.type)} has no ${name}` });
  return String(value);
}

/** The operations of one transaction, indexed from 0 as they are added; zero transfers are left out (catapult's rule). */
class OperationList {
  readonly operations: MeshOperation[] = [];

  constructor(private readonly status: string) {}

  add(type: OperationType, address: string, amount?: { value: bigint; currency: RosettaCurrency }, metadata?: Record<string, unknown>): void {
    if (amount !== undefined && amount.value === 0n) return;
    this.operations.push({
      operation_identifier: { index: this.operations.length },
      type,
      status: this.status,
      account: { address },
      ...(amount === undefined ? {} : { amount: { value: amount.value.toString(), currency: amount.currency } }),
      ...(metadata === undefined ? {} : { metadata }),
    });
  }
}

/** Reads transactions and receipts into Mesh operations (catapult-rest's OperationParser rules). */
export class OperationParser {
  constructor(
    private readonly context: RosettaContext,
    private readonly resolver: AliasResolver,
    /** Every operation's status (`success` for what a block or the pool holds). */
    private readonly status: string = OPERATION_STATUS_SUCCESS,
  ) {}

  /** An encoded address (`T…`) of a 48 hex one. */
  private static encoded(address: string): string {
    return new Address(utils.hexToUint8(address)).toString();
  }

  private async addressOfKey(publicKey: string): Promise<string> {
    return (await this.context.facade()).network.publicKeyToAddress(new PublicKey(publicKey)).toString();
  }

  /** A resolved mosaic id as its currency: named by nothing that can change, so a block's answer never does (currency.ts). */
  private currencyOf(mosaicId: string): Promise<RosettaCurrency> {
    return this.context.mosaicCurrency(mosaicId);
  }

  /**
   * A top-level transaction as a Mesh transaction: its embedded transactions' operations in
   * index order, a `cosign` for each cosignature, then the signer's `fee`: `feeMultiplier` ×
   * its size as a block charged it, or its `maxFee` when unconfirmed (`feeMultiplier` undefined).
   */
  async transaction({ info, embedded }: StitchedTransaction, feeMultiplier: number | undefined): Promise<MeshTransaction> {
    const list = new OperationList(this.status);
    const { transaction, meta } = info;
    const confirmed = meta.height !== '0';
    const locate = (secondaryId: number): ChainLocation | undefined => (confirmed ? { height: BigInt(meta.height), primaryId: meta.index + 1, secondaryId } : undefined);
    const type = Number(transaction.type);
    if (type === models.TransactionType.AGGREGATE_COMPLETE.value || type === models.TransactionType.AGGREGATE_BONDED.value) {
      for (const inner of embedded) await this.embedded(list, inner.transaction, locate(inner.meta.index + 1));
      const cosignatures = (transaction.cosignatures as { signerPublicKey: string }[] | undefined) ?? [];
      for (const { signerPublicKey } of cosignatures) list.add('cosign', await this.addressOfKey(signerPublicKey));
    } else {
      await this.embedded(list, transaction, locate(0));
    }
    const fee = feeMultiplier === undefined ? BigInt(field(transaction, 'maxFee')) : BigInt(feeMultiplier) * BigInt(field(transaction, 'size'));
    list.add('fee', await this.addressOfKey(field(transaction, 'signerPublicKey')), { value: -fee, currency: await this.context.currency() });
    return { transaction_identifier: { hash: 'hash' in meta ? meta.hash : meta.aggregateHash }, operations: list.operations };
  }

  /** The operations of one transaction (top-level or embedded) that move balances or change a multisig account. */
  private async embedded(list: OperationList, transaction: Record<string, unknown>, at: ChainLocation | undefined): Promise<void> {
    const type = Number(transaction.type);
    const signer = () => this.addressOfKey(field(transaction, 'signerPublicKey'));
    const currency = async (mosaicId: string) => this.currencyOf(await this.resolver.mosaic(mosaicId, at));
    const account = async (address: string) => OperationParser.encoded(await this.resolver.address(address, at));
    if (type === models.TransactionType.TRANSFER.value) {
      const recipient = await account(field(transaction, 'recipientAddress'));
      for (const mosaic of (transaction.mosaics as { id: string; amount: string }[] | undefined) ?? []) {
        const moved = { value: BigInt(mosaic.amount), currency: await currency(mosaic.id) };
        list.add('transfer', await signer(), { ...moved, value: -moved.value });
        list.add('transfer', recipient, moved);
      }
    } else if (type === models.TransactionType.MULTISIG_ACCOUNT_MODIFICATION.value) {
      const addresses = (name: string) => Promise.all(((transaction[name] as string[] | undefined) ?? []).map(account));
      list.add('multisig', await signer(), undefined, {
        minApprovalDelta: Number(transaction.minApprovalDelta),
        minRemovalDelta: Number(transaction.minRemovalDelta),
        addressAdditions: await addresses('addressAdditions'),
        addressDeletions: await addresses('addressDeletions'),
      });
    } else if (type === models.TransactionType.MOSAIC_SUPPLY_CHANGE.value) {
      const delta = BigInt(field(transaction, 'delta'));
      const increase = Number(transaction.action) === models.MosaicSupplyChangeAction.INCREASE.value;
      list.add('transfer', await signer(), { value: increase ? delta : -delta, currency: await currency(field(transaction, 'mosaicId')) });
    } else if (type === models.TransactionType.MOSAIC_SUPPLY_REVOCATION.value) {
      const moved = { value: BigInt(field(transaction, 'amount')), currency: await currency(field(transaction, 'mosaicId')) };
      list.add('transfer', await account(field(transaction, 'sourceAddress')), { ...moved, value: -moved.value });
      list.add('transfer', await signer(), moved);
    }
  }

  /**
   * A block's receipts as the operations of one Mesh transaction named by `hash` (the block's):
   * by a receipt type's basic kind, 0x1000 a transfer (sender debited, recipient credited),
   * 0x2000 a credit, 0x3000 a debit of its target; receipts without an amount add nothing.
   */
  async receipts(hash: string, receipts: readonly ReceiptDTO[]): Promise<MeshTransaction> {
    const list = new OperationList(this.status);
    for (const receipt of receipts) {
      if (receipt.amount === undefined || receipt.mosaicId === undefined) continue;
      const moved = { value: BigInt(receipt.amount), currency: await this.currencyOf(receipt.mosaicId) };
      const debit = { ...moved, value: -moved.value };
      const kind = receipt.type & 0xf000;
      if (kind === 0x1000 && receipt.senderAddress && receipt.recipientAddress) {
        list.add('transfer', OperationParser.encoded(receipt.senderAddress), debit);
        list.add('transfer', OperationParser.encoded(receipt.recipientAddress), moved);
      } else if (kind === 0x2000 && receipt.targetAddress) {
        list.add('transfer', OperationParser.encoded(receipt.targetAddress), moved);
      } else if (kind === 0x3000 && receipt.targetAddress) {
        list.add('transfer', OperationParser.encoded(receipt.targetAddress), debit);
      }
    }
    return { transaction_identifier: { hash }, operations: list.operations };
  }
}
