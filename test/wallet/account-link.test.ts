/**
 * A harvester's setup with symbol-sdk 2.0.7 against the gateway over the in-memory chain: an
 * account links a remote account, a node key, a VRF key and a voting key (with its epochs),
 * each announced with `TransactionService.announce` and confirmed in its own block, reads them
 * back with `AccountHttp.getAccountInfo` (`supplementalPublicKeys`, `accountType`), sees the
 * remote account refused as a signer, then unlinks them all.
 */
import {
  Account,
  AccountKeyLinkTransaction,
  AccountType,
  LinkAction,
  NodeKeyLinkTransaction,
  PlainMessage,
  TransactionType,
  TransferTransaction,
  VotingKeyLinkTransaction,
  VrfKeyLinkTransaction,
  type AccountInfo,
  type Address,
  type Transaction,
} from 'symbol-sdk-v2';
import { beforeAll, describe, expect, it } from 'vitest';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { announceConfirmed, firstValue, sdk2Harness, type Sdk2Wallet } from '../support/sdk2.js';
import { startGateway } from '../support/server.js';

type Server = Awaited<ReturnType<typeof startGateway>>;

const START_EPOCH = 10;
const END_EPOCH = 369; // 360 epochs, within the testnet's 28 to 720

describe('a harvester with symbol-sdk 2.0.7: account, node, VRF and voting key links', () => {
  let server: Server;
  let chain: InMemoryChain;
  let wallet: Sdk2Wallet;
  let main: Account;
  let remote: Account;
  let friend: Address;
  const keys = { node: '', vrf: '', voting: '' };
  let feeMultiplier: number;
  /** What the SDK resolved each link with. */
  const linked: Transaction[] = [];

  const confirm = (signer: Account, transaction: Transaction) => announceConfirmed(server, wallet, signer.sign(transaction, wallet.generationHash));
  const accountInfo = (address: Address): Promise<AccountInfo> => firstValue(wallet.factory.createAccountRepository().getAccountInfo(address));
  const links = (action: LinkAction): Transaction[] => {
    const { networkType } = wallet;
    return [
      AccountKeyLinkTransaction.create(wallet.deadline(), remote.publicKey, action, networkType),
      NodeKeyLinkTransaction.create(wallet.deadline(), keys.node, action, networkType),
      VrfKeyLinkTransaction.create(wallet.deadline(), keys.vrf, action, networkType),
      VotingKeyLinkTransaction.create(wallet.deadline(), keys.voting, START_EPOCH, END_EPOCH, action, networkType, 1),
    ].map((transaction) => transaction.setMaxFee(feeMultiplier));
  };

  const { start } = sdk2Harness(
    (started) => {
      ({ server, chain, wallet } = started);
      main = started.accounts[0];
      friend = started.accounts[1].address;
    },
    { closeAfter: 'all' },
  );

  beforeAll(async () => {
    await start();
    remote = Account.generateNewAccount(wallet.networkType);
    keys.node = Account.generateNewAccount(wallet.networkType).publicKey;
    keys.vrf = Account.generateNewAccount(wallet.networkType).publicKey;
    keys.voting = Account.generateNewAccount(wallet.networkType).publicKey;
    feeMultiplier = (await firstValue(wallet.factory.createNetworkRepository().getTransactionFees())).medianFeeMultiplier;
    for (const transaction of links(LinkAction.Link)) linked.push(await confirm(main, transaction));
  });

  it('confirms each link in its own block, and the SDK parses each back to what it signed', () => {
    expect(linked.map((transaction) => [transaction.type, transaction.transactionInfo?.height.toString()])).toEqual([
      [TransactionType.ACCOUNT_KEY_LINK, '2'],
      [TransactionType.NODE_KEY_LINK, '3'],
      [TransactionType.VRF_KEY_LINK, '4'],
      [TransactionType.VOTING_KEY_LINK, '5'],
    ]);
    const [account, node, vrf, voting] = linked as [AccountKeyLinkTransaction, NodeKeyLinkTransaction, VrfKeyLinkTransaction, VotingKeyLinkTransaction];
    expect([account.linkedPublicKey, account.linkAction]).toEqual([remote.publicKey, LinkAction.Link]);
    expect([node.linkedPublicKey, vrf.linkedPublicKey]).toEqual([keys.node, keys.vrf]);
    expect([voting.linkedPublicKey, voting.startEpoch, voting.endEpoch, voting.linkAction]).toEqual([keys.voting, START_EPOCH, END_EPOCH, LinkAction.Link]);
  });

  it('shows the keys in getAccountInfo: the main account is Main, with its remote, node, VRF and voting keys', async () => {
    const info = await accountInfo(main.address);
    expect(info.accountType).toBe(AccountType.Main);
    const { linked: remoteKey, node, vrf, voting } = info.supplementalPublicKeys;
    expect([remoteKey?.publicKey, node?.publicKey, vrf?.publicKey]).toEqual([remote.publicKey, keys.node, keys.vrf]);
    expect(voting?.map((key) => [key.publicKey, key.startEpoch, key.endEpoch])).toEqual([[keys.voting, START_EPOCH, END_EPOCH]]);
  });

  it('shows the remote account as Remote, naming the main account, with its public key known since the link', async () => {
    const info = await accountInfo(remote.address);
    expect(info.accountType).toBe(AccountType.Remote);
    expect(info.publicKey).toBe(remote.publicKey);
    expect(info.publicKeyHeight.toString()).toBe('2');
    expect(info.supplementalPublicKeys.linked?.publicKey).toBe(main.publicKey);
  });

  it('refuses the remote account as a signer: TransactionService.announce fails with Failure_AccountLink_Remote_Account_Signer_Prohibited', async () => {
    const transfer = TransferTransaction.create(wallet.deadline(), friend, [], PlainMessage.create('from a remote'), wallet.networkType).setMaxFee(feeMultiplier);
    await expect(confirm(remote, transfer)).rejects.toThrow(/Failure_AccountLink_Remote_Account_Signer_Prohibited/);
  });

  it('unlinks them all: the main account is Unlinked with no keys, the remote Remote_Unlinked', async () => {
    for (const transaction of links(LinkAction.Unlink)) expect((await confirm(main, transaction)).type).toBeDefined();
    const info = await accountInfo(main.address);
    expect(info.accountType).toBe(AccountType.Unlinked);
    expect(info.supplementalPublicKeys).toMatchObject({ linked: undefined, node: undefined, vrf: undefined, voting: undefined });
    const remoteInfo = await accountInfo(remote.address);
    expect(remoteInfo.accountType).toBe(AccountType.Remote_Unlinked);
    expect(remoteInfo.supplementalPublicKeys.linked).toBeUndefined();
    // The main account can spend as before.
    const transfer = TransferTransaction.create(wallet.deadline(), friend, [], PlainMessage.create('back to normal'), wallet.networkType).setMaxFee(feeMultiplier);
    expect((await confirm(main, transfer)).type).toBe(TransactionType.TRANSFER);
  });
});
