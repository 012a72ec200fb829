import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startGateway } from '../support/server.js';
import { Client, openSockets } from '../support/ws-client.js';

describe('PUT /transactions with a whole transaction of an unknown type', () => {
  let server: Awaited<ReturnType<typeof startGateway>>;
  beforeAll(async () => {
    server = await startGateway();
  });
  afterEach(() => {
    for (const socket of openSockets.splice(0)) socket.terminate();
  });
  afterAll(() => server.close());

  it('accepts it with 202 and rejects it on status/{signer} with code Failure', async () => {
    const [alice, bob] = server.chain.fundedAccounts;
    const { facade } = server.chain;
    const transaction = facade.transactionFactory.create({
      type: 'transfer_transaction_v1',
      signerPublicKey: alice.keyPair.publicKey,
      fee: 1_000_000n,
      deadline: server.chain.networkTime() + 3_600_000n,
      recipientAddress: bob.address,
      mosaics: [],
    });
    const bytes = Buffer.from(transaction.serialize());
    bytes.writeUInt16LE(0x4fff, 110); // the type field: no plugin has 0x4FFF
    const client = await Client.connect(server.wsUrl);
    await client.subscribe(`status/${alice.address}`);

    const reply = await server.request('PUT', '/transactions', {
      body: JSON.stringify({ payload: bytes.toString('hex').toUpperCase() }),
      headers: { 'content-type': 'application/json' },
    });
    expect(reply.status).toBe(202);
    const frame = await client.next();
    expect(frame.topic).toBe(`status/${alice.address}`);
    expect(frame.data).toMatchObject({ code: 'Failure', deadline: transaction.deadline.value.toString() });
    expect(frame.data.hash).toMatch(/^[0-9A-F]{64}$/);
    const status = await server.get(`/transactionStatus/${frame.data.hash}`);
    expect(status.body).toMatchObject({ group: 'failed', code: 'Failure' });
    expect((await server.get('/transactions/unconfirmed')).body.data).toEqual([]);
  });

  it('still answers 409 for bytes that are not a whole transaction', async () => {
    const reply = await server.request('PUT', '/transactions', {
      body: JSON.stringify({ payload: 'FFFF'.repeat(70) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(reply.status).toBe(409);
  });
});
