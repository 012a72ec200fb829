import { BALANCE_TRANSFER, RENTAL_FEE } from './core-notifications.js';
import type { ObservationContext, Publish, PublishContext } from './plugin.js';

/**
 * Publishes a rental fee as catapult does: a balance transfer of `fee` × the dynamic fee
 * multiplier of the currency from the signer to the sink, and the fee itself (its receipt).
 */
export function publishRentalFee(publish: Publish, context: PublishContext, fee: { receiptType: number; senderAddress: string; sinkAddress: string; amount: bigint }): void {
  const transfer = { unresolvedMosaicId: context.network.currencyMosaicId, amount: fee.amount * context.dynamicFeeMultiplier };
  publish(BALANCE_TRANSFER, { ...transfer, unresolvedSenderAddress: fee.senderAddress, unresolvedRecipientAddress: fee.sinkAddress });
  publish(RENTAL_FEE, { ...transfer, receiptType: fee.receiptType, senderAddress: fee.senderAddress, recipientAddress: fee.sinkAddress });
}

/** A rental fee's receipt (the balance moved by the balance transfer before it). */
export function observeRentalFee(
  { receiptType, senderAddress, recipientAddress, unresolvedMosaicId, amount }: { receiptType: number; senderAddress: string; recipientAddress: string; unresolvedMosaicId: string; amount: bigint },
  context: ObservationContext,
): void {
  context.receipt({ kind: 'balanceTransfer', type: receiptType, mosaicId: context.resolveMosaicId(unresolvedMosaicId), amount, senderAddress, recipientAddress });
}
