/**
 * `GatewayBackend.durable`: an answer is written only once what it tells is durable (a
 * PostgreSQL writer's chain: committed), a repeated GET from the answer memo too; a backend
 * that stays undurable past `limits.backendTimeout` gets 503. Without pending work, nothing waits.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { GatewayBackend } from '../../src/index.js';
import { startGateway, testChain, type TestServer } from '../support/server.js';

/** A chain whose durability a test opens and closes: while closed, `durable()` answers a promise the next `open()` resolves. */
function gatedChain(): { backend: GatewayBackend; close(): void; open(): void; asked(): number } {
  const chain = testChain();
  let waiting: { promise: Promise<void>; resolve: () => void } | undefined;
  let asked = 0;
  const backend: GatewayBackend = {
    ...(chain as GatewayBackend),
    revision: () => chain.revision(),
    close: () => chain.close(),
    durable: () => {
      asked++;
      return waiting?.promise;
    },
  };
  return {
    backend,
    close() {
      let resolve!: () => void;
      const promise = new Promise<void>((done) => (resolve = done));
      waiting = { promise, resolve };
    },
    open() {
      waiting?.resolve();
      waiting = undefined;
    },
    asked: () => asked,
  };
}

/** Whether `reply` settles within `ms`. */
async function settlesWithin<T>(reply: Promise<T>, ms: number): Promise<boolean> {
  return Promise.race([reply.then(() => true), new Promise<boolean>((resolve) => setTimeout(resolve, ms, false))]);
}

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

describe('answers of a backend with durable()', () => {
  it('are written at once when nothing is pending', async () => {
    const gated = gatedChain();
    const server = await startGateway({ backend: gated.backend });
    servers.push(server);
    expect((await server.get('/chain/info')).status).toBe(200);
    expect(gated.asked()).toBe(1);
  });

  it('wait until what they tell is durable, a repeated GET (the answer memo) and a first one alike', async () => {
    const gated = gatedChain();
    const server = await startGateway({ backend: gated.backend });
    servers.push(server);
    const first = await server.get('/chain/info');
    gated.close();
    // The same URL again (kept by the memo) and one not asked before.
    const again = server.get('/chain/info');
    const block = server.get('/blocks/1');
    expect(await settlesWithin(again, 150)).toBe(false);
    expect(await settlesWithin(block, 10)).toBe(false);
    gated.open();
    expect((await again).body).toEqual(first.body);
    expect((await block).status).toBe(200);
  });

  it('answer 503 when the backend stays undurable past backendTimeout', async () => {
    const gated = gatedChain();
    const server = await startGateway({ backend: gated.backend, backendTimeout: 200 });
    servers.push(server);
    gated.close();
    const started = Date.now();
    const reply = await server.get('/chain/info');
    expect(reply.status).toBe(503);
    expect(reply.body.message).toMatch(/did not answer within 200 ms/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    gated.open();
    expect((await server.get('/chain/info')).status).toBe(200);
  });
});
