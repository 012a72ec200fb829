/**
 * Dump and load of the development chain, through `chain.dev` / `InMemoryChain.load` and over
 * `/dev/state`: the loaded chain answers every route as the dumped one did (blocks, hashes,
 * state, pools, statuses, ids), goes on to the same hashes, and a dump that does not fit or
 * does not play leaves the chain as it was.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InMemoryChain } from '../../../src/in-memory-chain.js';
import { readChainDump, writeChainDump, type ChainDump } from '../../../src/memory/chain-dump.js';
import { activity, fingerprint, type Activity } from '../../support/chain-activity.js';
import { startGateway, testChain, FIXED_START, type TestServer } from '../../support/server.js';
import { flipByte, OFFSET, transfer } from '../../support/signing.js';

type Server = TestServer & { chain: InMemoryChain };

const JSON_HEADERS = { 'content-type': 'application/json' };
const OPTIONS = { importanceGrouping: 6, finalizationInterval: 5 };
const servers: Server[] = [];
/** The clock of every chain of a test: set by the test, so the same activity signs the same transactions. */
let now = FIXED_START;
const clock = () => now;

async function serve(chain: InMemoryChain): Promise<Server> {
  const server = await startGateway({ backend: chain, dev: true });
  servers.push(server);
  return server;
}
// The impersonated signer's unchecked signatures are reported on console.warn.
beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  now = FIXED_START;
  vi.restoreAllMocks();
});

function request(server: Server, method: 'GET' | 'PUT', path: string, body?: unknown) {
  return server.request(method, path, { body: body === undefined ? undefined : JSON.stringify(body), headers: JSON_HEADERS, spec: false });
}

/** A chain that has seen much: activity of every kind, a balance set, an impersonated signer, time travel, and a revert. */
function busyChain(): { chain: InMemoryChain; hashes: string[] } {
  const chain = testChain({ ...OPTIONS, clock });
  const [a, b, c] = chain.fundedAccounts;
  const rounds: Activity[] = [activity(chain, 'alpha')];
  chain.dev.setBalance(c.addressHex, chain.currency.mosaicId, 123_456_789n);
  chain.dev.impersonate(b.addressHex);
  const unsigned = transfer(chain, b, a, { amount: 42n, message: 'impersonated' });
  chain.announcer.announce(flipByte(unsigned.payload, OFFSET.signature));
  now += 60_000;
  chain.dev.advanceTime(60_000);
  const snapshot = chain.dev.snapshot();
  rounds.push(activity(chain, 'beta'));
  chain.dev.revert(snapshot.id);
  rounds.push(activity(chain, 'gamma'));
  chain.dev.stopImpersonating(b.addressHex);
  return { chain, hashes: rounds.flatMap((round) => [...round.hashes, round.partialHash, round.pendingHash]) };
}

describe('dump and load', () => {
  it('from TypeScript: a chain loaded from its dump answers every route alike, and goes on to the same hashes', async () => {
    const { chain, hashes } = busyChain();
    const dumped = await serve(chain);
    const dump = JSON.parse(JSON.stringify(chain.dev.dump())) as ChainDump;
    expect(dump).toMatchObject({ format: 'symbol-gateway/chain', version: 1, head: { height: chain.height.toString(), hash: chain.latestBlock.meta.hash } });

    const loaded = await serve(InMemoryChain.load(dump, { blockInterval: false, clock }));
    expect(loaded.chain.latestBlock).toEqual(chain.latestBlock);
    expect(await fingerprint(loaded, loaded.chain, hashes)).toEqual(await fingerprint(dumped, chain, hashes));
    expect(loaded.chain.dev.timeOffset).toBe(chain.dev.timeOffset);
    expect(loaded.chain.networkTime()).toBe(chain.networkTime());

    // Both go on alike: the same activity confirms the same blocks.
    now += 60_000;
    const next = activity(chain, 'delta');
    expect(activity(loaded.chain, 'delta').hashes).toEqual(next.hashes);
    expect(loaded.chain.latestBlock.meta.hash).toBe(chain.latestBlock.meta.hash);
    // And the loaded chain dumps what it loaded, and what came after.
    expect(JSON.parse(JSON.stringify(loaded.chain.dev.dump()))).toEqual(JSON.parse(JSON.stringify(chain.dev.dump())));
  });

  it('over HTTP: GET /dev/state from one gateway, PUT /dev/state into another made with the same options', async () => {
    const { chain, hashes } = busyChain();
    const dumped = await serve(chain);
    const target = await serve(testChain({ ...OPTIONS, clock }));
    const { status, body: dump } = await request(dumped, 'GET', '/dev/state');
    expect(status).toBe(200);
    const put = await target.request('PUT', '/dev/state', { body: JSON.stringify(dump), headers: JSON_HEADERS, spec: false });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ height: chain.height.toString(), hash: chain.latestBlock.meta.hash });
    expect(await fingerprint(target, target.chain, hashes)).toEqual(await fingerprint(dumped, chain, hashes));
  });

  it('refuses what is no dump, a dump of other options, and one that does not play, and stays as it was', async () => {
    const { chain } = busyChain();
    const dumped = await serve(chain);
    const target = await serve(testChain({ ...OPTIONS, clock }));
    target.chain.harvest();
    const before = await fingerprint(target, target.chain);
    const dump = (await request(dumped, 'GET', '/dev/state')).body as ChainDump;
    expect((await request(target, 'PUT', '/dev/state', [1, 2])).status).toBe(400);
    const refusals: [unknown, RegExp][] = [
      [{ ...dump, format: 'other' }, /not a chain dump/],
      [{ ...dump, version: 2 }, /version 2 cannot be loaded/],
      [{ ...dump, inputs: [{ op: 'launch' }] }, /inputs\[0\]\.op "launch"/],
      [{ ...dump, inputs: [{ op: 'block', at: '-5' }] }, /inputs\[0\]\.at must be a whole number/],
      [{ ...dump, options: { ...dump.options, seed: 'another' } }, /other options \(seed\)/],
      [{ ...dump, head: { ...dump.head, hash: '00'.repeat(32) } }, /not to its head/],
      // A payload changed in the middle: its transaction is another (or none), so the chain goes elsewhere.
      [{ ...dump, inputs: dump.inputs.map((input) => (input.op === 'transaction' ? { ...input, payload: flipByte(input.payload, OFFSET.maxFee) } : input)) }, /does not play|read the clock|not to its head/],
    ];
    for (const [body, message] of refusals) {
      const answer = await request(target, 'PUT', '/dev/state', body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(409);
      expect(answer.body.message).toMatch(message);
    }
    expect(await fingerprint(target, target.chain)).toEqual(before);
    expect(() => InMemoryChain.load({ ...dump, head: { ...dump.head, height: '1' } })).toThrow(/not to its head/);
    const noInputs = testChain({ keepInputs: false });
    expect(() => noInputs.dev.dump()).toThrow(/keeps no inputs/);
    noInputs.close();
  });

  it('writes a dump to a file and reads it back', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'symbol-gateway-dump-'));
    try {
      const { chain } = busyChain();
      const path = join(directory, 'chain.json');
      writeChainDump(path, chain.dev.dump());
      const loaded = InMemoryChain.load(await readChainDump(path), { blockInterval: false, clock });
      expect(loaded.latestBlock).toEqual(chain.latestBlock);
      loaded.close();
      chain.close();
      await writeFile(path, '{"format":');
      await expect(readChainDump(path)).rejects.toThrow(/is not JSON/);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
