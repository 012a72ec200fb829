/**
 * Linked keys through the account routes: `GET /accounts/{accountId}`, `GET /accounts` and
 * `POST /accounts` render `accountType` and `supplementalPublicKeys` as catapult-rest does
 * (a kind of key only once it is linked; voting keys as a list with their epochs), over
 * state built from real signed key link transactions harvested into blocks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainAccount } from '../../../src/memory/chain/identity.js';
import type { InMemoryChain } from '../../../src/in-memory-chain.js';
import { confirm, signedBy, unfundedAccount } from '../../support/announce.js';
import { assertMatchesSchema } from '../../support/openapi.js';
import { startGateway, testChain } from '../../support/server.js';

type Server = Awaited<ReturnType<typeof startGateway>>;

const JSON_HEADERS = { 'content-type': 'application/json' };

describe('linked keys on the account routes', () => {
  let server: Server;
  let chain: InMemoryChain;
  let main: ChainAccount; // linked a remote, a node, a VRF and two voting keys
  let former: ChainAccount; // linked a remote and unlinked it
  let plain: ChainAccount;
  let remote: ChainAccount;
  let formerRemote: ChainAccount;
  const keys: Record<'node' | 'vrf' | 'voting1' | 'voting2', string> = { node: '', vrf: '', voting1: '', voting2: '' };
  let linkHeight: bigint;

  beforeAll(async () => {
    server = await startGateway({ backend: testChain() });
    chain = server.chain;
    [main, former, plain] = chain.fundedAccounts;
    remote = unfundedAccount(chain, 'links/remote');
    formerRemote = unfundedAccount(chain, 'links/former-remote');
    for (const name of Object.keys(keys) as (keyof typeof keys)[]) keys[name] = unfundedAccount(chain, `links/${name}`).publicKey;
    const link = (signer: ChainAccount, type: string, linkedPublicKey: string, extra: Record<string, unknown> = {}, linkAction = 'link') =>
      signedBy(chain, signer, { type, linkedPublicKey, linkAction, ...extra });
    linkHeight = await confirm(server,
      link(main, 'account_key_link_transaction_v1', remote.publicKey),
      link(main, 'node_key_link_transaction_v1', keys.node),
      link(main, 'vrf_key_link_transaction_v1', keys.vrf),
      link(main, 'voting_key_link_transaction_v1', keys.voting1, { startEpoch: 1, endEpoch: 360 }),
      link(former, 'account_key_link_transaction_v1', formerRemote.publicKey),
    );
    // Voting keys are listed in epoch order, whatever block linked them.
    await confirm(server,
      link(main, 'voting_key_link_transaction_v1', keys.voting2, { startEpoch: 361, endEpoch: 720 }),
      link(former, 'account_key_link_transaction_v1', formerRemote.publicKey, {}, 'unlink'),
    );
  });
  afterAll(() => server.close());

  const expectedMain = () => ({
    accountType: 1,
    supplementalPublicKeys: {
      linked: { publicKey: remote.publicKey },
      node: { publicKey: keys.node },
      vrf: { publicKey: keys.vrf },
      voting: {
        publicKeys: [
          { publicKey: keys.voting1, startEpoch: 1, endEpoch: 360 },
          { publicKey: keys.voting2, startEpoch: 361, endEpoch: 720 },
        ],
      },
    },
  });

  async function accountOf(id: string): Promise<any> {
    const reply = await server.get(`/accounts/${id}`);
    expect(reply.status).toBe(200);
    assertMatchesSchema('AccountInfoDTO', reply.body, { strict: true });
    return reply.body.account;
  }

  it('GET /accounts/{accountId} renders every linked key of a main account, by address and by public key', async () => {
    for (const id of [main.address, main.publicKey]) {
      const account = await accountOf(id);
      expect({ accountType: account.accountType, supplementalPublicKeys: account.supplementalPublicKeys }).toEqual(expectedMain());
    }
  });

  it('renders the remote account as Remote, naming its main account, with the public key the link made known', async () => {
    for (const id of [remote.address, remote.publicKey]) {
      expect(await accountOf(id)).toMatchObject({
        address: remote.addressHex,
        addressHeight: linkHeight.toString(),
        publicKey: remote.publicKey,
        publicKeyHeight: linkHeight.toString(),
        accountType: 2,
        supplementalPublicKeys: { linked: { publicKey: main.publicKey } },
        mosaics: [],
      });
    }
  });

  it('renders an unlinked main account and its former remote as Unlinked and Remote_Unlinked, with no keys', async () => {
    expect(await accountOf(former.address)).toMatchObject({ accountType: 0, supplementalPublicKeys: {} });
    expect(await accountOf(formerRemote.address)).toMatchObject({ accountType: 3, supplementalPublicKeys: {}, publicKey: formerRemote.publicKey });
    expect(await accountOf(plain.address)).toMatchObject({ accountType: 0, supplementalPublicKeys: {} });
  });

  it('GET /accounts and POST /accounts render the same keys', async () => {
    const listed = await server.get(`/accounts?address=${main.address}`);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0].account).toMatchObject(expectedMain());

    const all = await server.get('/accounts?pageSize=100');
    const byAddress = new Map(all.body.data.map((entry: any) => [entry.account.address, entry.account]));
    expect(byAddress.get(remote.addressHex)).toMatchObject({ accountType: 2 });
    expect(byAddress.get(formerRemote.addressHex)).toMatchObject({ accountType: 3 });

    const posted = await server.request('POST', '/accounts', { body: JSON.stringify({ publicKeys: [remote.publicKey, main.publicKey] }), headers: JSON_HEADERS });
    expect(posted.status).toBe(200);
    expect(posted.body.map((entry: any) => entry.account.address)).toEqual([remote.addressHex, main.addressHex]);
    expect(posted.body[1].account).toMatchObject(expectedMain());
    for (const entry of posted.body) assertMatchesSchema('AccountInfoDTO', entry, { strict: true });
  });

  it('shows the testnet voting rules in /network/properties', async () => {
    const reply = await server.get('/network/properties');
    expect(reply.status).toBe(200);
    expect(reply.body.chain).toMatchObject({ maxVotingKeysPerAccount: '3', minVotingKeyLifetime: '28', maxVotingKeyLifetime: '720' });
  });
});
