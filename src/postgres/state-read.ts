import type { AccountInfoDTO, AccountKey, AccountRepository, AccountSearchCriteria } from '../backend/accounts.js';
import type { MultisigAccountGraphInfoDTO, MultisigAccountInfoDTO, MultisigRepository } from '../backend/multisig.js';
import type { PageResult } from '../backend/repositories.js';
import { AddressBook } from '../memory/address-book.js';
import { pageOfRange } from '../memory/sorted.js';
import { pageWindow, type PageRequest } from '../pagination.js';
import { storedNetwork } from './inputs.js';
import type { Reader } from './reader.js';

/**
 * What gateway instances read of the state tables (see state.ts): listed entries paged by
 * their lists, found by key; accounts also by balance; the multisig graph.
 */

/**
 * A page of one list of a kind (`''` every entry, or a filter key), in entry id order. The
 * total is the list's count row; with an offset, the entries past it (in the page's order)
 * are counted over the list's index, as many as the offset leaves. The page is read over the
 * same index from the end nearest the offset: a deep `pageNumber` skips its rows with OFFSET
 * (an index-only scan, no entry read), which these collections (state entries: bounded by
 * what the chain holds) allow.
 */
export async function entryPage<T>(db: Reader, kind: string, list: string, request: PageRequest): Promise<PageResult<T>> {
  const offset = request.offset?.toUpperCase();
  const descending = request.order === 'desc';
  const values: unknown[] = [kind, list];
  const past = offset === undefined ? '' : `and id ${descending ? '<' : '>'} $${values.push(offset)}`;
  const total = offset === undefined
    ? await listCount(db, kind, list)
    : Number((await db.rows<{ count: string }>(`select count(*) as count from state_lists where kind = $1 and list = $2 ${past}`, values))[0].count);
  // The entries the offset leaves are the whole run: the window counts from its end nearest the offset.
  const window = pageWindow(total, request);
  if (window.end <= window.start) return { data: [], totalEntries: window.totalEntries };
  const direction = descending ? 'desc' : 'asc';
  const skip = descending ? total - window.end : window.start;
  const data = await db.jsonRows<T>(
    `select e.json from (
       select key, id from state_lists where kind = $1 and list = $2 ${past} order by id ${direction} offset ${skip} limit ${window.end - window.start}
     ) l join state_entries e on e.kind = $1 and e.key = l.key
     order by l.id ${direction}`,
    values,
  );
  return { data, totalEntries: window.totalEntries };
}

/** Entries of a kind by key, in the order asked; unknown keys are left out. */
export async function findEntries<T>(db: Reader, kind: string, keys: readonly string[]): Promise<T[]> {
  if (keys.length === 0) return [];
  const rows = await db.rows<{ key: string; json: string }>('select key, json from state_entries where kind = $1 and key = any($2::text[])', [kind, [...new Set(keys)]]);
  const byKey = new Map(rows.map((row) => [row.key, row.json]));
  return keys.filter((key) => byKey.has(key)).map((key) => JSON.parse(byKey.get(key)!) as T);
}

async function listCount(db: Reader, kind: string, list: string): Promise<number> {
  const [row] = await db.rows<{ count: string }>('select count from state_list_counts where kind = $1 and list = $2', [kind, list]);
  return Number(row?.count ?? 0);
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

/**
 * A mosaic's holders by balance (ties by id), over `account_balances (mosaic_id, amount, id)`:
 * the total is the holders list's count; an offset is an amount (holders with more for `asc`,
 * less for `desc`), counted over the index; deep pages skip with OFFSET, as `entryPage` does.
 */
async function holdersByBalance(db: Reader, mosaicId: string, request: PageRequest): Promise<PageResult<AccountInfoDTO>> {
  const descending = request.order === 'desc';
  const values: unknown[] = [mosaicId];
  const past = request.offset === undefined ? '' : `and amount ${descending ? '<' : '>'} $${values.push(request.offset)}::numeric`;
  const total = request.offset === undefined
    ? await listCount(db, 'accounts', `mosaicId=${mosaicId}`)
    : Number((await db.rows<{ count: string }>(`select count(*) as count from account_balances where mosaic_id = $1 ${past}`, values))[0].count);
  const window = pageWindow(total, request);
  if (window.end <= window.start) return { data: [], totalEntries: window.totalEntries };
  const direction = descending ? 'desc' : 'asc';
  const skip = descending ? total - window.end : window.start;
  const data = await db.jsonRows<AccountInfoDTO>(
    `select e.json from (
       select address, amount, id from account_balances where mosaic_id = $1 ${past}
       order by amount ${direction}, id ${direction} offset ${skip} limit ${window.end - window.start}
     ) b join state_entries e on e.kind = 'accounts' and e.key = b.address
     order by b.amount ${direction}, b.id ${direction}`,
    values,
  );
  return { data, totalEntries: window.totalEntries };
}

/** `/account/{address}/multisig` and its graph over `multisig_entries`, as the chain's `MultisigStore` answers. */
export function multisigRepository(db: Reader): MultisigRepository {
  // Entries of these addresses, in the order given; accounts without one left out.
  const entries = async (addresses: readonly string[]): Promise<MultisigAccountInfoDTO[]> => {
    if (addresses.length === 0) return [];
    const rows = await db.rows<{ address: string; json: string }>('select address, json from multisig_entries where address = any($1::text[])', [addresses]);
    const byAddress = new Map(rows.map((row) => [row.address, JSON.parse(row.json) as MultisigAccountInfoDTO]));
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
