import type { ResolutionStatementInfoDTO, TransactionStatementInfoDTO } from '../backend/receipts.js';
import type { Changed, ListQuery, Resolve } from '../families/family.js';
import { STATES } from '../families/index.js';
import { aliasedNamespace, isMosaicAlias } from '../families/namespace/state.js';
import type { AddressBook } from '../memory/address-book.js';
import type { StatementRow } from '../postgres/receipts.js';
import type { EntryRow as TransactionRow } from '../postgres/transactions.js';

/**
 * What a batch of blocks changed in the state a mirror copies beyond accounts, read from its
 * transactions' JSON, its receipts and its resolutions as each state kind's `changes` says: per
 * kind, the lists to read again (each named by the query that pages it, under filters an entry
 * never leaves) and the entries to read again by key; and the names the batch registered.
 */
export interface StateChanges {
  /** Per kind, the queries of the lists to read again (`{ address: … }`, `{ secret: … }` …). */
  readonly lists: Map<string, ListQuery[]>;
  /** Per kind, the keys of the entries to read again. */
  readonly keys: Map<string, Set<string>>;
  /** Each name registered: its id, this level's name and its parent (`NO_PARENT` for a root). */
  readonly names: { id: string; name: string; parentId: string }[];
}

/** Every transaction type a state kind follows: only these are read (a batch of transfers parses no JSON). */
const FOLLOWED = new Set(STATES.flatMap((state) => [...(state.changes?.transactions?.keys() ?? [])]));

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
  const changes: StateChanges = { lists: new Map(), keys: new Map(), names: [] };
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
    changes.names.push(...(changed.names ?? []));
  };
  const resolutions = new Resolutions(statements);
  for (const row of rows.flat()) {
    if (!FOLLOWED.has(row.type)) continue;
    const { transaction } = JSON.parse(row.json) as { transaction: Record<string, unknown> & { signerPublicKey: string } };
    const signer = addresses.of(transaction.signerPublicKey).hex;
    for (const state of STATES) {
      const change = state.changes?.transactions?.get(row.type);
      if (change) add(state.kind, change(transaction, signer, resolutions));
    }
  }
  for (const { kind, info } of statements) {
    if (kind !== 'transaction') continue;
    for (const receipt of (info as TransactionStatementInfoDTO).statement.receipts as unknown as Record<string, string | number>[]) {
      for (const state of STATES) {
        const change = state.changes?.receipts?.get(Number(receipt.type));
        if (change) add(state.kind, change(receipt));
      }
    }
  }
  return changes;
}
