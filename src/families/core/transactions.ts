import { models } from 'symbol-sdk/symbol';
import * as json from '../../memory/transactions/json-format.js';
import { linkAction, publicKey, type Model } from '../../upstream/body-fields.js';
import { uint } from '../../upstream/transaction-fields.js';
import { keyLinkBody } from '../account-link/transactions.js';
import type { TransactionType } from '../family.js';

type VotingKeyLink = Model<'VotingKeyLinkTransactionV1'>;
const T = models.TransactionType;

/** The VRF and voting key link transactions: their JSON both ways. */
export const CORE_TRANSACTIONS: readonly TransactionType[] = [
  { type: T.VRF_KEY_LINK.value, name: 'VRF key link', ...keyLinkBody },
  {
    type: T.VOTING_KEY_LINK.value,
    name: 'voting key link',
    write: (tx: VotingKeyLink) => ({
      linkedPublicKey: json.hex(tx.linkedPublicKey.bytes),
      startEpoch: tx.startEpoch.value,
      endEpoch: tx.endEpoch.value,
      linkAction: tx.linkAction.value,
    }),
    read: (tx: VotingKeyLink, fields) => {
      tx.linkedPublicKey = new models.VotingPublicKey(fields.read('linkedPublicKey', publicKey));
      tx.startEpoch = new models.FinalizationEpoch(fields.read('startEpoch', uint(32)));
      tx.endEpoch = new models.FinalizationEpoch(fields.read('endEpoch', uint(32)));
      tx.linkAction = fields.read('linkAction', linkAction);
    },
  },
];
