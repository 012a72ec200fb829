import { models } from 'symbol-sdk/symbol';
import * as json from '../../memory/transactions/json-format.js';
import { linkAction, publicKey, type Model } from '../../upstream/body-fields.js';
import type { TransactionFields } from '../../upstream/transaction-fields.js';
import type { TransactionType } from '../family.js';

type KeyLink = Model<'AccountKeyLinkTransactionV1'>;

/** A key link's body (an account key link's, a node key link's, a VRF key link's: the same fields). */
export const keyLinkBody = {
  write: (tx: KeyLink) => ({ linkedPublicKey: json.hex(tx.linkedPublicKey.bytes), linkAction: tx.linkAction.value }),
  read: (tx: KeyLink, fields: TransactionFields) => {
    tx.linkedPublicKey = new models.PublicKey(fields.read('linkedPublicKey', publicKey));
    tx.linkAction = fields.read('linkAction', linkAction);
  },
};

const T = models.TransactionType;

/** The account and node key link transactions: their JSON both ways. */
export const ACCOUNT_LINK_TRANSACTIONS: readonly TransactionType[] = [
  { type: T.ACCOUNT_KEY_LINK.value, name: 'account key link', ...keyLinkBody },
  { type: T.NODE_KEY_LINK.value, name: 'node key link', ...keyLinkBody },
];
