import { models } from 'symbol-sdk/symbol';
import type { ResolutionStatementInfoDTO, TransactionStatementInfoDTO } from '../backend/receipts.js';
import type { Changed, ListQuery, Resolve } from '../families/family.js';
import { STATES } from '../families/index.js';
import { aliasedNamespace, isMosaicAlias, NO_PARENT } from '../families/namespace/state.js';
import type { AddressBook } from '../memory/address-book.js';
import { RECEIPT_TYPE } from '../memory/execution/receipts.js';
import type { StatementRow } from '../postgres/receipts.js';
import type { EntryRow as TransactionRow } from '../postgres/transactions.js';

/**
 * What a batch of blocks changed in the state entries a mirror copies beyond accounts, read from
 * its transactions' JSON, its receipts and its resolutions: per listed kind, the lists to read
 * again (each named by the query that pages it, under filters an entry never leaves) and the
 * entries to read again by key, as each kind's `changes` says; the namespace families, the
 * multisig entries, and the names registered.
 */
export interface StateChanges {
  /** Per listed kind, the queries of the lists to read again (`{ address: … }`, `{ secret: … }` …). */
  readonly lists: Map<string, ListQuery[]>;
  /** Per listed kind, the keys of the entries to read again. */
  readonly keys: Map<string, Set<string>>;
  /** Roots (16 hex) whose family to read again. */
  readonly roots: Set<string>;
  /** Namespaces whose root is looked up, then its family read again (a child registered, an alias linked or unlinked). */
  readonly namespaces: Set<string>;
  /** Addresses (48 hex) whose multisig entry to read again. */
  readonly multisig: Set<string>;
  /** Each namespace registered: its id, this level's name and its parent (`NO_PARENT` for a root). */
  readonly names: { id: string; name: string; parentId: string }[];
}

const TYPE = models.TransactionType;
/** The transaction types the namespace and multisig layouts follow. */
const LAYOUT_TYPES = new Set([TYPE.MULTISIG_ACCOUNT_MODIFICATION.value, TYPE.NAMESPACE_REGISTRATION.value, TYPE.ADDRESS_ALIAS.value, TYPE.MOSAIC_ALIAS.value]);
/** Every transaction type that changes what `stateChanges` follows: only these are read (a batch of transfers parses no JSON). */
const FOLLOWED = new Set([...LAYOUT_TYPES, ...STATES.flatMap((state) => [...(state.changes?.transactions?.keys() ?? [])])]);

/**
 * The unresolved addresses and mosaic ids of a batch, resolved as its resolution statements
 * say; an address or a mosaic id that is no alias stands for itself.
 */
export class Resolutions implements Resolve {
  readonly #addresses = new Map<string, Set<string>>();
  readonly #mosaics = new Map<string, Set<string>>();

  constructor(statements: readonly StatementRow[]) {
    for (const { kind, info } of statements) {
      if (kind === 'transaction') continue;
      const { unresolved, resolutionEntries } = (info as ResolutionStatementInfoDTO).statement;
      const map = kind === 'address' ? this.#addresses : this.#mosaics;
      let resolved = map.get(unresolved.toUpperCase());
      if (!resolved) map.set(unresolved.toUpperCase(), (resolved = new Set()));
      for (const entry of resolutionEntries) resolved.add(entry.resolved.toUpperCase());
    }
  }

  /** What an unresolved address (48 hex) stood for in the batch. */
  address(unresolved: string): string[] {
    const hex = unresolved.toUpperCase();
    return aliasedNamespace(hex) !== undefined ? [...(this.#addresses.get(hex) ?? [])] : [hex];
  }

  /** What an unresolved mosaic id (16 hex) stood for in the batch. */
  mosaic(unresolved: string): string[] {
    const hex = unresolved.toUpperCase();
    return isMosaicAlias(hex) ? [...(this.#mosaics.get(hex) ?? [])] : [hex];
  }
}

/** What a batch changed (see `StateChanges`): from its transactions (the embedded ones of aggregates included), its receipts and its resolutions. */
export function stateChanges(rows: readonly TransactionRow[][], statements: readonly StatementRow[], addresses: AddressBook): StateChanges {
  const changes: StateChanges = { lists: new Map(), keys: new Map(), roots: new Set(), namespaces: new Set(), multisig: new Set(), names: [] };
  const add = (kind: string, changed: Changed) => {
    for (const criteria of changed.lists ?? []) {
      const queries = changes.lists.get(kind) ?? [];
      if (!queries.some((query) => JSON.stringify(query) === JSON.stringify(criteria))) queries.push(criteria);
      changes.lists.set(kind, queries);
    }
    for (const key of changed.keys ?? []) {
      const keys = changes.keys.get(kind) ?? new Set();
      keys.add(key.toUpperCase());
      changes.keys.set(kind, keys);
    }
  };
  const resolutions = new Resolutions(statements);
  for (const row of rows.flat()) {
    if (!FOLLOWED.has(row.type)) continue;
    const { transaction: tx } = JSON.parse(row.json) as { transaction: Record<string, unknown> & { signerPublicKey: string } };
    const text = (field: string) => String(tx[field]).toUpperCase();
    const signer = addresses.of(tx.signerPublicKey).hex;
    const type = row.type;
    for (const state of STATES) {
      const change = state.changes?.transactions?.get(type);
      if (change) add(state.kind, change(tx, signer, resolutions));
    }
    if (type === TYPE.MULTISIG_ACCOUNT_MODIFICATION.value) {
      changes.multisig.add(signer);
      for (const field of ['addressAdditions', 'addressDeletions']) for (const unresolved of tx[field] as string[]) for (const address of resolutions.address(unresolved)) changes.multisig.add(address);
    } else if (type === TYPE.NAMESPACE_REGISTRATION.value) {
      const root = Number(tx.registrationType) === 0;
      if (root) changes.roots.add(text('id'));
      else changes.namespaces.add(text('parentId'));
      changes.names.push({ id: text('id'), name: String(tx.name), parentId: root ? NO_PARENT : text('parentId') });
    } else if (type === TYPE.ADDRESS_ALIAS.value || type === TYPE.MOSAIC_ALIAS.value) changes.namespaces.add(text('namespaceId'));
  }
  for (const { kind, info } of statements) {
    if (kind !== 'transaction') continue;
    for (const receipt of (info as TransactionStatementInfoDTO).statement.receipts as unknown as Record<string, string | number>[]) {
      for (const state of STATES) {
        const change = state.changes?.receipts?.get(Number(receipt.type));
        if (change) add(state.kind, change(receipt));
      }
      // A root's lifetime ended (its family goes inactive) or its grace period did (it goes).
      if (receipt.type === RECEIPT_TYPE.namespaceExpired || receipt.type === RECEIPT_TYPE.namespaceDeleted) changes.roots.add(String(receipt.artifactId).toUpperCase());
    }
  }
  return changes;
}
