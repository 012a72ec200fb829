import { models } from 'symbol-sdk/symbol';
import { ACCOUNT_ADDRESS, ADDRESS_INTERACTION, BALANCE_TRANSFER } from '../../memory/execution/core-notifications.js';
import { notificationType, type FailureCode } from '../../memory/execution/notification.js';
import { validator, type ChainPlugin, type TransactionSupport, type ValidationContext } from '../../memory/execution/plugin.js';
import { toHex } from '../../memory/keys.js';
import { idHex } from '../../memory/symbol-ids.js';

/** A transfer's message: its size in bytes, its type byte included. */
export const TRANSFER_MESSAGE = notificationType<{ size: number }>('transferMessage');
/** A transfer's mosaic ids as given (unresolved), in their order. */
export const TRANSFER_MOSAICS = notificationType<{ unresolvedMosaicIds: readonly bigint[] }>('transferMosaics');

type TransferModel = InstanceType<typeof models.TransferTransactionV1>;

const transfer: TransactionSupport = {
  type: models.TransactionType.TRANSFER.value,
  publish({ model, signerAddress }, publish) {
    const { recipientAddress, mosaics, message } = model as TransferModel;
    const recipient = toHex(recipientAddress.bytes);
    publish(ACCOUNT_ADDRESS, { unresolvedAddress: recipient });
    publish(ADDRESS_INTERACTION, { sourceAddress: signerAddress, transactionType: model.type.value, unresolvedParticipants: [recipient] });
    for (const mosaic of mosaics) {
      publish(BALANCE_TRANSFER, {
        unresolvedSenderAddress: signerAddress,
        unresolvedRecipientAddress: recipient,
        unresolvedMosaicId: idHex(mosaic.mosaicId.value),
        amount: BigInt(mosaic.amount.value),
      });
    }
    if (message.length > 0) publish(TRANSFER_MESSAGE, { size: message.length });
    if (mosaics.length > 0) publish(TRANSFER_MOSAICS, { unresolvedMosaicIds: mosaics.map((mosaic) => BigInt(mosaic.mosaicId.value)) });
  },
};

/** A message longer than the network allows. */
export function validateMessageSize({ size }: { size: number }, context: ValidationContext): FailureCode | undefined {
  return size > context.rules.maxMessageSize ? 'Failure_Transfer_Message_Too_Large' : undefined;
}

/** Mosaics not in strictly increasing id order (a repeated mosaic included). */
export function validateMosaicOrder({ unresolvedMosaicIds: ids }: { unresolvedMosaicIds: readonly bigint[] }): FailureCode | undefined {
  for (let i = 1; i < ids.length; i++) if (ids[i - 1] >= ids[i]) return 'Failure_Transfer_Out_Of_Order_Mosaics';
  return undefined;
}

/** Transfers: the recipient's account and its interaction with the sender, one balance transfer per mosaic; message and mosaic-order validators. */
export function transferPlugin(): ChainPlugin {
  return {
    name: 'transfer',
    transactions: [transfer],
    statelessValidators: [validator(TRANSFER_MESSAGE, validateMessageSize), validator(TRANSFER_MOSAICS, validateMosaicOrder)],
  };
}
