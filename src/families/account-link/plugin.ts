import { Network, models } from 'symbol-sdk/symbol';
import { AddressBook } from '../../memory/address-book.js';
import { ACCOUNT_PUBLIC_KEY, ADDRESS_INTERACTION, TRANSACTION } from '../../memory/execution/core-notifications.js';
import { notificationType } from '../../memory/execution/notification.js';
import { observer, validator, type ChainPlugin, type PluginEnvironment, type TransactionSupport } from '../../memory/execution/plugin.js';
import { toHex } from '../../memory/keys.js';
import { KEY_LINK_ACTION, keyLinkObserver, keyLinkValidator, LINK_ACTION, type KeyLink } from '../core/key-links.js';
import { observeAccountKeyLink } from './observers.js';
import {
  NEW_REMOTE_ACCOUNT,
  NODE_KEY_FAILURES,
  REMOTE_ACCOUNT_KEY_LINK,
  validateAccountKeyLink,
  validateNewRemoteAccount,
  validateRemoteInteraction,
  validateRemoteSender,
} from './validators.js';

/** A node key is linked or unlinked. */
export const NODE_KEY_LINK = notificationType<KeyLink>('nodeKeyLink');

type KeyLinkModel = InstanceType<typeof models.AccountKeyLinkTransactionV1>;

/**
 * Account links (catapult's account_link plugin): a main account links a remote account that
 * harvests for it (the remote becomes Remote and may sign nothing nor take part in anything
 * from then on), and a node key.
 */
export function accountLinkPlugin(environment: PluginEnvironment): ChainPlugin {
  // Only the identifier byte matters to an address.
  const addresses = new AddressBook(environment.network.identifier === Network.MAINNET.identifier ? Network.MAINNET : Network.TESTNET);

  const accountKeyLink: TransactionSupport = {
    type: models.TransactionType.ACCOUNT_KEY_LINK.value,
    publish({ model, signerPublicKey, signerAddress }, publish) {
      const { linkedPublicKey: key, linkAction } = model as KeyLinkModel;
      const linkedPublicKey = toHex(key.bytes);
      const linkedAddress = addresses.of(linkedPublicKey).hex;
      if (linkAction.value === LINK_ACTION.link) {
        // Before the remote's public key is observed: that would make the account in use.
        publish(NEW_REMOTE_ACCOUNT, { linkedPublicKey, linkedAddress });
        publish(ACCOUNT_PUBLIC_KEY, { publicKey: linkedPublicKey, address: linkedAddress });
      }
      publish(KEY_LINK_ACTION, { linkAction: linkAction.value });
      publish(ADDRESS_INTERACTION, { sourceAddress: signerAddress, transactionType: model.type.value, unresolvedParticipants: [linkedAddress] });
      publish(REMOTE_ACCOUNT_KEY_LINK, { mainAddress: signerAddress, mainPublicKey: signerPublicKey, linkedPublicKey, linkedAddress, linkAction: linkAction.value });
    },
  };

  const nodeKeyLink: TransactionSupport = {
    type: models.TransactionType.NODE_KEY_LINK.value,
    publish({ model, signerAddress }, publish) {
      const { linkedPublicKey, linkAction } = model as KeyLinkModel;
      publish(KEY_LINK_ACTION, { linkAction: linkAction.value });
      publish(NODE_KEY_LINK, { mainAddress: signerAddress, linkedPublicKey: toHex(linkedPublicKey.bytes), linkAction: linkAction.value });
    },
  };

  return {
    name: 'account-link',
    transactions: [accountKeyLink, nodeKeyLink],
    validators: [
      validator(REMOTE_ACCOUNT_KEY_LINK, validateAccountKeyLink),
      validator(NEW_REMOTE_ACCOUNT, validateNewRemoteAccount),
      validator(TRANSACTION, validateRemoteSender),
      validator(ADDRESS_INTERACTION, validateRemoteInteraction),
      validator(NODE_KEY_LINK, keyLinkValidator('node', NODE_KEY_FAILURES), 'validateNodeKeyLink'),
    ],
    observers: [observer(REMOTE_ACCOUNT_KEY_LINK, observeAccountKeyLink), observer(NODE_KEY_LINK, keyLinkObserver('node'))],
  };
}
