/**
 * The mosaic plugin's observers (catapult's plugins/txes/mosaic): definitions, supply
 * changes, each block's inflation and expiries, and the supply kept to the balances a
 * development control sets.
 */
import type { Payload } from '../../memory/execution/notification.js';
import type { BalanceSet, BlockContext, ObservationContext } from '../../memory/execution/plugin.js';
import type { StateDelta } from '../../memory/state/chain-state.js';
import { InvalidArgumentError } from '../../errors.js';
import { RECEIPT_TYPE } from '../../memory/execution/receipts.js';
import { inflationAt } from '../../memory/rules.js';
import { changeBalance } from '../core/observers.js';
import { MOSAICS, SUPPLY_ACTION, type MOSAIC_DEFINITION, type MOSAIC_SUPPLY_CHANGE, type MosaicEntry } from './state.js';
import type { MosaicStore } from './store.js';

/** A new mosaic, or a redefinition: flags and divisibility change by xor, the duration grows. */
export function observeDefinition({ ownerAddress, mosaicId, flags, divisibility, duration }: Payload<typeof MOSAIC_DEFINITION>, context: ObservationContext): void {
  const mosaics = context.state.cache(MOSAICS);
  const existing = mosaics.get(mosaicId);
  const entry: MosaicEntry = existing
    ? { ...existing, revision: existing.revision + 1, flags: existing.flags ^ flags, divisibility: existing.divisibility ^ divisibility, duration: existing.duration + duration }
    : { id: mosaicId, supply: 0n, startHeight: context.height, ownerAddress, revision: 1, flags, divisibility, duration };
  mosaics.set(mosaicId, entry);
}

/** The owner's balance and the supply move together. */
export function observeSupplyChange({ ownerAddress, unresolvedMosaicId, action, delta }: Payload<typeof MOSAIC_SUPPLY_CHANGE>, context: ObservationContext): void {
  const mosaicId = context.resolveMosaicId(unresolvedMosaicId);
  const signed = action === SUPPLY_ACTION.increase ? delta : -delta;
  const mosaics = context.state.cache(MOSAICS);
  const mosaic = mosaics.get(mosaicId)!;
  mosaics.set(mosaicId, { ...mosaic, supply: mosaic.supply + signed });
  changeBalance(context, ownerAddress, mosaicId, signed);
}

/** Each block: the currency's supply grows by the inflation, and mosaics whose duration ends expire with a receipt. */
export function observeMosaicBlock(store: MosaicStore): (context: BlockContext) => void {
  return (context) => {
    const mosaics = context.state.cache(MOSAICS);
    const inflation = inflationAt(context.rules, context.height);
    const currency = context.network.currencyMosaicId;
    const supply = mosaics.get(currency);
    if (inflation > 0n && supply) mosaics.set(currency, { ...supply, supply: supply.supply + inflation });
    const expiring = store.expiries.at(context.height).filter((id) => {
      const mosaic = mosaics.get(id);
      return mosaic !== undefined && mosaic.duration !== 0n && mosaic.startHeight + mosaic.duration === context.height;
    });
    for (const artifactId of expiring.sort()) context.receipt({ kind: 'artifactExpiry', type: RECEIPT_TYPE.mosaicExpired, artifactId });
  };
}

/**
 * A development control set an account's balance: the mosaic's supply moves by as much, so it
 * stays what the balances add up to; a mosaic the chain does not have is refused.
 */
export function keepSupply({ mosaicId, before, after }: BalanceSet, state: StateDelta): void {
  const mosaics = state.cache(MOSAICS);
  const mosaic = mosaics.get(mosaicId);
  if (!mosaic) throw new InvalidArgumentError(`no mosaic ${mosaicId} is defined`);
  mosaics.set(mosaicId, { ...mosaic, supply: mosaic.supply + after - before });
}
