import { KeyPair, SymbolFacade, generateNamespaceId, models } from 'symbol-sdk/symbol';
import { describeTransaction, type DecodedTransaction, type Transaction } from './transactions/codec.js';

/** What the nemesis block creates. */
export interface GenesisPlan {
  /** The currency's mosaic id (the nemesis account's nonce-0 mosaic). */
  currencyMosaicId: bigint;
  /** Its supply, minted to the nemesis account. */
  initialSupply: bigint;
  /** Accounts that receive `amount` of the currency each. */
  recipients: readonly { address: string }[];
  amount: bigint;
}

/**
 * The nemesis block's transactions, as the public networks' nemesis blocks have them: the
 * eternal `symbol` namespace and its `xym` child, the currency mosaic (transferable, six
 * decimal places, eternal) with `symbol.xym` as its alias, its whole supply minted through
 * the alias, then one transfer of `amount` to each funded account. All signed by the
 * nemesis account, without fee.
 */
export function genesisTransactions(facade: SymbolFacade, nemesis: KeyPair, plan: GenesisPlan): DecodedTransaction[] {
  const handedOut = plan.amount * BigInt(plan.recipients.length);
  if (handedOut > plan.initialSupply) {
    throw new TypeError(`the nemesis block would hand out ${handedOut} of a supply of ${plan.initialSupply}: lower accountBalance or accountCount, or raise rules.initialCurrencyAtomicUnits`);
  }
  const symbol = generateNamespaceId('symbol');
  const xym = generateNamespaceId('xym', symbol);
  const descriptors: Record<string, unknown>[] = [
    { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: 0n, name: 'symbol', id: symbol },
    { type: 'namespace_registration_transaction_v1', registrationType: 'child', parentId: symbol, name: 'xym', id: xym },
    { type: 'mosaic_definition_transaction_v1', id: plan.currencyMosaicId, nonce: 0, flags: 'transferable', divisibility: 6, duration: 0n },
    { type: 'mosaic_alias_transaction_v1', namespaceId: xym, mosaicId: plan.currencyMosaicId, aliasAction: 'link' },
    { type: 'mosaic_supply_change_transaction_v1', mosaicId: xym, delta: plan.initialSupply, action: 'increase' },
    ...plan.recipients.map((recipient) => ({
      type: 'transfer_transaction_v1',
      recipientAddress: recipient.address,
      mosaics: [{ mosaicId: xym, amount: plan.amount }],
    })),
  ];
  return descriptors.map((descriptor) => {
    const transaction = facade.transactionFactory.create({ ...descriptor, signerPublicKey: nemesis.publicKey, fee: 0n, deadline: 1n } as never) as Transaction;
    transaction.signature = new models.Signature(facade.signTransaction(nemesis, transaction).bytes);
    return describeTransaction(transaction, facade);
  });
}
