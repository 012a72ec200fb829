/** A change of one account's balance of one mosaic. */
export interface BalanceChange {
  /** 48 uppercase hex. */
  address: string;
  /** 16 uppercase hex. */
  mosaicId: string;
  delta: bigint;
}

/** Mosaic balances by account: what makes "insufficient balance" real. */
export class Ledger {
  readonly #balances = new Map<string, Map<string, bigint>>();

  balance(address: string, mosaicId: string): bigint {
    return this.#balances.get(address)?.get(mosaicId) ?? 0n;
  }

  /** Every mosaic an account holds, with its amount. */
  holdings(address: string): ReadonlyMap<string, bigint> {
    return this.#balances.get(address) ?? new Map();
  }

  /** Whether the changes could be applied: no balance would go below zero. */
  allows(changes: readonly BalanceChange[]): boolean {
    const after = new Map<string, bigint>();
    for (const { address, mosaicId, delta } of changes) {
      const key = `${address}/${mosaicId}`;
      const value = (after.get(key) ?? this.balance(address, mosaicId)) + delta;
      if (value < 0n) return false;
      after.set(key, value);
    }
    return true;
  }

  /** Applies every change, or none when one would overdraw an account. */
  apply(changes: readonly BalanceChange[]): boolean {
    if (!this.allows(changes)) return false;
    for (const { address, mosaicId, delta } of changes) {
      let holdings = this.#balances.get(address);
      if (!holdings) {
        holdings = new Map();
        this.#balances.set(address, holdings);
      }
      holdings.set(mosaicId, (holdings.get(mosaicId) ?? 0n) + delta);
    }
    return true;
  }
}
