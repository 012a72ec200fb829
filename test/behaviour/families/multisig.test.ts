/**
 * `GET /account/{address}/multisig` and `GET /account/{address}/multisig/graph` over the
 * in-memory chain, with a nested multisig graph made by real signed aggregates: d is a
 * 1-of-1 multisig account of a, and a a 1-of-2 multisig account of b and c.
 */
import { Address } from 'symbol-sdk/symbol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainAccount } from '../../../src/memory/chain/identity.js';
import type { InMemoryChain } from '../../../src/in-memory-chain.js';
import { confirm } from '../../support/announce.js';
import { startGateway, testChain } from '../../support/server.js';
import { aggregate } from '../../support/signing.js';

type Server = Awaited<ReturnType<typeof startGateway>>;

describe('multisig routes', () => {
  let server: Server;
  let chain: InMemoryChain;
  let a: ChainAccount;
  let b: ChainAccount;
  let c: ChainAccount;
  let d: ChainAccount;
  let e: ChainAccount;

  /** `account` adds `cosignatories` (who opt in by cosigning, through `approvers` for a multisig one). */
  function addCosignatories(account: ChainAccount, cosignatories: readonly ChainAccount[], approvers: readonly ChainAccount[]) {
    const modification = chain.facade.transactionFactory.createEmbedded({
      type: 'multisig_account_modification_transaction_v1',
      signerPublicKey: account.keyPair.publicKey,
      minApprovalDelta: 1,
      minRemovalDelta: 1,
      addressAdditions: cosignatories.map((each) => new Address(each.address)),
      addressDeletions: [],
    } as never);
    return aggregate(chain, 'complete', account, [modification], { cosigners: approvers });
  }

  beforeAll(async () => {
    server = await startGateway({ backend: testChain() });
    chain = server.chain;
    [a, b, c, d, e] = chain.fundedAccounts;
    await confirm(server, addCosignatories(a, [b, c], [b, c]));
    await confirm(server, addCosignatories(d, [a], [b]));
  });
  afterAll(() => server.close());

  const entry = (account: ChainAccount, minApproval: number, cosignatories: readonly ChainAccount[], multisigs: readonly ChainAccount[]) => ({
    multisig: {
      version: 1,
      accountAddress: account.addressHex,
      minApproval,
      minRemoval: minApproval,
      cosignatoryAddresses: cosignatories.map((each) => each.addressHex).sort(),
      multisigAddresses: multisigs.map((each) => each.addressHex).sort(),
    },
  });

  describe('GET /account/{address}/multisig', () => {
    it('shows a multisig account that cosigns another: its minimums, cosignatories and multisig accounts', async () => {
      const reply = await server.get(`/account/${a.address}/multisig`);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual(entry(a, 1, [b, c], [d]));
    });

    it('shows a cosignatory only, with minimums of 0', async () => {
      expect((await server.get(`/account/${b.address}/multisig`)).body).toEqual(entry(b, 0, [], [a]));
    });

    it('answers 404 ResourceNotFound for an account that is neither multisig nor cosignatory', async () => {
      const reply = await server.get(`/account/${e.address}/multisig`);
      expect(reply.status).toBe(404);
      expect(reply.body.code).toBe('ResourceNotFound');
    });

    it.each(['TABC', 'not-an-address', `${'A'.repeat(38)}B`])('answers 409 InvalidArgument to the address %s', async (text) => {
      const reply = await server.get(`/account/${text}/multisig`);
      expect(reply.status).toBe(409);
      expect(reply.body).toMatchObject({ code: 'InvalidArgument', message: expect.stringContaining('address') });
    });
  });

  describe('GET /account/{address}/multisig/graph', () => {
    it('lists the levels around a: the account it cosigns above (-1), itself (0), its cosignatories below (1)', async () => {
      const reply = await server.get(`/account/${a.address}/multisig/graph`);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual([
        { level: -1, multisigEntries: [entry(d, 1, [a], [])] },
        { level: 0, multisigEntries: [entry(a, 1, [b, c], [d])] },
        { level: 1, multisigEntries: [entry(b, 0, [], [a]), entry(c, 0, [], [a])].sort((x, y) => x.multisig.accountAddress.localeCompare(y.multisig.accountAddress)) },
      ]);
    });

    it('lists two levels above a cosignatory of a cosignatory', async () => {
      const { body } = await server.get(`/account/${b.address}/multisig/graph`);
      expect(body.map((level: any) => [level.level, level.multisigEntries.map((each: any) => each.multisig.accountAddress)])).toEqual([
        [-2, [d.addressHex]],
        [-1, [a.addressHex]],
        [0, [b.addressHex]],
      ]);
    });

    it('answers 404 for an account outside every graph, and 409 to a malformed address', async () => {
      expect((await server.get(`/account/${e.address}/multisig/graph`)).status).toBe(404);
      expect((await server.get('/account/T123/multisig/graph')).status).toBe(409);
    });
  });
});
