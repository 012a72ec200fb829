import { ACCOUNTS } from './account-state.js';
import type { ChainState } from './state/chain-state.js';

/** Confirmed balances, for tests that check what a transaction moved: `chain.ledger.balance(addressHex, mosaicId)`. */
export class Ledger {
  readonly #state: ChainState;

  /** @internal A chain makes its own (`chain.ledger`). */
  constructor(state: ChainState) {
    this.#state = state;
  }

  /** The confirmed balance of an account (48 hex) in a mosaic (16 hex); 0 when it holds none. */
  balance(address: string, mosaicId: string): bigint {
    return this.holdings(address).get(mosaicId) ?? 0n;
  }

  /** Every mosaic an account holds, with its amount. */
  holdings(address: string): ReadonlyMap<string, bigint> {
    return this.#state.cache(ACCOUNTS).get(address)?.balances ?? new Map();
  }
}
