/**
 * The transaction state table of the gateway interface (section 3), end to end: real
 * HTTP announces, real WebSocket subscriptions (always made before acting), and the
 * in-memory chain harvesting on demand on a fixed clock.
 */
import { createHash } from 'node:crypto';
import { SymbolFacade } from 'symbol-sdk/symbol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChainAccount } from '../../src/memory/chain/identity.js';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { lockFunds, unfundedAccount } from '../support/announce.js';
import { startGateway, testChain } from '../support/server.js';
import {
  OFFSET,
  aggregate,
  cosign,
  embeddedTransfer,
  flipByte,
  hashOfPayload,
  sign,
  sizeWithCosignatures,
  transfer,
  type Signed,
} from '../support/signing.js';
import { Client, openSockets } from '../support/ws-client.js';

type Server = Awaited<ReturnType<typeof startGateway>>;

const JSON_HEADERS = { 'content-type': 'application/json' };
const ACCEPTED = 'packet 9 was pushed to the network via /transactions';

function sha3(...parts: (string | Buffer)[]): string {
  const hash = createHash('sha3-256');
  for (const part of parts) hash.update(typeof part === 'string' ? Buffer.from(part, 'hex') : part);
  return hash.digest('hex').toUpperCase();
}

describe('transaction lifecycle over HTTP and WebSocket (the state table)', () => {
  let server: Server;
  let chain: InMemoryChain;
  let a: ChainAccount;
  let b: ChainAccount;
  let c: ChainAccount;
  let d: ChainAccount;

  /** Announces, then has the chain check what waits in its inbound queue (as it does `announceDelay` ms after the 202). */
  const put = async (path: string, body: string | object) => {
    const reply = await server.request('PUT', path, {
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: JSON_HEADERS,
      // The seed's singular route is not in the OpenAPI document.
      spec: path !== '/transaction',
    });
    chain.processAnnounced();
    return reply;
  };

  async function connect(...topics: string[]): Promise<Client> {
    const client = await Client.connect(server.wsUrl);
    await client.subscribe(...topics);
    return client;
  }

  async function frames(client: Client, count: number): Promise<any[]> {
    const received = [];
    for (let i = 0; i < count; i++) received.push(await client.next());
    return received;
  }

  /** Every frame the server sent before now has arrived, and none is left unread. */
  async function expectNoMoreFrames(...clients: Client[]): Promise<void> {
    for (const client of clients) {
      await client.sync();
      expect(client.pending).toBe(0);
    }
  }

  const unconfirmed = async () => (await server.get('/transactions/unconfirmed')).body.data;
  const partial = async () => (await server.get('/transactions/partial')).body.data;
  const status = async (hash: string) => (await server.get(`/transactionStatus/${hash}`)).body;

  /** Serves a gateway over `chainToUse`, closing the one a test had before. */
  async function start(chainToUse = testChain()): Promise<void> {
    await server?.close();
    server = await startGateway({ backend: chainToUse });
    chain = server.chain;
    [a, b, c, d] = chain.fundedAccounts;
  }

  beforeEach(() => start());
  afterEach(async () => {
    for (const socket of openSockets.splice(0)) socket.terminate();
    await server.close();
  });

  describe('announce like a node: the checks run after the 202', () => {
    // Without the test's processAnnounced(): what a client sees.
    const announce = (path: string, body: string | object) =>
      server.request('PUT', path, { body: typeof body === 'string' ? body : JSON.stringify(body), headers: JSON_HEADERS });

    it('answers 202 to a transfer with a bad signature, and reports Failure_Signature_Not_Verifiable to a client that subscribes only after the 202', async () => {
      await start(testChain({ announceDelay: 300 }));
      const client = await Client.connect(server.wsUrl);
      const tampered = flipByte(transfer(chain, a, b).payload, OFFSET.signature);
      const reply = await announce('/transactions', { payload: tampered });
      expect(reply.status).toBe(202);
      expect((await server.get(`/transactionStatus/${hashOfPayload(chain, tampered)}`, { spec: false })).status).toBe(404);
      await client.subscribe(`status/${a.address}`);
      const [failed] = await frames(client, 1);
      expect(failed.data).toMatchObject({ hash: hashOfPayload(chain, tampered), code: 'Failure_Signature_Not_Verifiable' });
      expect(await status(hashOfPayload(chain, tampered))).toMatchObject({ group: 'failed', code: 'Failure_Signature_Not_Verifiable' });
    });

    it('admits a valid transfer announceDelay ms after the 202, with no harvest', async () => {
      await start(testChain({ announceDelay: 20 }));
      const client = await connect(`unconfirmedAdded/${a.address}`);
      const signed = transfer(chain, a, b);
      expect((await announce('/transactions', signed.body)).status).toBe(202);
      const [added] = await frames(client, 1);
      expect(added.data.meta.hash).toBe(signed.hash);
    });

    it('checks what waits, in arrival order, before it harvests: a partial, its cosignature, then a transfer, all in one block', async () => {
      await start(testChain({ announceDelay: 60_000 }));
      const bonded = aggregate(chain, 'bonded', a, [embeddedTransfer(chain, a, c), embeddedTransfer(chain, b, d)]);
      lockFunds(chain, a, bonded);
      const plain = transfer(chain, c, d);
      for (const [path, body] of [['/transactions/partial', bonded.body], ['/transactions/cosignature', cosign(chain, b, bonded)], ['/transactions', plain.body]] as const) {
        expect((await announce(path, body)).status).toBe(202);
      }
      expect(await unconfirmed()).toEqual([]);
      const block = chain.harvest();
      expect(block.meta.transactionsCount).toBe(2);
      expect(await status(bonded.hash)).toMatchObject({ group: 'confirmed', height: block.block.height });
      expect(await status(plain.hash)).toMatchObject({ group: 'confirmed', height: block.block.height });
    });

    it('still answers 409 at once to a payload that is no transaction, and to an aggregate complete announced as partial', async () => {
      expect((await announce('/transactions', { payload: 'ABCD' })).status).toBe(409);
      const complete = aggregate(chain, 'complete', a, [embeddedTransfer(chain, a, c)]);
      const reply = await announce('/transactions/partial', complete.body);
      expect(reply.status).toBe(409);
      expect(reply.body.message).toBe('only aggregate bonded transactions can be announced as partial');
    });

    it('refuses an announceDelay that is not a non-negative integer', () => {
      for (const announceDelay of [-1, 1.5, Number.NaN]) expect(() => testChain({ announceDelay })).toThrow('announceDelay must be a non-negative integer');
    });
  });

  describe('a failed transaction announced again', () => {
    it('is admitted once it is valid, and its status is no longer failed', async () => {
      const newcomer = unfundedAccount(chain, 'newcomer');
      const spend = transfer(chain, newcomer, b, { amount: 1_000_000n, fee: 0n });
      expect((await put('/transactions', spend.body)).status).toBe(202);
      expect(await status(spend.hash)).toMatchObject({ group: 'failed', code: 'Failure_Core_Insufficient_Balance' });

      await put('/transactions', transfer(chain, a, newcomer, { amount: 5_000_000n }).body);
      chain.harvest();
      expect((await put('/transactions', spend.body)).status).toBe(202);
      expect(await status(spend.hash)).toMatchObject({ group: 'unconfirmed', code: 'Success' });
    });
  });

  describe('announced → unconfirmed → confirmed', () => {
    it('answers PUT /transactions with 202 {message} and sends unconfirmedAdded to the signer and the recipient with the hash the SDK computed', async () => {
      const signer = await connect(`unconfirmedAdded/${a.address}`);
      const recipient = await connect(`unconfirmedAdded/${b.address}`);
      const bystander = await connect(`unconfirmedAdded/${c.address}`);
      const signed = transfer(chain, a, b);

      const reply = await put('/transactions', signed.body);
      expect(reply.status).toBe(202);
      expect(reply.body).toEqual({ message: ACCEPTED });

      const [toSigner] = await frames(signer, 1);
      const [toRecipient] = await frames(recipient, 1);
      expect(toSigner.topic).toBe(`unconfirmedAdded/${a.address}`);
      expect(toRecipient.topic).toBe(`unconfirmedAdded/${b.address}`);
      expect(toRecipient.data).toEqual(toSigner.data);
      expect(Object.keys(toSigner.data).sort()).toEqual(['meta', 'transaction']);
      expect(toSigner.data.meta).toMatchObject({ hash: signed.hash, merkleComponentHash: signed.hash, height: '0' });
      expect(toSigner.data.transaction).toMatchObject({
        signerPublicKey: a.publicKey,
        recipientAddress: b.addressHex,
        type: 16724,
        maxFee: '1000000',
        mosaics: [{ id: 'E74B99BA41F4AFEE', amount: '1000000' }],
      });
      // The notification carries the transaction the REST API now serves as unconfirmed.
      const rest = await server.get(`/transactions/unconfirmed/${signed.hash}`);
      expect(rest.status).toBe(200);
      expect(toSigner.data.transaction).toEqual(rest.body.transaction);
      await expectNoMoreFrames(signer, recipient, bystander);
    });

    it('on harvest sends unconfirmedRemoved, then confirmedAdded with the new height, then block', async () => {
      const signed = transfer(chain, a, b);
      const client = await connect(`unconfirmedAdded/${a.address}`, `unconfirmedRemoved/${a.address}`, `confirmedAdded/${a.address}`, 'block');
      await put('/transactions', signed.body);
      const [added] = await frames(client, 1);
      expect(added.topic).toBe(`unconfirmedAdded/${a.address}`);

      const block = chain.harvest();
      const [removed, confirmed, blockFrame] = await frames(client, 3);
      expect(removed).toEqual({ topic: `unconfirmedRemoved/${a.address}`, data: { meta: { hash: signed.hash } } });
      expect(confirmed.topic).toBe(`confirmedAdded/${a.address}`);
      expect(confirmed.data.meta).toMatchObject({ hash: signed.hash, merkleComponentHash: signed.hash, height: block.block.height });
      expect(block.block.height).toBe('2');
      expect(confirmed.data.transaction).toEqual(added.data.transaction);
      expect(blockFrame).toEqual({ topic: 'block', data: { block: block.block, meta: { hash: block.meta.hash, generationHash: block.meta.generationHash } } });
      await expectNoMoreFrames(client);

      expect(await unconfirmed()).toEqual([]);
      const rest = await server.get(`/transactions/confirmed/${signed.hash}`);
      expect(rest.body.meta).toMatchObject({ height: '2', hash: signed.hash, index: 0 });
      expect(await status(signed.hash)).toEqual({ group: 'confirmed', code: 'Success', hash: signed.hash, deadline: rest.body.transaction.deadline, height: '2' });
    });

    it('notifies the recipient of the confirmation too', async () => {
      const signed = transfer(chain, a, b);
      await put('/transactions', signed.body);
      const client = await connect(`unconfirmedRemoved/${b.address}`, `confirmedAdded/${b.address}`);
      chain.harvest();
      const [removed, confirmed] = await frames(client, 2);
      expect(removed.topic).toBe(`unconfirmedRemoved/${b.address}`);
      expect(confirmed.topic).toBe(`confirmedAdded/${b.address}`);
      expect(confirmed.data.meta.hash).toBe(signed.hash);
    });

    it("accepts the seed's singular PUT /transaction the same way", async () => {
      const client = await connect(`unconfirmedAdded/${a.address}`, `confirmedAdded/${b.address}`);
      const signed = transfer(chain, a, b);
      const reply = await put('/transaction', signed.body);
      expect(reply.status).toBe(202);
      expect(typeof reply.body.message).toBe('string');
      const [added] = await frames(client, 1);
      expect(added.data.meta).toMatchObject({ hash: signed.hash, height: '0' });
      chain.harvest();
      const [confirmed] = await frames(client, 1);
      expect(confirmed.topic).toBe(`confirmedAdded/${b.address}`);
      expect(confirmed.data.meta).toMatchObject({ hash: signed.hash, height: '2' });
    });

    it('ignores a transaction announced again while unconfirmed: one unconfirmedAdded, one entry', async () => {
      const client = await connect(`unconfirmedAdded/${a.address}`);
      const signed = transfer(chain, a, b);
      await put('/transactions', signed.body);
      expect((await put('/transactions', signed.body)).status).toBe(202);
      await frames(client, 1);
      await expectNoMoreFrames(client);
      expect((await unconfirmed()).map((entry: any) => entry.meta.hash)).toEqual([signed.hash]);
    });

    it('confirms several transactions in announce order, and the block transactionsHash is their Merkle root', async () => {
      const signed = [transfer(chain, a, b), transfer(chain, b, c), transfer(chain, c, d)];
      for (const each of signed) await put('/transactions', each.body);
      const block = chain.harvest();
      const confirmed = await server.get('/transactions/confirmed?height=2&order=asc');
      expect(confirmed.body.data.map((entry: any) => [entry.meta.hash, entry.meta.index])).toEqual(signed.map((each, index) => [each.hash, index]));
      // Catapult's Merkle tree: pairs hashed with SHA3-256, an odd last one paired with itself.
      const [h0, h1, h2] = signed.map((each) => each.hash);
      expect(block.block.transactionsHash).toBe(sha3(sha3(h0, h1), sha3(h2, h2)));
      expect(block.meta).toMatchObject({ transactionsCount: 3, totalTransactionsCount: 3 });
    });
  });

  describe('rejections → status/{signer address}, nothing unconfirmed', () => {
    const cases: { name: string; code: string; build: () => { payload: string; hash: string; deadline: bigint } }[] = [
      {
        name: 'a signature that does not verify',
        code: 'Failure_Signature_Not_Verifiable',
        build: () => {
          const signed = transfer(chain, a, b);
          const payload = flipByte(signed.payload, OFFSET.signature + 10);
          return { payload, hash: hashOfPayload(chain, payload), deadline: BigInt(signed.transaction.deadline.value) };
        },
      },
      {
        name: 'a signed byte (the max fee) changed after signing',
        code: 'Failure_Signature_Not_Verifiable',
        build: () => {
          const signed = transfer(chain, a, b);
          const payload = flipByte(signed.payload, OFFSET.maxFee);
          return { payload, hash: hashOfPayload(chain, payload), deadline: BigInt(signed.transaction.deadline.value) };
        },
      },
      {
        name: 'the last byte of the body changed after signing',
        code: 'Failure_Signature_Not_Verifiable',
        build: () => {
          const signed = transfer(chain, a, b);
          const payload = flipByte(signed.payload, signed.payload.length / 2 - 1);
          return { payload, hash: hashOfPayload(chain, payload), deadline: BigInt(signed.transaction.deadline.value) };
        },
      },
      {
        name: 'a deadline in the past',
        code: 'Failure_Core_Past_Deadline',
        build: () => {
          const deadline = chain.networkTime() - 1_000n;
          const signed = transfer(chain, a, b, { deadline });
          return { ...signed, deadline };
        },
      },
      {
        name: 'a deadline more than 6 hours ahead',
        code: 'Failure_Core_Future_Deadline',
        build: () => {
          const deadline = chain.networkTime() + 7n * 3_600_000n;
          return { ...transfer(chain, a, b, { deadline }), deadline };
        },
      },
      {
        name: 'a transaction signed for another network (mainnet)',
        code: 'Failure_Core_Wrong_Network',
        build: () => {
          const deadline = chain.networkTime() + 3_600_000n;
          const signed = transfer(chain, a, b, { deadline, facade: new SymbolFacade('mainnet') });
          // The node hashes with its own generation hash seed, not the wallet's.
          return { payload: signed.payload, hash: hashOfPayload(chain, signed.payload), deadline };
        },
      },
      {
        name: 'an amount over the balance (1 000 000 XYM + 1 µXYM)',
        code: 'Failure_Core_Insufficient_Balance',
        build: () => {
          const deadline = chain.networkTime() + 3_600_000n;
          return { ...transfer(chain, a, b, { deadline, amount: 1_000_000_000_001n, mosaicId: BigInt(`0x${chain.currency.mosaicId}`) }), deadline };
        },
      },
      {
        name: 'a fee over the balance',
        code: 'Failure_Core_Insufficient_Balance',
        build: () => {
          const deadline = chain.networkTime() + 3_600_000n;
          return { ...transfer(chain, a, b, { deadline, amount: 0n, fee: 1_000_000_000_001n }), deadline };
        },
      },
    ];

    it.each(cases)('rejects $name with $code', async ({ code, build }) => {
      const signerClient = await connect(`status/${a.address}`, `unconfirmedAdded/${a.address}`);
      const recipientClient = await connect(`unconfirmedAdded/${b.address}`);
      const bystander = await connect(`status/${c.address}`);
      const { payload, hash, deadline } = build();

      const reply = await put('/transactions', { payload });
      expect(reply.status).toBe(202);
      const [frame] = await frames(signerClient, 1);
      expect(frame).toEqual({ topic: `status/${a.address}`, data: { hash, code, deadline: deadline.toString() } });
      await expectNoMoreFrames(signerClient, recipientClient, bystander);

      expect(await unconfirmed()).toEqual([]);
      expect(await status(hash)).toEqual({ group: 'failed', code, hash, deadline: deadline.toString() });
      // A harvest afterwards confirms nothing of it.
      chain.harvest();
      expect((await server.get(`/transactions/confirmed/${hash}`)).status).toBe(404);
    });

    // Catapult's ZeroMqEntityPublisher::publishTransactionStatus publishes to every address
    // ExtractAddresses finds (signer, recipients, ...), and the spec's status/{address} is
    // "a transaction related to the address"; the in-memory chain tells the signer only.
    it('sends the status to the recipient’s status channel too', async () => {
      const client = await connect(`status/${b.address}`);
      const signed = transfer(chain, a, b, { amount: 1_000_000_000_001n, mosaicId: BigInt(`0x${chain.currency.mosaicId}`) });
      await put('/transactions', signed.body);
      const [frame] = await frames(client, 1);
      expect(frame).toEqual({
        topic: `status/${b.address}`,
        data: { hash: signed.hash, code: 'Failure_Core_Insufficient_Balance', deadline: signed.transaction.deadline.value.toString() },
      });
    });

    it('rejects a whole transaction of an unknown type (0x4FFF) with code Failure, hashed as a node hashes any entity', async () => {
      const client = await connect(`status/${a.address}`, `unconfirmedAdded/${a.address}`);
      const signed = transfer(chain, a, b);
      const bytes = Buffer.from(signed.payload, 'hex');
      bytes.writeUInt16LE(0x4fff, OFFSET.type);
      // SHA3-256(signature ‖ signer public key ‖ generation hash seed ‖ everything after the verifiable header).
      const hash = sha3(bytes.subarray(8, 72), bytes.subarray(72, 104), Buffer.from(chain.options.generationHashSeed, 'hex'), bytes.subarray(108));
      const deadline = signed.transaction.deadline.value.toString();

      const reply = await put('/transactions', { payload: bytes.toString('hex').toUpperCase() });
      expect(reply.status).toBe(202);
      const [frame] = await frames(client, 1);
      expect(frame).toEqual({ topic: `status/${a.address}`, data: { hash, code: 'Failure', deadline } });
      await expectNoMoreFrames(client);
      expect(await unconfirmed()).toEqual([]);
      expect(await status(hash)).toEqual({ group: 'failed', code: 'Failure', hash, deadline });
    });

    // catapult's DeadlineValidator fails only `timestamp > deadline`, and this chain's own
    // expiry keeps a transaction whose deadline equals the block time; announce rejects it.
    it('accepts a deadline exactly at network time now (only a deadline before now is past)', async () => {
      const client = await connect(`unconfirmedAdded/${a.address}`, `status/${a.address}`);
      // The test clock moves 5 s per reading; announce reads it once more to validate.
      const deadline = chain.networkTime() + 5_000n;
      const signed = transfer(chain, a, b, { deadline });
      await put('/transactions', signed.body);
      const [frame] = await frames(client, 1);
      expect(frame.topic).toBe(`unconfirmedAdded/${a.address}`);
    });
  });

  describe('unconfirmed → removed when its deadline passes', () => {
    it('sends unconfirmedRemoved on the next harvest, confirms nothing, and reports Failure_Core_Past_Deadline', async () => {
      const signed = transfer(chain, a, b, { deadline: chain.networkTime() + 20_000n });
      const client = await connect(`unconfirmedAdded/${a.address}`, `unconfirmedRemoved/${a.address}`, `confirmedAdded/${a.address}`, 'block');
      await put('/transactions', signed.body);
      await frames(client, 1);
      for (let i = 0; i < 4; i++) chain.networkTime(); // the test clock passes the deadline

      const block = chain.harvest();
      const [removed, blockFrame] = await frames(client, 2);
      expect(removed).toEqual({ topic: `unconfirmedRemoved/${a.address}`, data: { meta: { hash: signed.hash } } });
      expect(blockFrame.topic).toBe('block');
      expect(BigInt(block.block.timestamp)).toBeGreaterThan(BigInt(signed.transaction.deadline.value));
      expect(block.meta.transactionsCount).toBe(0);
      await expectNoMoreFrames(client);
      expect(await unconfirmed()).toEqual([]);
      expect(await status(signed.hash)).toEqual({
        group: 'failed',
        code: 'Failure_Core_Past_Deadline',
        hash: signed.hash,
        deadline: signed.transaction.deadline.value.toString(),
      });
    });

    it('keeps a transaction whose deadline is still ahead and confirms it', async () => {
      const signed = transfer(chain, a, b, { deadline: chain.networkTime() + 60_000n });
      await put('/transactions', signed.body);
      chain.harvest();
      expect((await status(signed.hash)).group).toBe('confirmed');
    });
  });

  describe('the unconfirmed state: each announce is checked against the unconfirmed transactions before it', () => {
    it('confirms the first of two transfers that together overdraw, and rejects the second at once with Failure_Core_Insufficient_Balance', async () => {
      const poor = unfundedAccount(chain, 'double spender');
      await put('/transactions', transfer(chain, a, poor, { amount: 5_000_000n }).body);
      chain.harvest();
      // Each alone is affordable (amount + max fee ≤ 5 XYM); both are not.
      const first = transfer(chain, poor, b, { amount: 3_000_000n, fee: 100_000n });
      const second = transfer(chain, poor, c, { amount: 3_000_000n, fee: 100_000n, message: 'again' });
      const client = await connect(`unconfirmedAdded/${poor.address}`, `unconfirmedRemoved/${poor.address}`, `confirmedAdded/${poor.address}`, `status/${poor.address}`);
      await put('/transactions', first.body);
      await put('/transactions', second.body);
      const [added, failed] = await frames(client, 2);
      expect(added.data.meta.hash).toBe(first.hash);
      expect(failed).toEqual({
        topic: `status/${poor.address}`,
        data: { hash: second.hash, code: 'Failure_Core_Insufficient_Balance', deadline: second.transaction.deadline.value.toString() },
      });
      expect((await unconfirmed()).map((entry: any) => entry.meta.hash)).toEqual([first.hash]);

      chain.harvest();
      const [removedFirst, confirmedFirst] = await frames(client, 2);
      expect(removedFirst.data.meta.hash).toBe(first.hash);
      expect(confirmedFirst.data.meta.hash).toBe(first.hash);
      expect((await status(second.hash)).code).toBe('Failure_Core_Insufficient_Balance');
      await expectNoMoreFrames(client);
    });

    it('admits a transfer that spends what an unconfirmed transfer before it brings', async () => {
      const newcomer = unfundedAccount(chain, 'spends at once');
      await put('/transactions', transfer(chain, a, newcomer, { amount: 5_000_000n }).body);
      const onward = transfer(chain, newcomer, b, { amount: 1_000_000n, fee: 100_000n });
      await put('/transactions', onward.body);
      expect(await status(onward.hash)).toMatchObject({ group: 'unconfirmed', code: 'Success' });
      chain.harvest();
      expect(await status(onward.hash)).toMatchObject({ group: 'confirmed' });
    });
  });

  describe('aggregate bonded: partial → cosignatures → unconfirmed → confirmed', () => {
    // a signs; the embedded transfers are a → c and b → d, so b must cosign. Each is announced after a's hash lock for it is confirmed.
    const bonded = (options: { deadline?: bigint } = {}) =>
      locked(aggregate(chain, 'bonded', a, [embeddedTransfer(chain, a, c, 1_000_000n), embeddedTransfer(chain, b, d, 2_000_000n)], options));
    const locked = (signed: Signed) => {
      lockFunds(chain, a, signed);
      return signed;
    };

    it('sends partialAdded for every related address: signer, embedded signers and recipients', async () => {
      const signed = bonded();
      const topics = [a, b, c, d].map((account) => `partialAdded/${account.address}`);
      const client = await connect(...topics);
      const bystander = await connect(`partialAdded/${chain.fundedAccounts[4].address}`, `unconfirmedAdded/${a.address}`);
      const reply = await put('/transactions/partial', signed.body);
      expect(reply.status).toBe(202);
      expect(typeof reply.body.message).toBe('string');

      const received = await frames(client, 4);
      expect(received.map((frame) => frame.topic).sort()).toEqual([...topics].sort());
      for (const frame of received) {
        expect(frame.data.meta).toMatchObject({ hash: signed.hash, merkleComponentHash: signed.hash, height: '0' });
        expect(frame.data.transaction).toMatchObject({ type: 16961, signerPublicKey: a.publicKey, cosignatures: [] });
      }
      await expectNoMoreFrames(client, bystander);
    });

    it('lists it under GET /transactions/partial and shows its embedded transactions by hash', async () => {
      const signed = bonded();
      await put('/transactions/partial', signed.body);
      const list = await partial();
      expect(list.map((entry: any) => entry.meta.hash)).toEqual([signed.hash]);
      expect(await unconfirmed()).toEqual([]);

      const one = await server.get(`/transactions/partial/${signed.hash}`);
      expect(one.status).toBe(200);
      expect(one.body.id).toBe(list[0].id);
      const embedded = one.body.transaction.transactions;
      expect(embedded.map((entry: any) => [entry.transaction.signerPublicKey, entry.transaction.recipientAddress, entry.transaction.mosaics[0].amount])).toEqual([
        [a.publicKey, c.addressHex, '1000000'],
        [b.publicKey, d.addressHex, '2000000'],
      ]);
      for (const [index, entry] of embedded.entries()) expect(entry.meta).toMatchObject({ aggregateHash: signed.hash, aggregateId: one.body.id, index, height: '0' });
      expect(await status(signed.hash)).toEqual({ group: 'partial', code: 'Success', hash: signed.hash, deadline: signed.transaction.deadline.value.toString(), height: '0' });
    });

    it('completes with the last cosignature: cosignature, partialRemoved, unconfirmedAdded; then confirms on harvest with the cosignatures', async () => {
      const signed = bonded();
      await put('/transactions/partial', signed.body);
      const client = await connect(
        `cosignature/${b.address}`,
        `partialRemoved/${b.address}`,
        `unconfirmedAdded/${b.address}`,
        `unconfirmedRemoved/${b.address}`,
        `confirmedAdded/${b.address}`,
        'block',
      );
      const cosignature = cosign(chain, b, signed);
      expect(cosignature).toMatchObject({ version: '0', signerPublicKey: b.publicKey, parentHash: signed.hash });

      const reply = await put('/transactions/cosignature', cosignature);
      expect(reply.status).toBe(202);
      expect(typeof reply.body.message).toBe('string');
      const [cosigned, removed, added] = await frames(client, 3);
      expect(cosigned).toEqual({ topic: `cosignature/${b.address}`, data: cosignature });
      expect(removed).toEqual({ topic: `partialRemoved/${b.address}`, data: { meta: { hash: signed.hash } } });
      expect(added.topic).toBe(`unconfirmedAdded/${b.address}`);
      const component = sha3(signed.hash, b.publicKey);
      expect(added.data.meta).toMatchObject({ hash: signed.hash, merkleComponentHash: component, height: '0' });
      const cosignatures = [{ version: '0', signerPublicKey: b.publicKey, signature: cosignature.signature }];
      expect(added.data.transaction.cosignatures).toEqual(cosignatures);
      expect(await partial()).toEqual([]);
      expect((await unconfirmed()).map((entry: any) => entry.meta.hash)).toEqual([signed.hash]);
      expect((await status(signed.hash)).group).toBe('unconfirmed');

      const block = chain.harvest();
      const [unconfirmedRemoved, confirmed, blockFrame] = await frames(client, 3);
      expect(unconfirmedRemoved.data.meta.hash).toBe(signed.hash);
      expect(confirmed.topic).toBe(`confirmedAdded/${b.address}`);
      expect(confirmed.data.meta).toMatchObject({ hash: signed.hash, merkleComponentHash: component, height: '3' });
      expect(blockFrame.data.meta.hash).toBe(block.meta.hash);
      await expectNoMoreFrames(client);

      const rest = await server.get(`/transactions/confirmed/${signed.hash}`);
      expect(rest.body.transaction.cosignatures).toEqual(cosignatures);
      // The confirmed payload carries the cosignature, as a node includes it in the block.
      expect(rest.body.transaction.size).toBe(sizeWithCosignatures(chain, signed, [b]));
      // One transaction: the Merkle root is its component hash, SHA3-256(hash ‖ cosigner keys).
      expect(block.block.transactionsHash).toBe(component);
      expect(block.meta).toMatchObject({ transactionsCount: 1, totalTransactionsCount: 3 });
      expect(await status(signed.hash)).toMatchObject({ group: 'confirmed', code: 'Success', height: '3' });
    });

    it('stays partial while a cosignature is missing: three embedded signers, one cosignature', async () => {
      const signed = locked(aggregate(chain, 'bonded', a, [embeddedTransfer(chain, a, d), embeddedTransfer(chain, b, a), embeddedTransfer(chain, c, a)]));
      await put('/transactions/partial', signed.body);
      const client = await connect(`cosignature/${a.address}`, `partialRemoved/${a.address}`, `unconfirmedAdded/${a.address}`);
      await put('/transactions/cosignature', cosign(chain, b, signed));
      const [cosigned] = await frames(client, 1);
      expect(cosigned.data.signerPublicKey).toBe(b.publicKey);
      await expectNoMoreFrames(client);
      const [entry] = await partial();
      expect(entry.transaction.cosignatures.map((each: any) => each.signerPublicKey)).toEqual([b.publicKey]);

      await put('/transactions/cosignature', cosign(chain, c, signed));
      const [second, removed, added] = await frames(client, 3);
      expect(second.data.signerPublicKey).toBe(c.publicKey);
      expect(removed.topic).toBe(`partialRemoved/${a.address}`);
      expect(added.data.transaction.cosignatures.map((each: any) => each.signerPublicKey)).toEqual([b.publicKey, c.publicKey]);
    });

    it('ignores a cosignature given twice', async () => {
      const signed = locked(aggregate(chain, 'bonded', a, [embeddedTransfer(chain, a, d), embeddedTransfer(chain, b, a), embeddedTransfer(chain, c, a)]));
      await put('/transactions/partial', signed.body);
      const client = await connect(`cosignature/${a.address}`);
      const cosignature = cosign(chain, b, signed);
      await put('/transactions/cosignature', cosignature);
      expect((await put('/transactions/cosignature', cosignature)).status).toBe(202);
      await frames(client, 1);
      await expectNoMoreFrames(client);
      expect((await partial())[0].transaction.cosignatures).toHaveLength(1);
    });

    it('rejects a cosignature from an account that need not cosign with Failure_Aggregate_Ineligible_Cosignatories on its status channel', async () => {
      const signed = bonded();
      await put('/transactions/partial', signed.body);
      const client = await connect(`status/${chain.fundedAccounts[5].address}`, `cosignature/${a.address}`);
      await put('/transactions/cosignature', cosign(chain, chain.fundedAccounts[5], signed));
      const [frame] = await frames(client, 1);
      expect(frame).toEqual({
        topic: `status/${chain.fundedAccounts[5].address}`,
        data: { hash: signed.hash, code: 'Failure_Aggregate_Ineligible_Cosignatories', deadline: signed.transaction.deadline.value.toString() },
      });
      await expectNoMoreFrames(client);
      expect((await partial())[0].transaction.cosignatures).toEqual([]);
    });

    it('rejects a cosignature whose signature does not verify with Failure_Signature_Not_Verifiable', async () => {
      const signed = bonded();
      await put('/transactions/partial', signed.body);
      const client = await connect(`status/${b.address}`, `cosignature/${b.address}`);
      const cosignature = cosign(chain, b, signed);
      const forged = { ...cosignature, signature: flipByte(cosignature.signature, 3) };
      await put('/transactions/cosignature', forged);
      const [frame] = await frames(client, 1);
      expect(frame.data).toMatchObject({ hash: signed.hash, code: 'Failure_Signature_Not_Verifiable' });
      await expectNoMoreFrames(client);
      expect((await status(signed.hash)).group).toBe('partial');
    });

    it('drops a cosignature of an aggregate it does not know, answering 202', async () => {
      const signed = bonded();
      const client = await connect(`cosignature/${b.address}`, `status/${b.address}`);
      expect((await put('/transactions/cosignature', cosign(chain, b, signed))).status).toBe(202);
      await expectNoMoreFrames(client);
    });

    it('lists only the aggregates still waiting once one of two completes, each under a new id in its new group', async () => {
      const first = bonded();
      // a signs an inner transaction too (catapult counts the aggregate's signer among the cosigners it checks).
      const second = locked(aggregate(chain, 'bonded', a, [embeddedTransfer(chain, a, d), embeddedTransfer(chain, c, a)]));
      await put('/transactions/partial', first.body);
      await put('/transactions/partial', second.body);
      const partialId = (await server.get(`/transactions/partial/${first.hash}`)).body.id;
      await put('/transactions/cosignature', cosign(chain, b, first));

      expect((await partial()).map((entry: any) => entry.meta.hash)).toEqual([second.hash]);
      const byAddress = await server.get(`/transactions/partial?address=${a.address}&embedded=true`);
      expect(byAddress.body.data.map((entry: any) => entry.meta.hash ?? entry.meta.aggregateHash)).toEqual([second.hash, second.hash, second.hash]);
      expect((await server.get(`/transactions/partial/${partialId}`)).status).toBe(404);
      const moved = await server.get(`/transactions/unconfirmed/${first.hash}`);
      expect(moved.body.id).not.toBe(partialId);
      expect((await server.get(`/transactions/unconfirmed/${moved.body.id}`)).body.meta.hash).toBe(first.hash);
    });

    it('accepts a deadline 24 hours ahead for an aggregate bonded (it may wait 48 hours for cosignatures)', async () => {
      const signed = bonded({ deadline: chain.networkTime() + 24n * 3_600_000n });
      const client = await connect(`partialAdded/${a.address}`, `status/${a.address}`);
      await put('/transactions/partial', signed.body);
      expect((await frames(client, 1))[0].topic).toBe(`partialAdded/${a.address}`);
    });

    it('rejects an aggregate bonded whose signature does not verify on status/{signer}, storing nothing', async () => {
      const signed = bonded();
      const client = await connect(`status/${a.address}`, `partialAdded/${a.address}`);
      const payload = flipByte(signed.payload, OFFSET.signature);
      await put('/transactions/partial', { payload });
      const [frame] = await frames(client, 1);
      expect(frame.data).toMatchObject({ hash: hashOfPayload(chain, payload), code: 'Failure_Signature_Not_Verifiable' });
      await expectNoMoreFrames(client);
      expect(await partial()).toEqual([]);
    });

    it('moves an aggregate bonded that already carries every cosignature straight to unconfirmed', async () => {
      const signed = locked(aggregate(chain, 'bonded', a, [embeddedTransfer(chain, a, c), embeddedTransfer(chain, b, d)], { cosigners: [b] }));
      const client = await connect(`partialAdded/${b.address}`, `unconfirmedAdded/${b.address}`);
      await put('/transactions/partial', signed.body);
      const [frame] = await frames(client, 1);
      expect(frame.topic).toBe(`unconfirmedAdded/${b.address}`);
      await expectNoMoreFrames(client);
    });

    describe('checked as catapult checks a partial transaction: its basic notifications only, in full once complete', () => {
      // a signs and pays the fee; the inner transfer of 5 XYM is from an account with no funds, who must cosign.
      const unpaid = (payer: ChainAccount) =>
        locked(aggregate(chain, 'bonded', a, [embeddedTransfer(chain, a, c, 1_000_000n), embeddedTransfer(chain, payer, d, 5_000_000n)]));
      const balanceOf = async (account: ChainAccount) =>
        (await server.get(`/accounts/${account.address}`)).body.account?.mosaics.find((mosaic: any) => mosaic.id === chain.currency.mosaicId)?.amount ?? '0';

      it('accepts one whose inner transfer its sender cannot pay yet (partialAdded, listed), and fails it with Failure_Core_Insufficient_Balance when its last cosignature completes it', async () => {
        const payer = unfundedAccount(chain, 'pays once cosigned');
        const signed = unpaid(payer);
        const client = await connect(
          `partialAdded/${payer.address}`,
          `cosignature/${payer.address}`,
          `partialRemoved/${payer.address}`,
          `unconfirmedAdded/${payer.address}`,
          `status/${payer.address}`,
        );
        await put('/transactions/partial', signed.body);
        const [added] = await frames(client, 1);
        expect(added.topic).toBe(`partialAdded/${payer.address}`);
        expect(added.data.meta.hash).toBe(signed.hash);
        expect((await partial()).map((entry: any) => entry.meta.hash)).toEqual([signed.hash]);
        expect(await status(signed.hash)).toMatchObject({ group: 'partial', code: 'Success' });

        const cosignature = cosign(chain, payer, signed);
        await put('/transactions/cosignature', cosignature);
        const [cosigned, removed, failed] = await frames(client, 3);
        expect(cosigned).toEqual({ topic: `cosignature/${payer.address}`, data: cosignature });
        expect(removed).toEqual({ topic: `partialRemoved/${payer.address}`, data: { meta: { hash: signed.hash } } });
        expect(failed).toEqual({
          topic: `status/${payer.address}`,
          data: { hash: signed.hash, code: 'Failure_Core_Insufficient_Balance', deadline: signed.transaction.deadline.value.toString() },
        });
        await expectNoMoreFrames(client);
        expect(await partial()).toEqual([]);
        expect(await unconfirmed()).toEqual([]);
        expect(await status(signed.hash)).toMatchObject({ group: 'failed', code: 'Failure_Core_Insufficient_Balance' });
      });

      it('confirms one whose inner sender was paid while it waited for the cosignature', async () => {
        const payer = unfundedAccount(chain, 'paid while waiting');
        const signed = unpaid(payer);
        await put('/transactions/partial', signed.body);
        expect(await status(signed.hash)).toMatchObject({ group: 'partial', code: 'Success' });
        await put('/transactions', transfer(chain, b, payer, { amount: 5_000_000n }).body);
        chain.harvest();
        const before = BigInt(await balanceOf(d));

        const client = await connect(`partialRemoved/${payer.address}`, `unconfirmedAdded/${payer.address}`, `confirmedAdded/${payer.address}`, `status/${payer.address}`);
        await put('/transactions/cosignature', cosign(chain, payer, signed));
        const [removed, added] = await frames(client, 2);
        expect(removed.topic).toBe(`partialRemoved/${payer.address}`);
        expect(added.data.meta.hash).toBe(signed.hash);
        chain.harvest();
        const [confirmed] = await frames(client, 1);
        expect(confirmed.data.meta.hash).toBe(signed.hash);
        await expectNoMoreFrames(client);
        expect(BigInt(await balanceOf(d))).toBe(before + 5_000_000n);
        expect(await balanceOf(payer)).toBe('0');
      });

      it('still refuses at once, storing nothing, one whose signer cannot pay its fee (the fee\'s debit is basic)', async () => {
        const signer = unfundedAccount(chain, 'cannot pay the fee');
        const signed = aggregate(chain, 'bonded', signer, [embeddedTransfer(chain, b, d)]);
        lockFunds(chain, a, signed);
        const client = await connect(`status/${signer.address}`, `partialAdded/${signer.address}`);
        await put('/transactions/partial', signed.body);
        const [frame] = await frames(client, 1);
        expect(frame.data).toMatchObject({ hash: signed.hash, code: 'Failure_Core_Insufficient_Balance' });
        await expectNoMoreFrames(client);
        expect(await partial()).toEqual([]);
      });
    });
  });

  describe('partial → removed when its deadline passes', () => {
    it('sends partialRemoved on the next harvest and ignores later cosignatures', async () => {
      const signed = aggregate(chain, 'bonded', a, [embeddedTransfer(chain, a, c), embeddedTransfer(chain, b, d)], { deadline: chain.networkTime() + 40_000n });
      lockFunds(chain, a, signed);
      const client = await connect(`partialAdded/${c.address}`, `partialRemoved/${c.address}`, `cosignature/${c.address}`, 'block');
      await put('/transactions/partial', signed.body);
      expect((await frames(client, 1))[0].topic).toBe(`partialAdded/${c.address}`);
      for (let i = 0; i < 8; i++) chain.networkTime();

      chain.harvest();
      const [removed, block] = await frames(client, 2);
      expect(removed).toEqual({ topic: `partialRemoved/${c.address}`, data: { meta: { hash: signed.hash } } });
      expect(block.topic).toBe('block');
      expect(await partial()).toEqual([]);
      expect(await status(signed.hash)).toMatchObject({ group: 'failed', hash: signed.hash, code: expect.stringMatching(/^Failure_/) });

      await put('/transactions/cosignature', cosign(chain, b, signed));
      await expectNoMoreFrames(client);
      expect(await unconfirmed()).toEqual([]);
    });
  });

  describe('aggregate complete (PUT /transactions)', () => {
    it('confirms one that carries every cosignature', async () => {
      const client = await connect(`unconfirmedAdded/${d.address}`, `confirmedAdded/${d.address}`);
      const signed = aggregate(chain, 'complete', a, [embeddedTransfer(chain, a, c), embeddedTransfer(chain, b, d)], { cosigners: [b] });
      expect((await put('/transactions', signed.body)).status).toBe(202);
      const [added] = await frames(client, 1);
      expect(added.data.meta).toMatchObject({ hash: signed.hash, merkleComponentHash: sha3(signed.hash, b.publicKey), height: '0' });
      expect(added.data.transaction.type).toBe(16705);
      const block = chain.harvest();
      const [confirmed] = await frames(client, 1);
      expect(confirmed.data.meta).toMatchObject({ hash: signed.hash, height: '2' });
      expect(confirmed.data.transaction.cosignatures.map((each: any) => each.signerPublicKey)).toEqual([b.publicKey]);
      expect(block.block.transactionsHash).toBe(sha3(signed.hash, b.publicKey));
    });

    it('confirms one whose only signer is the aggregate signer, with no cosignatures', async () => {
      const signed = aggregate(chain, 'complete', a, [embeddedTransfer(chain, a, c), embeddedTransfer(chain, a, d)]);
      await put('/transactions', signed.body);
      const block = chain.harvest();
      expect((await status(signed.hash)).group).toBe('confirmed');
      expect(block.block.transactionsHash).toBe(signed.hash);
    });

    it('rejects one missing a cosignature with Failure_Aggregate_Missing_Cosignatures', async () => {
      const client = await connect(`status/${a.address}`, `unconfirmedAdded/${a.address}`);
      const signed = aggregate(chain, 'complete', a, [embeddedTransfer(chain, a, c), embeddedTransfer(chain, b, d)]);
      await put('/transactions', signed.body);
      const [frame] = await frames(client, 1);
      expect(frame.data).toEqual({ hash: signed.hash, code: 'Failure_Aggregate_Missing_Cosignatures', deadline: signed.transaction.deadline.value.toString() });
      await expectNoMoreFrames(client);
      expect(await unconfirmed()).toEqual([]);
      expect(await status(signed.hash)).toMatchObject({ group: 'failed', code: 'Failure_Aggregate_Missing_Cosignatures' });
    });

    it('rejects an aggregate bonded announced via PUT /transactions before its cosignatures with Failure_Aggregate_Missing_Cosignatures', async () => {
      const signed = aggregate(chain, 'bonded', a, [embeddedTransfer(chain, a, c), embeddedTransfer(chain, b, d)]);
      lockFunds(chain, a, signed);
      const client = await connect(`status/${a.address}`);
      await put('/transactions', signed.body);
      expect((await frames(client, 1))[0].data.code).toBe('Failure_Aggregate_Missing_Cosignatures');
      expect(await partial()).toEqual([]);
    });

    it('rejects one with a cosignature of an account that need not cosign with Failure_Aggregate_Ineligible_Cosignatories', async () => {
      const client = await connect(`status/${a.address}`);
      const signed = aggregate(chain, 'complete', a, [embeddedTransfer(chain, a, c), embeddedTransfer(chain, b, d)], { cosigners: [b, c] });
      await put('/transactions', signed.body);
      expect((await frames(client, 1))[0].data.code).toBe('Failure_Aggregate_Ineligible_Cosignatories');
    });

    it('rejects one with the same cosigner twice with Failure_Aggregate_Redundant_Cosignatures', async () => {
      const client = await connect(`status/${a.address}`);
      const signed = aggregate(chain, 'complete', a, [embeddedTransfer(chain, a, c), embeddedTransfer(chain, b, d)], { cosigners: [b, b] });
      await put('/transactions', signed.body);
      expect((await frames(client, 1))[0].data.code).toBe('Failure_Aggregate_Redundant_Cosignatures');
    });

    // catapult's BasicAggregateCosignaturesValidator puts the aggregate's signer in the set of
    // cosigners before the cosignatures, so a cosignature of the signer itself is redundant.
    it('rejects one cosigned by its own signer with Failure_Aggregate_Redundant_Cosignatures', async () => {
      const client = await connect(`status/${a.address}`);
      const signed = aggregate(chain, 'complete', a, [embeddedTransfer(chain, a, c), embeddedTransfer(chain, b, d)], { cosigners: [b, a] });
      await put('/transactions', signed.body);
      expect((await frames(client, 1))[0].data.code).toBe('Failure_Aggregate_Redundant_Cosignatures');
    });

    it('rejects one whose transactionsHash is not the root of its transactions with Failure_Aggregate_Transactions_Hash_Mismatch', async () => {
      const client = await connect(`status/${a.address}`);
      const embedded = [embeddedTransfer(chain, a, c), embeddedTransfer(chain, a, d)];
      const transaction = chain.facade.transactionFactory.create({
        type: 'aggregate_complete_transaction_v3',
        signerPublicKey: a.keyPair.publicKey,
        fee: 1_000_000n,
        deadline: chain.networkTime() + 3_600_000n,
        transactionsHash: SymbolFacade.hashEmbeddedTransactions(embedded.slice(0, 1)),
        transactions: embedded,
      });
      const signed: Signed = sign(chain.facade, a.keyPair, transaction);
      await put('/transactions', signed.body);
      expect((await frames(client, 1))[0].data).toMatchObject({ hash: signed.hash, code: 'Failure_Aggregate_Transactions_Hash_Mismatch' });
    });
  });

  describe('balances', () => {
    it('charges the sender amount + feeMultiplier × size, credits the recipient the amount, the harvester the fee less the network\'s 5% and the network sink its 5%', async () => {
      const { mosaicId } = chain.currency;
      const balance = (address: string) => chain.ledger.balance(address, mosaicId);
      const [senderBefore, recipientBefore] = [balance(a.addressHex), balance(b.addressHex)];
      const harvestersBefore = new Map(chain.harvesters.map((harvester) => [harvester.addressHex, balance(harvester.addressHex)]));
      const sinkBefore = balance(chain.sinks.harvestNetworkFee.addressHex);
      const amount = 7_000_000n;
      const signed = transfer(chain, a, b, { amount, mosaicId: BigInt(`0x${mosaicId}`) });
      await put('/transactions', signed.body);
      const block = chain.harvest();

      const confirmed = (await server.get(`/transactions/confirmed/${signed.hash}`)).body;
      const fee = BigInt(confirmed.meta.feeMultiplier) * BigInt(confirmed.transaction.size);
      expect(confirmed.meta.feeMultiplier).toBe(block.block.feeMultiplier);
      expect(confirmed.transaction.size).toBe(signed.transaction.size);
      expect(fee).toBeGreaterThan(0n);
      expect(fee).toBeLessThanOrEqual(1_000_000n); // never more than the max fee
      expect(block.meta.totalFee).toBe(fee.toString());
      expect(balance(a.addressHex)).toBe(senderBefore - amount - fee);
      expect(balance(b.addressHex)).toBe(recipientBefore + amount);
      const beneficiary = block.block.beneficiaryAddress;
      expect(harvestersBefore.has(beneficiary)).toBe(true);
      const networkShare = (fee * 5n) / 100n;
      expect(balance(beneficiary)).toBe(harvestersBefore.get(beneficiary)! + fee - networkShare);
      expect(balance(chain.sinks.harvestNetworkFee.addressHex) - sinkBefore).toBe(networkShare);
    });

    it('resolves the symbol.xym alias to the currency mosaic', async () => {
      const before = chain.ledger.balance(b.addressHex, chain.currency.mosaicId);
      await put('/transactions', transfer(chain, a, b, { amount: 3_000_000n }).body);
      chain.harvest();
      expect(chain.ledger.balance(b.addressHex, chain.currency.mosaicId)).toBe(before + 3_000_000n);
    });

    it('moves the embedded transfers of a confirmed aggregate and charges its fee to the aggregate signer', async () => {
      const { mosaicId } = chain.currency;
      const balance = (account: ChainAccount) => chain.ledger.balance(account.addressHex, mosaicId);
      const before = [a, b, c, d].map(balance);
      const signed = aggregate(chain, 'complete', a, [embeddedTransfer(chain, a, c, 1_000_000n), embeddedTransfer(chain, b, d, 2_000_000n)], { cosigners: [b] });
      await put('/transactions', signed.body);
      const block = chain.harvest();
      const fee = BigInt(block.meta.totalFee);
      expect(fee).toBe(BigInt(block.block.feeMultiplier) * BigInt(signed.transaction.size));
      expect([a, b, c, d].map(balance)).toEqual([before[0] - 1_000_000n - fee, before[1] - 2_000_000n, before[2] + 1_000_000n, before[3] + 2_000_000n]);
    });
  });

  describe('finalization', () => {
    it('sends finalizedBlock every finalizationInterval blocks, in agreement with /chain/info', async () => {
      await start(testChain({ finalizationInterval: 2 }));
      const client = await connect('finalizedBlock');
      const second = chain.harvest(); // height 2
      const [frame] = await frames(client, 1);
      expect(frame).toEqual({ topic: 'finalizedBlock', data: { finalizationEpoch: 2, finalizationPoint: 1, height: '2', hash: second.meta.hash } });
      expect((await server.get('/chain/info')).body.latestFinalizedBlock).toEqual(frame.data);
      chain.harvest(); // height 3: no round
      await expectNoMoreFrames(client);
    });
  });
});
