/**
 * `chain.dev.reset()` and `POST /dev/reset`: the chain back at its nemesis block as it was made
 * (every route answers as a fresh chain's, no snapshots, no impersonation, the mining it was
 * made with, the clock's own time), and the same activity then makes the same chain again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { InMemoryChain } from '../../../src/in-memory-chain.js';
import { activity, fingerprint } from '../../support/chain-activity.js';
import { startGateway, testChain, FIXED_START, type TestServer } from '../../support/server.js';

type Server = TestServer & { chain: InMemoryChain };

const JSON_HEADERS = { 'content-type': 'application/json' };
const servers: Server[] = [];
/** The chains' clock: set by the test, so the same activity signs the same transactions. */
let now = FIXED_START;

async function start(): Promise<Server> {
  const server = await startGateway({ backend: testChain({ clock: () => now, importanceGrouping: 6, finalizationInterval: 5 }), dev: true });
  servers.push(server);
  return server;
}
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  now = FIXED_START;
});

function dev(server: Server, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) {
  return server.request(method, path, body === undefined ? { spec: false } : { body: JSON.stringify(body), headers: JSON_HEADERS, spec: false });
}

describe('reset', () => {
  it('over HTTP: every route answers as a fresh chain\'s; snapshots, impersonation, time travel and mining go back; the same activity makes the same chain', async () => {
    const fresh = await start();
    const genesis = await fingerprint(fresh, fresh.chain);
    const server = await start();
    const { chain } = server;
    const nemesis = chain.latestBlock.meta.hash;
    const first = activity(chain, 'alpha');
    const later = await fingerprint(server, chain, first.hashes);
    await dev(server, 'POST', '/dev/snapshots');
    await dev(server, 'PUT', '/dev/impersonation', { address: chain.fundedAccounts[0].address.toString(), active: true });
    await dev(server, 'PUT', '/dev/mining', { automine: true, interval: 60_000 });
    await dev(server, 'POST', '/dev/time', { advance: 3_600_000, blocks: false });
    expect(chain.height).toBeGreaterThan(10n);

    const reset = await dev(server, 'POST', '/dev/reset');
    expect([reset.status, reset.body]).toEqual([200, { height: '1', hash: nemesis }]);
    expect(await fingerprint(server, chain)).toEqual(genesis);
    for (const hash of first.hashes) expect((await server.get(`/transactionStatus/${hash}`)).status).toBe(404);
    expect((await dev(server, 'GET', '/dev/snapshots')).body).toEqual({ ids: [] });
    expect((await dev(server, 'GET', '/dev/impersonation')).body).toEqual({ addresses: [] });
    expect((await dev(server, 'GET', '/dev/mining')).body).toEqual({ automine: false, interval: 0 });
    expect(chain.dev.timeOffset).toBe(0n);
    // Its dump is a fresh chain's: no inputs.
    expect((await dev(server, 'GET', '/dev/state')).body.inputs).toEqual([]);

    // The same activity at the same time: the same blocks, ids and answers as the first time.
    expect(activity(chain, 'alpha').hashes).toEqual(first.hashes);
    expect(await fingerprint(server, chain, first.hashes)).toEqual(later);

    expect((await dev(server, 'POST', '/dev/reset', { keep: true })).body.message).toContain('unknown field "keep"');
  });

  it('from TypeScript, back to the mining the chain was made with', async () => {
    const server = await startGateway({ backend: testChain({ automine: true, clock: () => now }), dev: true });
    servers.push(server);
    const { chain } = server;
    chain.harvest();
    chain.dev.setMining({ automine: false, interval: 5_000 });
    expect(chain.dev.reset()).toEqual({ height: '1', hash: (await server.get('/blocks/1')).body.meta.hash });
    expect(chain.height).toBe(1n);
    expect(chain.dev.mining()).toEqual({ automine: true, interval: 0 });
  });
});
