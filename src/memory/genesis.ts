import { KeyPair, SymbolFacade, models } from 'symbol-sdk/symbol';
import { describeTransaction, type DecodedTransaction, type Transaction } from './transactions/codec.js';

/**
 * The nemesis block's transactions: one signed transfer of `amount` of the currency from
 * the nemesis account to each funded account, so tests can sign with funded keys at once.
 */
export function genesisTransfers(
  facade: SymbolFacade,
  nemesis: KeyPair,
  recipients: readonly { address: string }[],
  currencyMosaicId: string,
  amount: bigint,
): DecodedTransaction[] {
  return recipients.map((recipient) => {
    const transaction = facade.transactionFactory.create({
      type: 'transfer_transaction_v1',
      signerPublicKey: nemesis.publicKey,
      fee: 0n,
      deadline: 1n,
      recipientAddress: recipient.address,
      mosaics: [{ mosaicId: BigInt(`0x${currencyMosaicId}`), amount }],
    }) as Transaction;
    transaction.signature = new models.Signature(facade.signTransaction(nemesis, transaction).bytes);
    return describeTransaction(transaction, facade);
  });
}
