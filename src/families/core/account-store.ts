import type { AccountDTO, AccountInfoDTO, AccountSearchCriteria } from '../../backend/core.js';
import type { PageResult } from '../../backend/repositories.js';
import { deepFreeze } from '../../deep-freeze.js';
import type { Cache, CacheChange } from '../../memory/state/cache.js';
import { SortedIndex } from '../../memory/state/sorted-index.js';
import { pageOfRange, type Sequence } from '../../memory/sorted.js';
import type { AccountState } from '../../memory/account-state.js';
import { ACCOUNT_STATE_BUCKETS } from './serialize.js';

/** One account's holding of one mosaic, as the holder indexes keep it. */
interface Holding {
  readonly id: string;
  readonly address: string;
  readonly amount: bigint;
}

const byId = (a: Holding, b: Holding): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const byAmount = (a: Holding, b: Holding): number => (a.amount < b.amount ? -1 : a.amount > b.amount ? 1 : byId(a, b));

/** The holders of one mosaic, in id order and in balance order. */
class MosaicHolders {
  readonly byId = new SortedIndex<Holding>(byId);
  readonly byAmount = new SortedIndex<Holding>(byAmount);
}

/**
 * The confirmed accounts with the indexes `/accounts` reads: every account in the order it
 * appeared (its entry id), and per mosaic its holders by id and by balance. Indexes follow
 * each committed block, so any page (page 1 or page 1 000, by id or by balance) is found
 * by rank, never by a scan.
 */
export class AccountStore {
  readonly #cache: Cache<AccountState>;
  readonly #nextId: () => string;
  readonly #currencyMosaicId: string;
  readonly #ids = new Map<string, string>();
  /** Each account state's wire form once read. */
  readonly #rendered = new WeakMap<AccountState, AccountInfoDTO>();
  /** Addresses in id order (accounts are never removed). */
  readonly #order: string[] = [];
  readonly #holders = new Map<string, MosaicHolders>();
  /** Accounts that hold at least `minHarvesterBalance`, or hold importance: the importance candidates. */
  readonly #importanceCandidates = new Set<string>();
  readonly #minHarvesterBalance: bigint;
  readonly #harvestingMosaicId: string;

  constructor(cache: Cache<AccountState>, options: { nextId: () => string; currencyMosaicId: string; harvestingMosaicId: string; minHarvesterBalance: bigint }) {
    this.#cache = cache;
    this.#nextId = options.nextId;
    this.#currencyMosaicId = options.currencyMosaicId;
    this.#harvestingMosaicId = options.harvestingMosaicId;
    this.#minHarvesterBalance = options.minHarvesterBalance;
    cache.onCommit((changes) => changes.forEach((change) => this.#index(change)));
  }

  /** How many accounts the chain knows. */
  get size(): number {
    return this.#order.length;
  }

  /** The confirmed state of an account (48 hex). */
  get(address: string): AccountState | undefined {
    return this.#cache.get(address);
  }

  /** Accounts that may hold importance at the next recalculation (confirmed state). */
  importanceCandidates(): ReadonlySet<string> {
    return this.#importanceCandidates;
  }

  search(criteria: AccountSearchCriteria): PageResult<AccountInfoDTO> {
    if (criteria.address !== undefined) {
      const account = this.#cache.get(criteria.address);
      const matches = account !== undefined && (criteria.mosaicId === undefined || account.balances.has(criteria.mosaicId));
      const list: Holding[] = matches ? [{ id: this.#ids.get(account.address)!, address: account.address, amount: balanceOrZero(account, criteria.mosaicId) }] : [];
      return this.#page(list, criteria);
    }
    if (criteria.mosaicId !== undefined) {
      const holders = this.#holders.get(criteria.mosaicId);
      if (!holders) return { data: [], totalEntries: 0 };
      return this.#page(criteria.orderBy === 'balance' ? holders.byAmount : holders.byId, criteria);
    }
    const all: Sequence<Holding> = { length: this.#order.length, at: (i) => ({ id: this.#ids.get(this.#order[i])!, address: this.#order[i], amount: 0n }) };
    return this.#page(all, criteria);
  }

  /** Accounts by address, in the order asked; unknown addresses are left out. */
  find(addresses: readonly string[]): AccountInfoDTO[] {
    const found: AccountInfoDTO[] = [];
    for (const address of addresses) {
      const account = this.#cache.get(address);
      if (account) found.push(this.#info(account));
    }
    return found;
  }

  #page(list: Sequence<Holding>, criteria: AccountSearchCriteria): PageResult<AccountInfoDTO> {
    const page = criteria.orderBy === 'balance'
      ? pageOfRange(list, 0, list.length, criteria, (holding) => holding.amount, criteria.offset === undefined ? undefined : BigInt(criteria.offset))
      : pageOfRange(list, 0, list.length, criteria, (holding) => holding.id);
    return { data: page.data.map((holding) => this.#info(this.#cache.get(holding.address)!)), totalEntries: page.totalEntries };
  }

  // An account state is never changed, only replaced: its wire form is made once, frozen (a response keeps its JSON), and goes with it.
  #info(account: AccountState): AccountInfoDTO {
    let info = this.#rendered.get(account);
    if (!info) {
      info = deepFreeze({ id: this.#ids.get(account.address)!, account: accountDto(account, this.#currencyMosaicId) });
      this.#rendered.set(account, info);
    }
    return info;
  }

  #index({ key: address, before, after }: CacheChange<AccountState>): void {
    if (!after) return this.#forget(address, before);
    let id = this.#ids.get(address);
    if (id === undefined) {
      id = this.#nextId();
      this.#ids.set(address, id);
      this.#order.push(address);
    }
    const previous = before?.balances ?? NO_BALANCES;
    for (const [mosaicId, amount] of previous) {
      if (after.balances.get(mosaicId) === amount) continue;
      const holders = this.#holders.get(mosaicId)!;
      holders.byAmount.delete({ id, address, amount });
      if (!after.balances.has(mosaicId)) holders.byId.delete({ id, address, amount });
    }
    for (const [mosaicId, amount] of after.balances) {
      const old = previous.get(mosaicId);
      if (old === amount) continue;
      let holders = this.#holders.get(mosaicId);
      if (!holders) {
        holders = new MosaicHolders();
        this.#holders.set(mosaicId, holders);
      }
      holders.byAmount.insert({ id, address, amount });
      if (old === undefined) holders.byId.insert({ id, address, amount });
    }
    const candidate = (after.balances.get(this.#harvestingMosaicId) ?? 0n) >= this.#minHarvesterBalance || after.importance > 0n;
    if (candidate) this.#importanceCandidates.add(address);
    else this.#importanceCandidates.delete(address);
  }

  // Accounts are never removed by a block: only a journal rewind takes back an account it
  // added, the newest first, with the id it was given.
  #forget(address: string, before: AccountState | undefined): void {
    const id = this.#ids.get(address);
    if (id === undefined || !before) return;
    for (const [mosaicId, amount] of before.balances) {
      const holders = this.#holders.get(mosaicId);
      holders?.byAmount.delete({ id, address, amount });
      holders?.byId.delete({ id, address, amount });
    }
    this.#importanceCandidates.delete(address);
    this.#ids.delete(address);
    const at = this.#order.lastIndexOf(address);
    if (at >= 0) this.#order.splice(at, 1);
  }
}

const NO_BALANCES: ReadonlyMap<string, bigint> = new Map();
const ZERO_KEY = '0'.repeat(64);

function balanceOrZero(account: AccountState, mosaicId: string | undefined): bigint {
  return mosaicId === undefined ? 0n : (account.balances.get(mosaicId) ?? 0n);
}

/** An account in the reference gateway's JSON: the currency first among its mosaics, then by id. */
export function accountDto(account: AccountState, currencyMosaicId: string): AccountDTO {
  const ids = [...account.balances.keys()].sort((a, b) => (a === currencyMosaicId ? -1 : b === currencyMosaicId ? 1 : a < b ? -1 : a > b ? 1 : 0));
  const keys = account.supplementalPublicKeys;
  return {
    version: 1,
    address: account.address,
    addressHeight: account.addressHeight.toString(),
    publicKey: account.publicKey ?? ZERO_KEY,
    publicKeyHeight: account.publicKeyHeight.toString(),
    accountType: account.accountType,
    supplementalPublicKeys: {
      ...(keys.linked ? { linked: { publicKey: keys.linked } } : {}),
      ...(keys.node ? { node: { publicKey: keys.node } } : {}),
      ...(keys.vrf ? { vrf: { publicKey: keys.vrf } } : {}),
      ...(keys.voting?.length ? { voting: { publicKeys: keys.voting.map((key) => ({ ...key })) } } : {}),
    },
    // A high-value account shows its five newest buckets, empty ones as zeros (as catapult's
    // mongo mapper writes them and as its state is serialized); another, none.
    activityBuckets: account.importanceHeight === 0n ? [] : Array.from({ length: ACCOUNT_STATE_BUCKETS }, (_, i) => {
      const bucket = account.activityBuckets[i];
      return {
        startHeight: (bucket?.startHeight ?? 0n).toString(),
        totalFeesPaid: (bucket?.totalFeesPaid ?? 0n).toString(),
        beneficiaryCount: bucket?.beneficiaryCount ?? 0,
        rawScore: (bucket?.rawScore ?? 0n).toString(),
      };
    }),
    mosaics: ids.map((id) => ({ id, amount: account.balances.get(id)!.toString() })),
    importance: account.importance.toString(),
    importanceHeight: account.importanceHeight.toString(),
  };
}

/** The account state an `AccountInfoDTO` shows (cache `ACCOUNTS`, key its address): the inverse of `accountDto`. */
export function accountStateOf(info: AccountInfoDTO): AccountState {
  const { account } = info;
  const keys = account.supplementalPublicKeys;
  const publicKey = account.publicKey.toUpperCase();
  return {
    address: account.address.toUpperCase(),
    addressHeight: BigInt(account.addressHeight),
    publicKey: publicKey === ZERO_KEY ? undefined : publicKey,
    publicKeyHeight: BigInt(account.publicKeyHeight),
    accountType: account.accountType,
    supplementalPublicKeys: {
      ...(keys.linked ? { linked: keys.linked.publicKey } : {}),
      ...(keys.node ? { node: keys.node.publicKey } : {}),
      ...(keys.vrf ? { vrf: keys.vrf.publicKey } : {}),
      ...(keys.voting?.publicKeys.length ? { voting: keys.voting.publicKeys.map((key) => ({ ...key })) } : {}),
    },
    importance: BigInt(account.importance),
    importanceHeight: BigInt(account.importanceHeight),
    // Empty buckets are shown as zeros.
    activityBuckets: account.activityBuckets
      .filter((bucket) => bucket.startHeight !== '0')
      .map((bucket) => ({ startHeight: BigInt(bucket.startHeight), totalFeesPaid: BigInt(bucket.totalFeesPaid), beneficiaryCount: bucket.beneficiaryCount, rawScore: BigInt(bucket.rawScore) })),
    balances: new Map(account.mosaics.map((mosaic) => [mosaic.id.toUpperCase(), BigInt(mosaic.amount)])),
  };
}
