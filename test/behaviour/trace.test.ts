/**
 * `GET /dev/transactions/{hash}/trace` and `chain.dev.trace(hash)`: why a transaction failed (the
 * rule, the inner transaction, the values compared, the entries read) and what a confirmed one
 * changed, read over HTTP and held against what the chain's other routes say.
 */
import { Network, SymbolFacade } from 'symbol-sdk/symbol';
import { afterEach, describe, expect, it } from 'vitest';
import type { TransactionTraceDTO } from '../../src/backend/dev.js';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import type { InMemoryChainOptions } from '../../src/memory/options.js';
import { lockFunds } from '../support/announce.js';
import { POSTGRES_BACKEND } from '../support/postgres-mount.js';
import { startGateway, testChain, type TestServer } from '../support/server.js';
import { Client } from '../support/ws-client.js';
import { aggregate, cosign, embeddedTransfer, flipByte, hashOfPayload, OFFSET, transfer, type Signed } from '../support/signing.js';

type Server = TestServer & { chain: InMemoryChain };

const JSON_HEADERS = { 'content-type': 'application/json' };
let server: Server | undefined;

async function start(options: InMemoryChainOptions = {}, dev = true): Promise<Server> {
  server = await startGateway({ backend: testChain(options), dev });
  return server;
}
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function announce(...transactions: (Signed | string)[]): Promise<void> {
  for (const transaction of transactions) {
    const body = typeof transaction === 'string' ? JSON.stringify({ payload: transaction }) : transaction.body;
    expect((await server!.request('PUT', '/transactions', { body, headers: JSON_HEADERS })).status).toBe(202);
  }
  server!.chain.processAnnounced();
}

/** The trace over HTTP, checked to be what `chain.dev.trace` answers. */
async function trace(hash: string): Promise<TransactionTraceDTO> {
  const reply = await server!.request('GET', `/dev/transactions/${hash}/trace`, { spec: false });
  expect(reply.status).toBe(200);
  expect(reply.body).toEqual(JSON.parse(JSON.stringify(server!.chain.dev.trace(hash))));
  return reply.body;
}

/** An account's balance of the currency, as `/accounts` reads it. */
async function currency(address: string): Promise<bigint> {
  const { body } = await server!.get(`/accounts/${address}`);
  const mosaic = body.account.mosaics.find((entry: { id: string }) => entry.id === server!.chain.currency.mosaicId);
  return BigInt(mosaic?.amount ?? 0);
}

describe('transaction traces', () => {
  it('names the rule that refused a transfer, the values it compared and the entry it read', async () => {
    const { chain } = await start();
    const [sender, recipient] = chain.fundedAccounts;
    const balance = await currency(sender.address.toString());
    const spend = transfer(chain, sender, recipient, { amount: balance + 1n });
    await announce(spend);

    const traced = await trace(spend.hash);
    expect([traced.group, traced.code, traced.kept]).toEqual(['failed', 'Failure_Core_Insufficient_Balance', true]);
    const failure = traced.failure!;
    expect(failure).toMatchObject({ code: 'Failure_Core_Insufficient_Balance', stage: 'stateful', rule: 'validateTransferBalance', innerIndex: null });
    expect(failure.values).toEqual({
      address: sender.addressHex,
      mosaicId: chain.currency.mosaicId,
      balance: balance.toString(),
      amount: (balance + 1n).toString(),
    });
    // The notification it refused is the transfer's, and the rule read the sender's account (through the currency's alias).
    const refused = traced.notifications[failure.notification!];
    expect([refused.type, refused.innerIndex, refused.payload.amount]).toEqual(['balanceTransfer', null, (balance + 1n).toString()]);
    expect(failure.reads.map(({ cache }) => cache)).toEqual(['namespaces', 'accounts']);
    expect((failure.reads[1].entry as { balances: Record<string, string> }).balances[chain.currency.mosaicId]).toBe(balance.toString());
    // Every notification the transaction raises, in order: its basic ones first, the fee's debit last.
    expect(traced.notifications.map(({ type }) => type)).toEqual([
      'accountPublicKey', 'entity', 'transaction', 'transactionDeadline', 'transactionFee',
      'accountAddress', 'addressInteraction', 'balanceTransfer', 'transferMessage', 'transferMosaics', 'balanceDebit',
    ]);
    expect(traced.notifications.map(({ index }) => index)).toEqual(traced.notifications.map((_, index) => index));
    expect(traced.notifications.at(-1)).toMatchObject({ publication: 'basic', innerIndex: null });
    expect(traced.notifications.find(({ type }) => type === 'transferMosaics')!.payload).toEqual({ unresolvedMosaicIds: ['E74B99BA41F4AFEE'] });
  });

  it('names the inner transaction of an aggregate that failed', async () => {
    const { chain } = await start();
    const [signer, cosigner, recipient] = chain.fundedAccounts;
    const balance = await currency(cosigner.address.toString());
    const bundle = aggregate(chain, 'complete', signer, [embeddedTransfer(chain, signer, recipient), embeddedTransfer(chain, cosigner, recipient, balance * 2n)], { cosigners: [cosigner] });
    await announce(bundle);

    const { failure, notifications } = await trace(bundle.hash);
    expect(failure).toMatchObject({ code: 'Failure_Core_Insufficient_Balance', rule: 'validateTransferBalance', innerIndex: 1 });
    expect(failure!.values).toMatchObject({ balance: balance.toString(), amount: (balance * 2n).toString() });
    expect(notifications[failure!.notification!]).toMatchObject({ type: 'balanceTransfer', innerIndex: 1, publication: 'custom' });
    // The inner transactions' notifications carry their index; the aggregate's own carry none.
    expect(notifications.filter(({ type }) => type === 'aggregateEmbeddedTransaction').map(({ innerIndex }) => innerIndex)).toEqual([0, 1]);
    expect(notifications.filter(({ type }) => type === 'aggregateCosignatures').map(({ innerIndex }) => innerIndex)).toEqual([null]);
  });

  it('lists the balances and entries a confirmed transaction changed, as the accounts read before and after', async () => {
    const { chain } = await start();
    const [sender, recipient] = chain.fundedAccounts;
    const addresses = [sender, recipient].map((account) => account.address.toString());
    const before = await Promise.all(addresses.map(currency));
    const payment = transfer(chain, sender, recipient, { amount: 1_234_567n });
    await announce(payment);
    chain.harvest();
    const after = await Promise.all(addresses.map(currency));

    const traced = await trace(payment.hash);
    const { meta } = (await server!.get(`/transactions/confirmed/${payment.hash}`)).body;
    expect([traced.group, traced.code, traced.height, traced.kept]).toEqual(['confirmed', 'Success', meta.height, true]);
    expect(traced.failure).toBeUndefined();
    const hexOf = (account: typeof sender) => account.addressHex;
    expect(traced.balances).toEqual([
      { address: hexOf(sender), mosaicId: chain.currency.mosaicId, before: before[0].toString(), after: after[0].toString() },
      { address: hexOf(recipient), mosaicId: chain.currency.mosaicId, before: before[1].toString(), after: after[1].toString() },
    ]);
    // The sender paid the amount and the fee the block charged (its multiplier × the transaction's size).
    const { body: block } = await server!.get(`/blocks/${meta.height}`);
    expect(before[0] - after[0]).toBe(1_234_567n + BigInt(block.block.feeMultiplier) * BigInt(payment.payload.length / 2));
    expect(traced.changes!.map(({ cache, key }) => `${cache} ${key}`)).toEqual([`accounts ${hexOf(sender)}`, `accounts ${hexOf(recipient)}`]);
    // The signer's public key became known with this transaction.
    expect(traced.changes![0].before).not.toHaveProperty('publicKey');
    expect(traced.changes![0].after).toMatchObject({ publicKey: sender.publicKey, publicKeyHeight: meta.height });
    expect(traced.notifications.find(({ type }) => type === 'transactionFee')!.payload.fee).toBe((before[0] - after[0] - 1_234_567n).toString());
  });

  it('shows a confirmed transaction\'s receipts and the entries it added', async () => {
    const { chain } = await start({ rules: { minNamespaceDuration: 10n } });
    const [owner] = chain.fundedAccounts;
    const registration = chain.facade.transactionFactory.create({
      type: 'namespace_registration_transaction_v1',
      signerPublicKey: owner.keyPair.publicKey,
      fee: 1_000_000n,
      deadline: chain.networkTime() + 3_600_000n,
      registrationType: 'root',
      duration: 30n,
      name: 'traced',
    });
    const signature = chain.facade.signTransaction(owner.keyPair, registration);
    const body = chain.facade.transactionFactory.static.attachSignature(registration, signature);
    const hash = chain.facade.hashTransaction(registration).toString();
    await announce(JSON.parse(body).payload);
    chain.harvest();

    const traced = await trace(hash);
    expect([traced.group, traced.code]).toEqual(['confirmed', 'Success']);
    // Its rental fee: a balance transfer receipt to the namespace sink, whose balance it raised by as much.
    expect(traced.receipts).toHaveLength(1);
    const [receipt] = traced.receipts!;
    expect(receipt).toMatchObject({ kind: 'balanceTransfer', source: { primaryId: 1, secondaryId: 0 } });
    const sink = traced.balances!.find(({ address }) => address === receipt.recipientAddress)!;
    expect(BigInt(sink.after) - BigInt(sink.before)).toBe(BigInt(receipt.amount as string));
    const added = traced.changes!.find(({ cache }) => cache === 'namespaces')!;
    expect(added.before).toBeNull();
    expect(added.after).toMatchObject({ name: 'traced', ownerAddress: owner.addressHex });
  });

  it('tells a rule that needs no state, a bad signature and a waiting transaction apart', async () => {
    const { chain } = await start();
    const [sender, recipient] = chain.fundedAccounts;
    const mainnet = transfer(chain, sender, recipient, { facade: new SymbolFacade(Network.MAINNET) });
    const forged = transfer(chain, sender, recipient, { amount: 7n });
    const forgedPayload = flipByte(forged.payload, OFFSET.signature);
    const waiting = transfer(chain, sender, recipient, { amount: 8n });
    await announce(mainnet, forgedPayload, waiting);

    const wrongNetwork = await trace(hashOfPayload(chain, mainnet.payload));
    // What it compared: the transaction's network (its notification's) with the chain's.
    expect(wrongNetwork.failure).toEqual({
      code: 'Failure_Core_Wrong_Network', stage: 'stateless', rule: 'validateNetwork', notification: 1, innerIndex: null, values: { 'network.identifier': 152 }, reads: [],
    });
    expect(wrongNetwork.notifications[wrongNetwork.failure!.notification!]).toMatchObject({ type: 'entity', payload: { network: 104 } });

    // A rule that compares with the network's rules names the rule it read.
    const long = transfer(chain, sender, recipient, { message: 'x'.repeat(chain.rules.maxMessageSize) });
    await announce(long);
    const tooLong = await trace(long.hash);
    expect(tooLong.failure).toMatchObject({ code: 'Failure_Transfer_Message_Too_Large', stage: 'stateless', rule: 'validateMessageSize', values: { maxMessageSize: chain.rules.maxMessageSize } });
    expect(tooLong.notifications[tooLong.failure!.notification!].payload).toEqual({ size: chain.rules.maxMessageSize + 1 });

    const badSignature = await trace(hashOfPayload(chain, forgedPayload));
    expect(badSignature.failure).toEqual({ code: 'Failure_Signature_Not_Verifiable', stage: 'signature', rule: 'verifySignatures', notification: null, innerIndex: null, values: {}, reads: [] });

    const unconfirmed = await trace(waiting.hash);
    expect([unconfirmed.group, unconfirmed.code, unconfirmed.failure, unconfirmed.balances]).toEqual(['unconfirmed', 'Success', undefined, undefined]);
    expect(unconfirmed.notifications.find(({ type }) => type === 'balanceTransfer')!.payload.amount).toBe('8');
  });

  it('explains a deadline that passed while the transaction waited', async () => {
    const { chain } = await start();
    const [sender, recipient] = chain.fundedAccounts;
    const late = transfer(chain, sender, recipient, { deadline: chain.networkTime() + 60_000n });
    await announce(late);
    chain.dev.advanceTime(120_000, { blocks: false });
    chain.harvest();

    const traced = await trace(late.hash);
    expect(traced.code).toBe('Failure_Core_Past_Deadline');
    expect(traced.failure).toEqual({
      code: 'Failure_Core_Past_Deadline',
      stage: 'pool',
      rule: 'its deadline passed while it waited in the unconfirmed pool',
      notification: null,
      innerIndex: null,
      values: { deadline: late.transaction.deadline.value.toString(), networkTime: expect.any(String) },
      reads: [],
    });
    expect(BigInt(traced.failure!.values.networkTime as string)).toBeGreaterThan(late.transaction.deadline.value);
    expect(traced.notifications.find(({ type }) => type === 'transactionDeadline')!.payload.deadline).toBe(late.transaction.deadline.value.toString());
  });

  it('explains an aggregate bonded refused as it entered the partial pool, and a cosignature refused while it waits', async () => {
    const { chain } = await start();
    const [a, b, c, d, stranger] = chain.fundedAccounts;
    // No hash lock: refused by the rules of its basic notifications, on entering the partial pool.
    const unlocked = aggregate(chain, 'bonded', a, [embeddedTransfer(chain, a, c), embeddedTransfer(chain, b, d)]);
    expect((await server!.request('PUT', '/transactions/partial', { body: unlocked.body, headers: JSON_HEADERS })).status).toBe(202);
    chain.processAnnounced();
    const refused = await trace(unlocked.hash);
    expect(refused.group).toBe('failed');
    expect(refused.failure).toMatchObject({ stage: 'partial', code: 'Failure_LockHash_Unknown_Hash', rule: 'validateAggregateHashPresent', innerIndex: null });
    expect(refused.failure!.reads).toEqual([{ cache: 'hashLocks', key: unlocked.hash, entry: null }]);
    expect(refused.notifications[refused.failure!.notification!].publication).toBe('basic');

    const bonded = aggregate(chain, 'bonded', a, [embeddedTransfer(chain, a, c), embeddedTransfer(chain, b, d)], { deadline: chain.networkTime() + 3_000_000n });
    lockFunds(chain, a, bonded);
    expect((await server!.request('PUT', '/transactions/partial', { body: bonded.body, headers: JSON_HEADERS })).status).toBe(202);
    chain.processAnnounced();
    const waiting = await trace(bonded.hash);
    expect([waiting.group, waiting.failure]).toEqual(['partial', undefined]);
    expect((await server!.request('PUT', '/transactions/cosignature', { body: JSON.stringify(cosign(chain, stranger, bonded)), headers: JSON_HEADERS })).status).toBe(202);
    chain.processAnnounced();
    const cosigned = await trace(bonded.hash);
    expect([cosigned.group, cosigned.code]).toEqual(['partial', 'Success']);
    expect(cosigned.failure).toMatchObject({ code: 'Failure_Aggregate_Ineligible_Cosignatories', stage: 'cosigners', rule: 'validateEligibleCosigners' });
    // The rule compared who cosigned with who may: the stranger may not.
    expect(cosigned.failure!.values).toEqual({ ineligible: [stranger.addressHex], eligible: [a.addressHex, b.addressHex] });
    expect(cosigned.notifications[cosigned.failure!.notification!].type).toMatch(/^aggregate/);
  });

  it('says a transaction of a type no plugin knows was refused before any rule', async () => {
    const { chain } = await start();
    const [sender, recipient] = chain.fundedAccounts;
    const bytes = Buffer.from(transfer(chain, sender, recipient).transaction.serialize());
    bytes.writeUInt16LE(0x4fff, OFFSET.type);
    const client = await Client.connect(server!.wsUrl);
    await client.subscribe(`status/${sender.address}`);
    await announce(bytes.toString('hex').toUpperCase());
    const frame = await client.next();
    client.socket.terminate();
    const traced = await trace(frame.data.hash);
    expect([traced.group, traced.code, traced.notifications]).toEqual(['failed', 'Failure', []]);
    expect(traced.failure).toMatchObject({ stage: 'envelope', rule: 'a transaction type no plugin knows', notification: null });
  });

  it('answers 404 for a hash the chain does not know, 409 for one that is no hash, and is absent without dev', async () => {
    await start();
    const unknown = await server!.request('GET', `/dev/transactions/${'AB'.repeat(32)}/trace`);
    expect([unknown.status, unknown.body.code]).toEqual([404, 'ResourceNotFound']);
    expect(unknown.body.message).toContain('AB'.repeat(32));
    const bad = await server!.request('GET', '/dev/transactions/XYZ/trace');
    expect([bad.status, bad.body.code]).toEqual([409, 'InvalidArgument']);
    await server!.close();

    await start({}, false);
    expect((await server!.request('GET', `/dev/transactions/${'AB'.repeat(32)}/trace`)).status).toBe(404);
    expect(() => server!.chain.dev.trace('XYZ')).toThrow('hash must be 64 hex');
  });

  it('keeps the traces of the latest `traces` transactions only, and none with 0', async () => {
    const { chain } = await start({ traces: 2 });
    const [sender, recipient] = chain.fundedAccounts;
    const payments = [1n, 2n, 3n].map((amount) => transfer(chain, sender, recipient, { amount }));
    await announce(...payments);
    chain.harvest();
    const kept = await Promise.all(payments.map(async (payment) => (await trace(payment.hash)).kept));
    expect(kept).toEqual([false, true, true]);
    const forgotten = await trace(payments[0].hash);
    expect([forgotten.group, forgotten.code, forgotten.notifications, forgotten.balances]).toEqual(['confirmed', 'Success', [], undefined]);
    await server!.close();

    const { chain: untraced } = await start({ traces: 0 });
    const [poor, rich] = untraced.fundedAccounts;
    const failing = transfer(untraced, poor, rich, { amount: 10n ** 18n });
    await announce(failing);
    const traced = await trace(failing.hash);
    expect([traced.group, traced.code, traced.kept, traced.failure]).toEqual(['failed', 'Failure_Core_Insufficient_Balance', false, undefined]);
    expect(() => testChain({ traces: -1 })).toThrow('traces must be a non-negative integer');
  });

  // A chain a PostgreSQL writer follows refuses snapshots (they rewrite history).
  it.skipIf(POSTGRES_BACKEND)('shows no record of a block a snapshot\'s revert undid', async () => {
    const { chain } = await start();
    const [sender, recipient] = chain.fundedAccounts;
    const payment = transfer(chain, sender, recipient);
    const { id } = chain.dev.snapshot();
    await announce(payment);
    chain.harvest();
    expect((await trace(payment.hash)).group).toBe('confirmed');
    chain.dev.revert(id);
    expect((await server!.request('GET', `/dev/transactions/${payment.hash}/trace`)).status).toBe(404);
    // Announced again and confirmed in another block: the record is the new one.
    await announce(payment);
    chain.dev.mine(2);
    const again = await trace(payment.hash);
    expect([again.group, again.kept, again.height]).toEqual(['confirmed', true, (await server!.get(`/transactionStatus/${payment.hash}`)).body.height]);
  });
});
