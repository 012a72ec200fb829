/**
 * Account key links, node, VRF and voting key links on the in-memory chain, as catapult's
 * account_link plugin and coresystem behave: real signed transactions announced over HTTP,
 * their outcome read on the signer's `status` and `unconfirmedAdded` channels, then
 * confirmed by a harvest and read back through `GET /accounts/{accountId}`.
 */
import { Address, generateNamespaceId, models } from 'symbol-sdk/symbol';
import { describe, expect, it } from 'vitest';
import type { ChainAccount } from '../../../src/memory/chain/identity.js';
import type { InMemoryChain } from '../../../src/in-memory-chain.js';
import { pluginHarness, unfundedAccount } from '../../support/announce.js';
import { startGateway, testChain } from '../../support/server.js';
import { aggregate, transfer } from '../../support/signing.js';

type Server = Awaited<ReturnType<typeof startGateway>>;
type Action = 'link' | 'unlink';

let server: Server;
let chain: InMemoryChain;
let a: ChainAccount;
let b: ChainAccount;
let c: ChainAccount;

const { start, signed, announce, confirmOne } = pluginHarness((started) => {
  server = started;
  chain = started.chain;
  [a, b, c] = chain.fundedAccounts;
});
const key = (label: string): string => unfundedAccount(chain, `account-link/${label}`).publicKey;

const accountKeyLink = (signer: ChainAccount, remote: ChainAccount | string, action: Action) =>
  signed(signer, { type: 'account_key_link_transaction_v1', linkedPublicKey: typeof remote === 'string' ? remote : remote.publicKey, linkAction: action });
const nodeKeyLink = (signer: ChainAccount, linkedPublicKey: string, action: Action) => signed(signer, { type: 'node_key_link_transaction_v1', linkedPublicKey, linkAction: action });
const vrfKeyLink = (signer: ChainAccount, linkedPublicKey: string, action: Action) => signed(signer, { type: 'vrf_key_link_transaction_v1', linkedPublicKey, linkAction: action });
const votingKeyLink = (signer: ChainAccount, linkedPublicKey: string, startEpoch: number, endEpoch: number, action: Action = 'link') =>
  signed(signer, { type: 'voting_key_link_transaction_v1', linkedPublicKey, startEpoch, endEpoch, linkAction: action });

/** The unresolved address that stands for a namespace's address alias, as symbol-sdk makes it. */
function aliasAddress(namespaceId: bigint): Address {
  return Address.fromNamespaceId(new models.NamespaceId(namespaceId), chain.symbolNetwork.identifier);
}

async function account(who: ChainAccount): Promise<any> {
  const reply = await server.get(`/accounts/${who.address}`);
  expect(reply.status).toBe(200);
  return reply.body.account;
}

describe('account key link', () => {
  it('makes the signer Main and the remote Remote, each naming the other; unlinking makes them Unlinked and Remote_Unlinked', async () => {
    await start();
    const remote = unfundedAccount(chain, 'account-link/remote');
    await confirmOne(accountKeyLink(a, remote, 'link'), a);
    const height = chain.height.toString();
    expect(await account(a)).toMatchObject({ accountType: 1, supplementalPublicKeys: { linked: { publicKey: remote.publicKey } } });
    // The remote account exists from the link on, with its public key known.
    expect(await account(remote)).toMatchObject({
      address: remote.addressHex,
      addressHeight: height,
      publicKey: remote.publicKey,
      publicKeyHeight: height,
      accountType: 2,
      supplementalPublicKeys: { linked: { publicKey: a.publicKey } },
      mosaics: [],
    });

    await confirmOne(accountKeyLink(a, remote, 'unlink'), a);
    expect(await account(a)).toMatchObject({ accountType: 0, supplementalPublicKeys: {} });
    expect(await account(remote)).toMatchObject({ accountType: 3, supplementalPublicKeys: {}, publicKey: remote.publicKey });
  });

  it('links an account that only received funds: its public key was never seen', async () => {
    await start();
    const silent = unfundedAccount(chain, 'account-link/silent');
    await confirmOne(transfer(chain, a, silent, { amount: 1_000_000n }), a);
    await confirmOne(accountKeyLink(b, silent, 'link'), b);
    expect(await account(silent)).toMatchObject({ accountType: 2, publicKey: silent.publicKey, mosaics: [{ amount: '1000000' }] });
  });

  it('rejects a second link with Failure_AccountLink_Link_Already_Exists, in the same block too', async () => {
    await start();
    const [first, second] = [unfundedAccount(chain, 'account-link/1'), unfundedAccount(chain, 'account-link/2')];
    expect(await announce(accountKeyLink(a, first, 'link'), a)).toBe('Success');
    // The first is unconfirmed: the unconfirmed state already has a as Main.
    expect(await announce(accountKeyLink(a, second, 'link'), a)).toBe('Failure_AccountLink_Link_Already_Exists');
    chain.harvest();
    expect(await announce(accountKeyLink(a, second, 'link'), a)).toBe('Failure_AccountLink_Link_Already_Exists');
    expect((await server.get(`/accounts/${second.address}`)).status).toBe(404);
  });

  it('rejects the zero key as a remote account with Failure_Core_Zero_Public_Key: the link names it as an account', async () => {
    await start();
    expect(await announce(accountKeyLink(a, '0'.repeat(64), 'link'), a)).toBe('Failure_Core_Zero_Public_Key');
    // A node or VRF key is no account: catapult does not check it.
    expect(await announce(vrfKeyLink(a, '0'.repeat(64), 'link'), a)).toBe('Success');
  });

  it('rejects an unlink by an account that is no main account with Failure_AccountLink_Unknown_Link, and with another key with Failure_AccountLink_Inconsistent_Unlink_Data', async () => {
    await start();
    const remote = unfundedAccount(chain, 'account-link/remote');
    expect(await announce(accountKeyLink(a, remote, 'unlink'), a)).toBe('Failure_AccountLink_Unknown_Link');
    await confirmOne(accountKeyLink(a, remote, 'link'), a);
    expect(await announce(accountKeyLink(a, key('other'), 'unlink'), a)).toBe('Failure_AccountLink_Inconsistent_Unlink_Data');
    expect(await announce(accountKeyLink(a, b, 'unlink'), a)).toBe('Failure_AccountLink_Inconsistent_Unlink_Data');
    expect(await account(a)).toMatchObject({ accountType: 1, supplementalPublicKeys: { linked: { publicKey: remote.publicKey } } });
  });

  it('rejects a remote account in use with Failure_AccountLink_Remote_Account_Ineligible: one that signed, or a linked remote', async () => {
    await start();
    // c signs something: its key is known.
    await confirmOne(transfer(chain, c, a, { amount: 1n }), c);
    expect(await announce(accountKeyLink(a, c, 'link'), a)).toBe('Failure_AccountLink_Remote_Account_Ineligible');
    expect(await announce(accountKeyLink(a, chain.nemesisAccount.publicKey, 'link'), a)).toBe('Failure_AccountLink_Remote_Account_Ineligible');
    const remote = unfundedAccount(chain, 'account-link/remote');
    await confirmOne(accountKeyLink(a, remote, 'link'), a);
    expect(await announce(accountKeyLink(b, remote, 'link'), b)).toBe('Failure_AccountLink_Remote_Account_Ineligible');
    // Once unlinked (Remote_Unlinked), another main account may take it.
    await confirmOne(accountKeyLink(a, remote, 'unlink'), a);
    await confirmOne(accountKeyLink(b, remote, 'link'), b);
    expect(await account(remote)).toMatchObject({ accountType: 2, supplementalPublicKeys: { linked: { publicKey: b.publicKey } } });
    expect(await account(b)).toMatchObject({ accountType: 1 });
  });

  it('forbids a remote account to sign (Failure_AccountLink_Remote_Account_Signer_Prohibited), linked or unlinked since', async () => {
    await start();
    const remote = unfundedAccount(chain, 'account-link/remote');
    await confirmOne(transfer(chain, a, remote, { amount: 10_000_000n }), a);
    await confirmOne(accountKeyLink(a, remote, 'link'), a);
    expect(await announce(transfer(chain, remote, b, { amount: 1n }), remote)).toBe('Failure_AccountLink_Remote_Account_Signer_Prohibited');
    expect(await announce(nodeKeyLink(remote, key('node'), 'link'), remote)).toBe('Failure_AccountLink_Remote_Account_Signer_Prohibited');
    await confirmOne(accountKeyLink(a, remote, 'unlink'), a);
    expect(await announce(transfer(chain, remote, b, { amount: 1n }), remote)).toBe('Failure_AccountLink_Remote_Account_Signer_Prohibited');
    // Nor may it become a main account: its own link is refused as it signs it.
    expect(await announce(accountKeyLink(remote, key('another'), 'link'), remote)).toBe('Failure_AccountLink_Remote_Account_Signer_Prohibited');
  });

  it('forbids a transfer to a remote account (Failure_AccountLink_Remote_Account_Participant_Prohibited), linked or unlinked since', async () => {
    await start();
    const remote = unfundedAccount(chain, 'account-link/remote');
    await confirmOne(accountKeyLink(a, remote, 'link'), a);
    expect(await announce(transfer(chain, b, remote, { amount: 1n }), b)).toBe('Failure_AccountLink_Remote_Account_Participant_Prohibited');
    // The main account itself neither.
    expect(await announce(transfer(chain, a, remote, { amount: 1n }), a)).toBe('Failure_AccountLink_Remote_Account_Participant_Prohibited');
    await confirmOne(accountKeyLink(a, remote, 'unlink'), a);
    expect(await announce(transfer(chain, b, remote, { amount: 1n }), b)).toBe('Failure_AccountLink_Remote_Account_Participant_Prohibited');
    // The main account is an ordinary account again.
    expect(await announce(transfer(chain, b, a, { amount: 1n }), b)).toBe('Success');
  });

  it('forbids a transfer to an address alias of a remote account: the alias is resolved first', async () => {
    await start();
    const remote = unfundedAccount(chain, 'account-link/remote');
    const namespaceId = generateNamespaceId('harvest');
    await confirmOne(transfer(chain, a, remote, { amount: 1n }), a); // an alias names a known account
    await confirmOne(signed(a, { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: chain.rules.minNamespaceDuration, name: 'harvest' }), a);
    await confirmOne(signed(a, { type: 'address_alias_transaction_v1', namespaceId, address: remote.address, aliasAction: 'link' }), a);
    const byAlias = signed(b, { type: 'transfer_transaction_v1', recipientAddress: aliasAddress(namespaceId), mosaics: [] });
    expect(await announce(byAlias, b)).toBe('Success');
    chain.harvest();
    await confirmOne(accountKeyLink(a, remote, 'link'), a);
    expect(await announce(signed(b, { type: 'transfer_transaction_v1', recipientAddress: aliasAddress(namespaceId), mosaics: [] }), b)).toBe(
      'Failure_AccountLink_Remote_Account_Participant_Prohibited',
    );
  });

  it('links on mainnet too: the remote account is found at its mainnet address', async () => {
    await start({}, { network: 'mainnet' });
    const remote = unfundedAccount(chain, 'account-link/remote');
    expect(remote.address.startsWith('N')).toBe(true);
    await confirmOne(accountKeyLink(a, remote, 'link'), a);
    expect(await account(remote)).toMatchObject({ accountType: 2, supplementalPublicKeys: { linked: { publicKey: a.publicKey } } });
  });

  it('runs inside an aggregate all or nothing', async () => {
    await start();
    const remote = unfundedAccount(chain, 'account-link/remote');
    await confirmOne(accountKeyLink(b, remote, 'link'), b);
    const vrf = key('vrf');
    const embedded = [
      chain.facade.transactionFactory.createEmbedded({ type: 'vrf_key_link_transaction_v1', signerPublicKey: a.keyPair.publicKey, linkedPublicKey: vrf, linkAction: 'link' }),
      chain.facade.transactionFactory.createEmbedded({ type: 'account_key_link_transaction_v1', signerPublicKey: a.keyPair.publicKey, linkedPublicKey: remote.publicKey, linkAction: 'link' }),
    ];
    expect(await announce(aggregate(chain, 'complete', a, embedded as never), a)).toBe('Failure_AccountLink_Remote_Account_Ineligible');
    chain.harvest();
    expect(await account(a)).toMatchObject({ accountType: 0, supplementalPublicKeys: {} });

    embedded[1] = chain.facade.transactionFactory.createEmbedded({ type: 'account_key_link_transaction_v1', signerPublicKey: a.keyPair.publicKey, linkedPublicKey: key('fresh'), linkAction: 'link' });
    await confirmOne(aggregate(chain, 'complete', a, embedded as never), a);
    expect(await account(a)).toMatchObject({ accountType: 1, supplementalPublicKeys: { linked: { publicKey: key('fresh') }, vrf: { publicKey: vrf } } });
  });

  it('refuses at once a payload whose link action is neither link nor unlink (symbol-sdk does not decode it)', async () => {
    await start();
    const bad = accountKeyLink(a, key('remote'), 'link');
    const payload = Buffer.from(bad.payload, 'hex');
    payload[payload.length - 1] = 2; // the link action is the body's last byte
    const reply = await server.request('PUT', '/transactions', { body: JSON.stringify({ payload: payload.toString('hex').toUpperCase() }), headers: { 'content-type': 'application/json' } });
    expect(reply.status).toBe(409);
  });
});

describe('node key link', () => {
  it('links one node key; rejects a second with Failure_AccountLink_Link_Already_Exists and a wrong or missing unlink with Failure_AccountLink_Inconsistent_Unlink_Data', async () => {
    await start();
    const [node, other] = [key('node'), key('other')];
    expect(await announce(nodeKeyLink(a, node, 'unlink'), a)).toBe('Failure_AccountLink_Inconsistent_Unlink_Data');
    await confirmOne(nodeKeyLink(a, node, 'link'), a);
    // A node key link changes no account type.
    expect(await account(a)).toMatchObject({ accountType: 0, supplementalPublicKeys: { node: { publicKey: node } } });
    expect(await announce(nodeKeyLink(a, other, 'link'), a)).toBe('Failure_AccountLink_Link_Already_Exists');
    expect(await announce(nodeKeyLink(a, other, 'unlink'), a)).toBe('Failure_AccountLink_Inconsistent_Unlink_Data');
    // Another account may link the same node key.
    await confirmOne(nodeKeyLink(b, node, 'link'), b);
    await confirmOne(nodeKeyLink(a, node, 'unlink'), a);
    expect((await account(a)).supplementalPublicKeys).toEqual({});
    expect((await account(b)).supplementalPublicKeys).toEqual({ node: { publicKey: node } });
  });
});

describe('VRF key link', () => {
  it('links one VRF key; rejects a second with Failure_Core_Link_Already_Exists and a wrong or missing unlink with Failure_Core_Inconsistent_Unlink_Data', async () => {
    await start();
    const [vrf, other] = [key('vrf'), key('other')];
    expect(await announce(vrfKeyLink(a, vrf, 'unlink'), a)).toBe('Failure_Core_Inconsistent_Unlink_Data');
    await confirmOne(vrfKeyLink(a, vrf, 'link'), a);
    expect(await account(a)).toMatchObject({ accountType: 0, supplementalPublicKeys: { vrf: { publicKey: vrf } } });
    expect(await announce(vrfKeyLink(a, other, 'link'), a)).toBe('Failure_Core_Link_Already_Exists');
    expect(await announce(vrfKeyLink(a, other, 'unlink'), a)).toBe('Failure_Core_Inconsistent_Unlink_Data');
    await confirmOne(vrfKeyLink(a, vrf, 'unlink'), a);
    expect((await account(a)).supplementalPublicKeys).toEqual({});
  });
});

describe('voting key link', () => {
  it('rejects a start epoch of 0 with Failure_Core_Link_Start_Epoch_Invalid and a range out of [minVotingKeyLifetime, maxVotingKeyLifetime] with Failure_Core_Invalid_Link_Range', async () => {
    await start();
    const voting = key('voting');
    const { minVotingKeyLifetime: min, maxVotingKeyLifetime: max } = chain.rules;
    expect([min, max]).toEqual([28, 720]);
    expect(await announce(votingKeyLink(a, voting, 0, 100), a)).toBe('Failure_Core_Link_Start_Epoch_Invalid');
    expect(await announce(votingKeyLink(a, voting, 100, 99), a)).toBe('Failure_Core_Invalid_Link_Range');
    expect(await announce(votingKeyLink(a, voting, 10, 10 + min - 2), a)).toBe('Failure_Core_Invalid_Link_Range');
    expect(await announce(votingKeyLink(a, voting, 10, 10 + max), a)).toBe('Failure_Core_Invalid_Link_Range');
    // The range is checked on unlink too.
    expect(await announce(votingKeyLink(a, voting, 10, 9, 'unlink'), a)).toBe('Failure_Core_Invalid_Link_Range');
    expect(await announce(votingKeyLink(a, voting, 10, 10 + min - 1), a)).toBe('Success');
    expect(await announce(votingKeyLink(b, voting, 10, 10 + max - 1), b)).toBe('Success');
  });

  it('links several keys in epoch order up to maxVotingKeysPerAccount (Failure_Core_Too_Many_Links), each after the last one ends (Failure_Core_Link_Already_Exists)', async () => {
    await start({ minVotingKeyLifetime: 10, maxVotingKeyLifetime: 100 });
    const [k1, k2, k3, k4] = [key('v1'), key('v2'), key('v3'), key('v4')];
    await confirmOne(votingKeyLink(a, k1, 1, 50), a);
    expect(await announce(votingKeyLink(a, k2, 50, 80), a)).toBe('Failure_Core_Link_Already_Exists');
    // Also a range wholly before the last one: keys only go forward.
    expect(await announce(votingKeyLink(a, k2, 1, 10), a)).toBe('Failure_Core_Link_Already_Exists');
    await confirmOne(votingKeyLink(a, k2, 51, 80), a);
    // A gap is allowed; the same public key may come back for another range.
    await confirmOne(votingKeyLink(a, k1, 200, 299), a);
    expect((await account(a)).supplementalPublicKeys.voting.publicKeys).toEqual([
      { publicKey: k1, startEpoch: 1, endEpoch: 50 },
      { publicKey: k2, startEpoch: 51, endEpoch: 80 },
      { publicKey: k1, startEpoch: 200, endEpoch: 299 },
    ]);
    expect(await announce(votingKeyLink(a, k4, 300, 399), a)).toBe('Failure_Core_Too_Many_Links');

    // Unlinking names the key with its exact range.
    expect(await announce(votingKeyLink(a, k2, 51, 81, 'unlink'), a)).toBe('Failure_Core_Inconsistent_Unlink_Data');
    expect(await announce(votingKeyLink(a, k3, 51, 80, 'unlink'), a)).toBe('Failure_Core_Inconsistent_Unlink_Data');
    await confirmOne(votingKeyLink(a, k2, 51, 80, 'unlink'), a);
    expect((await account(a)).supplementalPublicKeys.voting.publicKeys).toEqual([
      { publicKey: k1, startEpoch: 1, endEpoch: 50 },
      { publicKey: k1, startEpoch: 200, endEpoch: 299 },
    ]);
    // The freed slot: still only after the last key's end.
    expect(await announce(votingKeyLink(a, k3, 60, 90), a)).toBe('Failure_Core_Link_Already_Exists');
    await confirmOne(votingKeyLink(a, k3, 300, 399), a);
    await confirmOne(votingKeyLink(a, k1, 1, 50, 'unlink'), a);
    await confirmOne(votingKeyLink(a, k1, 200, 299, 'unlink'), a);
    await confirmOne(votingKeyLink(a, k3, 300, 399, 'unlink'), a);
    expect((await account(a)).supplementalPublicKeys).toEqual({});
  });

  it('shows the voting rules in /network/properties', async () => {
    await start({ maxVotingKeysPerAccount: 5, minVotingKeyLifetime: 10, maxVotingKeyLifetime: 100 });
    const { chain: properties } = (await server.get('/network/properties')).body;
    expect(properties).toMatchObject({ maxVotingKeysPerAccount: '5', minVotingKeyLifetime: '10', maxVotingKeyLifetime: '100' });
  });
});

describe('rules', () => {
  it('refuses voting rules the chain can not run with', () => {
    expect(() => testChain({ rules: { minVotingKeyLifetime: 10, maxVotingKeyLifetime: 9 } })).toThrow(/minVotingKeyLifetime/);
    expect(() => testChain({ rules: { maxVotingKeysPerAccount: 256 } })).toThrow(/maxVotingKeysPerAccount/);
  });
});
