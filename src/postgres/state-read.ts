import type { AccountInfoDTO, AccountKey, AccountRepository, AccountSearchCriteria } from '../backend/core.js';
import type { MultisigAccountGraphInfoDTO, MultisigAccountInfoDTO, MultisigRepository } from '../backend/multisig.js';
import type { PageResult } from '../backend/repositories.js';
import { AddressBook } from '../memory/address-book.js';
import { pageOfRange } from '../memory/sorted.js';
import type { PageRequest } from '../pagination.js';
import { storedNetwork } from './inputs.js';
import type { Reader } from './reader.js';
import { listPage } from './state-lists.js';
import { storedJson } from '../http/json.js';

/**
 * What gateway instances read of the state tables (see state.ts): listed entries paged by
 * their lists, found by key; accounts also by balance; the multisig graph.
 */

/** A page of one list of a kind (`''` every entry, or a filter key), in entry id order; the offset an id. */
export function entryPage<T>(db: Reader, kind: string, list: string, request: PageRequest): Promise<PageResult<T>> {
  const offset = request.offset?.toUpperCase();
  // Ascending pages the entries past the offset, descending those before it.
  return listPage<T>(db, kind, list, request, offset === undefined ? undefined : { key: offset, inclusive: request.order === 'asc' });
}

const ENTRIES_BY_KEY = 'select key, json from state_entries where kind = $1 and key = any($2::text[])';

/** Entries of a kind by key, in the order asked; unknown keys are left out. */
export async function findEntries<T>(db: Reader, kind: string, keys: readonly string[]): Promise<T[]> {
  if (keys.length === 0) return [];
  // One key (a GET of one entry): read with the keys concurrent requests ask for.
  if (keys.length === 1) {
    const entry = await db.byKey<T>(ENTRIES_BY_KEY, [kind], keys[0]);
    return entry === undefined ? [] : [entry];
  }
  const rows = await db.rows<{ key: string; json: string }>('select key, json from state_entries where kind = $1 and key = any($2::text[])', [kind, [...new Set(keys)]]);
  const byKey = new Map(rows.map((row) => [row.key, row.json]));
  return keys.filter((key) => byKey.has(key)).map((key) => storedJson<T>(byKey.get(key)!));
}

/**
 * `/accounts` over the database, as the chain's `AccountStore` answers: every account by id,
 * a mosaic's holders by id or by balance (the offset then an amount), one address.
 */
export function accountRepository(db: Reader): AccountRepository {
  let addresses: AddressBook | undefined;
  // An account named by public key is found by the address the key derives (as the chain finds it).
  const addressOf = async (publicKey: string): Promise<string> => (addresses ??= new AddressBook(await storedNetwork(db))).of(publicKey).hex;
  return {
    async search(criteria) {
      if (criteria.address !== undefined) return accountByAddress(db, criteria.address, criteria);
      if (criteria.mosaicId === undefined) return entryPage(db, 'accounts', '', criteria);
      if (criteria.orderBy === 'balance') return holdersByBalance(db, criteria.mosaicId, criteria);
      return entryPage(db, 'accounts', `mosaicId=${criteria.mosaicId}`, criteria);
    },
    async find(keys: readonly AccountKey[]) {
      const wanted = await Promise.all(keys.map((key) => ('address' in key ? key.address : addressOf(key.publicKey))));
      return findEntries<AccountInfoDTO>(db, 'accounts', wanted);
    },
  };
}

// One account, if it holds the mosaic asked for, paged as a list of one (its balance the key when sorted by balance).
async function accountByAddress(db: Reader, address: string, criteria: AccountSearchCriteria): Promise<PageResult<AccountInfoDTO>> {
  const [account] = await findEntries<AccountInfoDTO>(db, 'accounts', [address]);
  const held = criteria.mosaicId === undefined ? { amount: '0' } : account?.account.mosaics.find((mosaic) => mosaic.id === criteria.mosaicId);
  const list = account !== undefined && held !== undefined ? [{ account, amount: BigInt(held.amount) }] : [];
  const page = criteria.orderBy === 'balance'
    ? pageOfRange(list, 0, list.length, criteria, (entry) => entry.amount, criteria.offset === undefined ? undefined : BigInt(criteria.offset))
    : pageOfRange(list, 0, list.length, criteria, (entry) => entry.account.id);
  return { data: page.data.map((entry) => entry.account), totalEntries: page.totalEntries };
}

/** The list of a mosaic's holders by balance (ties by id). */
export function balanceList(mosaicId: string): string {
  return `mosaicId=${mosaicId}&orderBy=balance`;
}

/** An account's key in a balance list: its amount (zero-padded: uint64 has at most 20 digits), then its id. */
export function balanceOrder(amount: string, id: string): string {
  return `${amount.padStart(20, '0')} ${id}`;
}

/**
 * A mosaic's holders by balance, the offset an amount: holders with more for `asc`, with less
 * for `desc`. Keys with the offset's amount sort between its padded amount and that followed by
 * `!` (above the space before every id).
 */
function holdersByBalance(db: Reader, mosaicId: string, request: PageRequest): Promise<PageResult<AccountInfoDTO>> {
  const amount = request.offset?.padStart(20, '0');
  const bound = amount === undefined ? undefined : { key: request.order === 'asc' ? `${amount}!` : amount, inclusive: false };
  return listPage<AccountInfoDTO>(db, 'accounts', balanceList(mosaicId), request, bound);
}

/** `/account/{address}/multisig` and its graph over `multisig_entries`, as the chain's `MultisigStore` answers. */
export function multisigRepository(db: Reader): MultisigRepository {
  // Entries of these addresses, in the order given; accounts without one left out.
  const entries = async (addresses: readonly string[]): Promise<MultisigAccountInfoDTO[]> => {
    if (addresses.length === 0) return [];
    const rows = await db.rows<{ address: string; json: string }>('select address, json from multisig_entries where address = any($1::text[])', [addresses]);
    const byAddress = new Map(rows.map((row) => [row.address, storedJson<MultisigAccountInfoDTO>(row.json)]));
    return addresses.filter((address) => byAddress.has(address)).map((address) => byAddress.get(address)!);
  };
  return {
    find: async (address) => (await entries([address]))[0],
    async graph(address) {
      const [entry] = await entries([address]);
      if (!entry) return undefined;
      const levels: MultisigAccountGraphInfoDTO[] = [{ level: 0, multisigEntries: [entry] }];
      // Upwards (the accounts it cosigns for, negative levels), then downwards (its cosignatories), one query per level.
      for (const [field, step] of [['multisigAddresses', -1], ['cosignatoryAddresses', 1]] as const) {
        let current = [entry];
        for (let level = step; ; level += step) {
          const next = await entries([...new Set(current.flatMap((each) => each.multisig[field]))]);
          if (next.length === 0) break;
          if (step < 0) levels.unshift({ level, multisigEntries: next });
          else levels.push({ level, multisigEntries: next });
          current = next;
        }
      }
      return levels;
    },
  };
}
