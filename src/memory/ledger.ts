import type { AccountStore } from '../families/core/account-store.js';

/** Confirmed balances, for tests that check what a transaction moved: `chain.ledger.balance(addressHex, mosaicId)`. */
export class Ledger {
  readonly #accounts: AccountStore;

  constructor(accounts: AccountStore) {
    this.#accounts = accounts;
  }

  /** The confirmed balance of an account (48 hex) in a mosaic (16 hex); 0 when it holds none. */
  balance(address: string, mosaicId: string): bigint {
    return this.#accounts.get(address)?.balances.get(mosaicId) ?? 0n;
  }

  /** Every mosaic an account holds, with its amount. */
  holdings(address: string): ReadonlyMap<string, bigint> {
    return this.#accounts.get(address)?.balances ?? new Map();
  }
}
