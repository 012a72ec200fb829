/**
 * The account link plugin's observer (catapult's plugins/txes/account_link): a main account
 * and its remote account linked to each other, or unlinked.
 */
import type { Payload } from '../../memory/execution/notification.js';
import type { ObservationContext } from '../../memory/execution/plugin.js';
import { ACCOUNT_TYPE, ACCOUNTS } from '../../memory/account-state.js';
import { LINK_ACTION, withKey } from '../core/key-links.js';
import type { REMOTE_ACCOUNT_KEY_LINK } from './validators.js';

/** Linking: the main account becomes Main, the remote one Remote, each naming the other; unlinking: Unlinked and Remote_Unlinked. */
export function observeAccountKeyLink({ mainAddress, mainPublicKey, linkedAddress, linkedPublicKey, linkAction }: Payload<typeof REMOTE_ACCOUNT_KEY_LINK>, context: ObservationContext): void {
  const accounts = context.state.cache(ACCOUNTS);
  const main = accounts.get(mainAddress)!;
  const remote = accounts.get(linkedAddress)!;
  const link = linkAction === LINK_ACTION.link;
  accounts.set(mainAddress, { ...main, accountType: link ? ACCOUNT_TYPE.main : ACCOUNT_TYPE.unlinked, supplementalPublicKeys: withKey(main.supplementalPublicKeys, 'linked', link ? linkedPublicKey : undefined) });
  accounts.set(linkedAddress, { ...remote, accountType: link ? ACCOUNT_TYPE.remote : ACCOUNT_TYPE.remoteUnlinked, supplementalPublicKeys: withKey(remote.supplementalPublicKeys, 'linked', link ? mainPublicKey : undefined) });
}
