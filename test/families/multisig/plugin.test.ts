/**
 * The multisig plugin of the in-memory chain, as catapult's multisig plugin behaves: real
 * signed aggregates carrying multisig account modifications announced over HTTP, their
 * outcome read on the signer's `status` and `unconfirmedAdded` channels; then what a multisig
 * account may sign, approved by its cosignatories down the multisig graph.
 */
import { Address } from 'symbol-sdk/symbol';
import { describe, expect, it } from 'vitest';
import type { ChainAccount } from '../../../src/memory/chain/identity.js';
import type { InMemoryChain } from '../../../src/in-memory-chain.js';
import { confirm, lockFunds, pluginHarness, signedBy } from '../../support/announce.js';
import { startGateway } from '../../support/server.js';
import { aggregate, cosign, embeddedTransfer, transfer, type Signed } from '../../support/signing.js';
import { Client } from '../../support/ws-client.js';

type Server = Awaited<ReturnType<typeof startGateway>>;

let server: Server;
let chain: InMemoryChain;
let a: ChainAccount;
let b: ChainAccount;
let c: ChainAccount;
let d: ChainAccount;
let e: ChainAccount;

const { start, announce } = pluginHarness((started) => {
  server = started;
  chain = started.chain;
  [a, b, c, d, e] = chain.fundedAccounts;
});

interface Change {
  add?: readonly ChainAccount[];
  remove?: readonly ChainAccount[];
  minApproval?: number;
  minRemoval?: number;
}

/** An embedded multisig account modification of `account`. */
function modification(account: ChainAccount, { add = [], remove = [], minApproval = 0, minRemoval = 0 }: Change) {
  return chain.facade.transactionFactory.createEmbedded({
    type: 'multisig_account_modification_transaction_v1',
    signerPublicKey: account.keyPair.publicKey,
    minApprovalDelta: minApproval,
    minRemovalDelta: minRemoval,
    addressAdditions: add.map((each) => new Address(each.address)),
    addressDeletions: remove.map((each) => new Address(each.address)),
  } as never);
}

/** An aggregate complete of `signer` carrying `account`'s modification, with the cosignatures of `cosigners`. */
function modify(signer: ChainAccount, account: ChainAccount, change: Change, cosigners: readonly ChainAccount[] = []): Signed {
  return aggregate(chain, 'complete', signer, [modification(account, change)], { cosigners });
}

/** Makes `account` a multisig account of `cosignatories` (each opts in by cosigning) and confirms it. */
async function makeMultisig(account: ChainAccount, cosignatories: readonly ChainAccount[], minApproval: number, minRemoval: number): Promise<void> {
  await confirm(server, modify(account, account, { add: cosignatories, minApproval, minRemoval }, cosignatories));
}

const entryOf = (account: ChainAccount) => server.get(`/account/${account.address}/multisig`);

describe('multisig account modification', () => {
  it('makes a 2-of-2 multisig account once both new cosignatories have cosigned; the graph shows both sides', async () => {
    await start();
    expect(await announce(modify(a, a, { add: [b, c], minApproval: 2, minRemoval: 2 }, [b, c]), a)).toBe('Success');
    chain.harvest();
    const { body } = await entryOf(a);
    expect(body.multisig).toEqual({
      version: 1,
      accountAddress: a.addressHex,
      minApproval: 2,
      minRemoval: 2,
      cosignatoryAddresses: [b.addressHex, c.addressHex].sort(),
      multisigAddresses: [],
    });
    expect((await entryOf(b)).body.multisig).toMatchObject({ minApproval: 0, minRemoval: 0, cosignatoryAddresses: [], multisigAddresses: [a.addressHex] });
  });

  it('drops a modification announced outside an aggregate with no status, as a node drops a malformed transaction', async () => {
    await start();
    const topLevel = signedBy(chain, a, { type: 'multisig_account_modification_transaction_v1', minApprovalDelta: 1, minRemovalDelta: 1, addressAdditions: [new Address(b.address)], addressDeletions: [] });
    const client = await Client.connect(server.wsUrl);
    await client.subscribe(`status/${a.address}`, `unconfirmedAdded/${a.address}`);
    expect((await server.request('PUT', '/transactions', { body: topLevel.body, headers: { 'content-type': 'application/json' } })).status).toBe(202);
    chain.processAnnounced();
    await client.sync();
    expect(client.pending).toBe(0);
    expect((await server.get(`/transactionStatus/${topLevel.hash}`)).status).toBe(404);
    chain.harvest();
    expect((await entryOf(a)).status).toBe(404);
  });

  it('needs every new cosignatory to opt in: Failure_Aggregate_Missing_Cosignatures without one', async () => {
    await start();
    expect(await announce(modify(a, a, { add: [b, c], minApproval: 2, minRemoval: 2 }, [b]), a)).toBe('Failure_Aggregate_Missing_Cosignatures');
    expect((await entryOf(a)).status).toBe(404);
  });

  it('refuses a cosigner who approves nothing with Failure_Aggregate_Ineligible_Cosignatories', async () => {
    await start();
    expect(await announce(modify(a, a, { add: [b], minApproval: 1, minRemoval: 1 }, [b, d]), a)).toBe('Failure_Aggregate_Ineligible_Cosignatories');
  });

  it.each([
    ['two deletions', 'Failure_Multisig_Multiple_Deletes', (): Change => ({ remove: [b, c] })],
    ['an addition twice', 'Failure_Multisig_Redundant_Modification', (): Change => ({ add: [b, b] })],
    ['an address added and deleted', 'Failure_Multisig_Account_In_Both_Sets', (): Change => ({ add: [b], remove: [b] })],
  ] as const)('refuses %s with %s (no state read)', async (_, code, change) => {
    await start();
    expect(await announce(modify(a, a, change(), [...new Set(change().add)]), a)).toBe(code);
  });

  it('refuses a deletion from an account that is not multisig with Failure_Multisig_Unknown_Multisig_Account', async () => {
    await start();
    expect(await announce(modify(d, d, { remove: [b], minApproval: -1, minRemoval: -1 }), d)).toBe('Failure_Multisig_Unknown_Multisig_Account');
  });

  it('refuses an addition of a cosignatory with Failure_Multisig_Already_A_Cosignatory, and a deletion of an account that is none with Failure_Multisig_Not_A_Cosignatory', async () => {
    await start();
    await makeMultisig(a, [b, c], 2, 2);
    expect(await announce(modify(b, a, { add: [b] }, [c]), b)).toBe('Failure_Multisig_Already_A_Cosignatory');
    expect(await announce(modify(b, a, { remove: [d] }, [c]), b)).toBe('Failure_Multisig_Not_A_Cosignatory');
  });

  it('refuses a minimum below 1 with Failure_Multisig_Min_Setting_Out_Of_Range, and above the cosignatories with Failure_Multisig_Min_Setting_Larger_Than_Num_Cosignatories', async () => {
    await start();
    expect(await announce(modify(a, a, { add: [b], minApproval: 0, minRemoval: 1 }, [b]), a)).toBe('Failure_Multisig_Min_Setting_Out_Of_Range');
    expect(await announce(modify(a, a, { add: [b], minApproval: 2, minRemoval: 1 }, [b]), a)).toBe('Failure_Multisig_Min_Setting_Larger_Than_Num_Cosignatories');
  });

  it('refuses more cosignatories than maxCosignatoriesPerAccount with Failure_Multisig_Max_Cosignatories', async () => {
    await start({ maxCosignatoriesPerAccount: 1 });
    expect(await announce(modify(a, a, { add: [b, c], minApproval: 1, minRemoval: 1 }, [b, c]), a)).toBe('Failure_Multisig_Max_Cosignatories');
  });

  it('refuses a cosignatory of maxCosignedAccountsPerAccount accounts already with Failure_Multisig_Max_Cosigned_Accounts', async () => {
    await start({ maxCosignedAccountsPerAccount: 1 });
    await makeMultisig(a, [b], 1, 1);
    expect(await announce(modify(d, d, { add: [b], minApproval: 1, minRemoval: 1 }, [b]), d)).toBe('Failure_Multisig_Max_Cosigned_Accounts');
  });

  it('refuses a loop with Failure_Multisig_Loop', async () => {
    await start();
    await makeMultisig(a, [b], 1, 1);
    // b cosigns for a; a cannot cosign for b (b approves for a, so b alone signs).
    expect(await announce(modify(b, b, { add: [a], minApproval: 1, minRemoval: 1 }), b)).toBe('Failure_Multisig_Loop');
  });

  it('refuses a graph deeper than maxMultisigDepth with Failure_Multisig_Max_Multisig_Depth', async () => {
    await start({ maxMultisigDepth: 2 });
    await makeMultisig(a, [b], 1, 1);
    await confirm(server, modify(c, c, { add: [a], minApproval: 1, minRemoval: 1 }, [b]));
    expect((await entryOf(c)).body.multisig.cosignatoryAddresses).toEqual([a.addressHex]);
    expect(await announce(modify(d, d, { add: [c], minApproval: 1, minRemoval: 1 }, [b]), d)).toBe('Failure_Multisig_Max_Multisig_Depth');
  });
});

describe('what a multisig account signs', () => {
  it('refuses a transaction it signs itself with Failure_Multisig_Operation_Prohibited_By_Account', async () => {
    await start();
    await makeMultisig(a, [b, c], 2, 2);
    expect(await announce(transfer(chain, a, d), a)).toBe('Failure_Multisig_Operation_Prohibited_By_Account');
  });

  it('takes a transfer of a 2-of-2 account in an aggregate complete signed by both cosignatories, not by one', async () => {
    await start();
    await makeMultisig(a, [b, c], 2, 2);
    const before = chain.ledger.balance(e.addressHex, chain.currency.mosaicId);
    expect(await announce(aggregate(chain, 'complete', b, [embeddedTransfer(chain, a, e, 3_000_000n)]), b)).toBe('Failure_Aggregate_Missing_Cosignatures');
    await confirm(server, aggregate(chain, 'complete', b, [embeddedTransfer(chain, a, e, 3_000_000n)], { cosigners: [c] }));
    expect(chain.ledger.balance(e.addressHex, chain.currency.mosaicId)).toBe(before + 3_000_000n);
  });

  it('keeps its aggregate bonded partial until enough cosignatories have cosigned, refusing a cosignature of an account that approves nothing', async () => {
    await start();
    await makeMultisig(a, [b, c], 2, 2);
    const bonded = aggregate(chain, 'bonded', b, [embeddedTransfer(chain, a, e, 1_000_000n)]);
    lockFunds(chain, b, bonded);
    const client = await Client.connect(server.wsUrl);
    await client.subscribe(`partialAdded/${b.address}`, `status/${d.address}`, `cosignature/${b.address}`, `unconfirmedAdded/${b.address}`);
    const put = async (path: string, body: unknown) => {
      expect((await server.request('PUT', path, { body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json' } })).status).toBe(202);
      chain.processAnnounced();
    };
    await put('/transactions/partial', bonded.body);
    expect((await client.next()).topic).toBe(`partialAdded/${b.address}`);
    await put('/transactions/cosignature', cosign(chain, d, bonded));
    expect(await client.next()).toMatchObject({ topic: `status/${d.address}`, data: { hash: bonded.hash, code: 'Failure_Aggregate_Ineligible_Cosignatories' } });
    // a itself is no approver of its own transactions any more: only its cosignatories are.
    await put('/transactions/cosignature', cosign(chain, a, bonded));
    expect((await server.get(`/transactionStatus/${bonded.hash}`)).body.group).toBe('partial');
    await put('/transactions/cosignature', cosign(chain, c, bonded));
    expect((await client.next()).topic).toBe(`cosignature/${b.address}`);
    expect((await client.next()).topic).toBe(`unconfirmedAdded/${b.address}`);
    chain.harvest();
    expect((await server.get(`/transactionStatus/${bonded.hash}`)).body.group).toBe('confirmed');
  });

  it('removes a cosignatory with minRemoval approvals (fewer than minApproval)', async () => {
    await start();
    await makeMultisig(a, [b, c], 2, 1);
    await confirm(server, modify(b, a, { remove: [c], minApproval: -1 }));
    expect((await entryOf(a)).body.multisig).toMatchObject({ minApproval: 1, minRemoval: 1, cosignatoryAddresses: [b.addressHex] });
    expect((await entryOf(c)).status).toBe(404);
  });

  it('walks nested multisig accounts: the cosignatory of a multisig cosignatory approves for it', async () => {
    await start();
    await makeMultisig(a, [b], 1, 1);
    // c becomes multisig with a as its cosignatory: a opts in through b.
    await confirm(server, modify(c, c, { add: [a], minApproval: 1, minRemoval: 1 }, [b]));
    const before = chain.ledger.balance(e.addressHex, chain.currency.mosaicId);
    await confirm(server, aggregate(chain, 'complete', b, [embeddedTransfer(chain, c, e, 2_000_000n)]));
    expect(chain.ledger.balance(e.addressHex, chain.currency.mosaicId)).toBe(before + 2_000_000n);
    // a itself may not approve for c: only its cosignatory b may.
    expect(await announce(aggregate(chain, 'complete', d, [embeddedTransfer(chain, c, e, 1n)], { cosigners: [a] }), d)).toBe('Failure_Aggregate_Ineligible_Cosignatories');
  });
});
