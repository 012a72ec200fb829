/**
 * Snapshots of the development chain, through `chain.dev` and over `/dev/snapshots`: a revert
 * gives back identical route answers (blocks, transactions of all three groups, state, receipts,
 * proofs, statuses, entry ids), and the chain goes on from there to the same hashes it reached
 * before.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { InMemoryChain } from '../../../src/in-memory-chain.js';
import { activity, fingerprint } from '../../support/chain-activity.js';
import { startGateway, testChain, FIXED_START, type TestServer } from '../../support/server.js';
import { transfer } from '../../support/signing.js';

type Server = TestServer & { chain: InMemoryChain };

const JSON_HEADERS = { 'content-type': 'application/json' };
let server: Server | undefined;
/** The chain's clock: set by the test, so the same activity signs the same transactions. */
let now = FIXED_START;

async function start(): Promise<Server> {
  now = FIXED_START;
  server = await startGateway({ backend: testChain({ clock: () => now, importanceGrouping: 6, finalizationInterval: 5 }), dev: true });
  return server;
}
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function dev(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) {
  // A POST carries a JSON body, like every PUT and POST of the gateway (an empty object where the route needs nothing).
  return server!.request(method, path, method === 'POST' ? { body: JSON.stringify(body ?? {}), headers: JSON_HEADERS, spec: false } : { spec: false });
}

describe('snapshot and revert', () => {
  it('from TypeScript: a revert restores every route answer, and the same activity then makes the same chain again', async () => {
    const { chain } = await start();
    const base = activity(chain, 'alpha');
    now += 60_000;
    const snapshot = chain.dev.snapshot();
    expect(snapshot).toEqual({ id: '1', height: chain.height.toString(), hash: chain.latestBlock.meta.hash });
    const before = await fingerprint(server!, chain, base.hashes);

    const later = activity(chain, 'beta');
    const after = await fingerprint(server!, chain, [...base.hashes, ...later.hashes]);
    expect(BigInt(chain.height)).toBeGreaterThan(BigInt(snapshot.height) + 10n);

    expect(chain.dev.revert(snapshot.id)).toEqual(snapshot);
    expect(await fingerprint(server!, chain, base.hashes)).toEqual(before);
    for (const hash of later.hashes) expect((await server!.get(`/transactionStatus/${hash}`)).status).toBe(404);
    // What was unconfirmed and partial at the snapshot is again.
    expect((await server!.get(`/transactionStatus/${base.pendingHash}`)).body.group).toBe('unconfirmed');
    expect((await server!.get(`/transactionStatus/${base.partialHash}`)).body.group).toBe('partial');

    // The same activity at the same time: the same blocks, ids and answers as the first time.
    now = FIXED_START + 60_000;
    expect(activity(chain, 'beta').hashes).toEqual(later.hashes);
    expect(await fingerprint(server!, chain, [...base.hashes, ...later.hashes])).toEqual(after);

    // The snapshot is still held: back again.
    chain.dev.revert(snapshot.id);
    expect(await fingerprint(server!, chain, base.hashes)).toEqual(before);
  });

  it('over HTTP: take, list, revert, drop; later snapshots go with a revert to an earlier one; unknown ids answer 404', async () => {
    const { chain } = await start();
    const [a, b] = chain.fundedAccounts;
    const taken = await dev('POST', '/dev/snapshots');
    expect(taken.status).toBe(200);
    expect(taken.body).toEqual({ id: '1', height: '1', hash: chain.latestBlock.meta.hash });
    const balance = async () => (await server!.get(`/accounts/${b.address}`)).body.account.mosaics[0].amount;
    const initial = await balance();

    chain.announcer.announce(transfer(chain, a, b, { amount: 7_000_000n }).payload);
    await dev('POST', '/dev/mine', undefined);
    expect(chain.height).toBe(2n);
    const second = await dev('POST', '/dev/snapshots');
    expect(second.body).toMatchObject({ id: '2', height: '2' });
    expect((await dev('GET', '/dev/snapshots')).body).toEqual({ ids: ['1', '2'] });

    const reverted = await dev('POST', '/dev/snapshots/1/revert');
    expect(reverted.status).toBe(200);
    expect(reverted.body).toEqual(taken.body);
    expect(chain.height).toBe(1n);
    expect(await balance()).toBe(initial);
    expect((await server!.get('/blocks/2')).status).toBe(404);
    expect((await dev('GET', '/dev/snapshots')).body).toEqual({ ids: ['1'] });
    expect((await dev('POST', '/dev/snapshots/2/revert')).status).toBe(404);

    expect((await dev('DELETE', '/dev/snapshots/1')).body).toEqual({ ids: [] });
    expect((await dev('POST', '/dev/snapshots/1/revert')).status).toBe(404);
    expect((await dev('DELETE', '/dev/snapshots/1')).status).toBe(404);
    for (const bad of ['0', 'x', '1.5']) expect((await dev('POST', `/dev/snapshots/${bad}/revert`)).status).toBe(409);
  });

  it('restores the network time and drops announces that were still waiting', async () => {
    const { chain } = await start();
    const [a, b] = chain.fundedAccounts;
    const snapshot = chain.dev.snapshot();
    const time = chain.networkTime();
    chain.dev.advanceTime(3_600_000, { blocks: false });
    const payment = transfer(chain, a, b);
    chain.announcer.announce(payment.payload);
    chain.dev.revert(snapshot.id);
    expect(chain.networkTime()).toBe(time);
    chain.harvest();
    expect(chain.latestBlock.meta.transactionsCount).toBe(0);
    expect((await server!.get(`/transactionStatus/${payment.hash}`)).status).toBe(404);
  });
});
