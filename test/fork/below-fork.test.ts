/**
 * A fork's heights below its fork block: the routes of a height answer 404 with a message that
 * names the fork height and the upstream, where those blocks are; the command's banner of a fork
 * that makes no blocks by itself (`--block-time 0`, the README's command) says how they are made.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryChain } from '../../src/in-memory-chain.js';
import { listening } from '../support/cli.js';
import { closeServers, finalizeHead, forkOf, type Upstream } from '../support/fork.js';
import { startGateway, testChain, TestServer } from '../support/server.js';

describe('a fork below its fork height', () => {
  let upstream: Upstream;
  let fork: TestServer & { chain: InMemoryChain };
  const forkHeight = 6n;

  beforeAll(async () => {
    upstream = await startGateway({ backend: testChain({ seed: 'below-fork', finalizationInterval: 2 }) });
    for (let i = 0; i < 7; i++) upstream.chain.harvest();
    await finalizeHead(upstream);
    fork = await forkOf(upstream, forkHeight);
  });

  afterAll(() => closeServers(fork, upstream));

  it('answers the routes of a height with 404 naming the fork height and the upstream', async () => {
    const said = `height 5 is below the fork height ${forkHeight}: this fork serves blocks from ${forkHeight} on; the blocks before it, and what they hold, are the upstream's, at ${upstream.base}`;
    const hash = 'AB'.repeat(32);
    for (const path of ['/blocks/5', `/blocks/5/transactions/${hash}/merkle`, `/blocks/5/statements/${hash}/merkle`, '/finalization/proof/height/5']) {
      const reply = await fork.get(path);
      expect({ path, status: reply.status, body: reply.body }).toEqual({ path, status: 404, body: { code: 'ResourceNotFound', message: said } });
    }
    expect((await fork.get('/blocks/1')).body.message).toContain('height 1 is below the fork height');
    // The upstream has them.
    expect((await upstream.get('/blocks/5')).status).toBe(200);
  });

  it('answers its own heights, and heights past its head, as before', async () => {
    expect((await fork.get(`/blocks/${forkHeight}`)).body).toEqual((await upstream.get(`/blocks/${forkHeight}`)).body);
    expect((await fork.get('/blocks/99')).body).toEqual({ code: 'ResourceNotFound', message: "no resource exists with id '99'" });
    expect((await fork.get(`/blocks/${forkHeight}/transactions/${'AB'.repeat(32)}/merkle`)).body.message).toMatch(/^no transaction with hash/);
    // A search by height is a page: empty below the fork height, as for any height with no statements.
    const statements = await fork.get('/statements/transaction?height=5');
    expect({ status: statements.status, data: statements.body.data }).toEqual({ status: 200, data: [] });
  });

  it("the command's fork with --block-time 0 says how blocks are made, and its 404 below the fork height names the upstream", async () => {
    const command = await listening(['--fork', upstream.base, '--block-time', '0', '--accounts', '1']);
    await command.printed('dev controls:');
    expect(command.output()).toContain('blocks: none are made by themselves (--block-time 0, no --automine), and transactions stay unconfirmed until one is: POST /dev/mine makes one (below); or restart with --automine (a block for each transaction) or --block-time <ms>');
    const reply = await fetch(`${command.base}/blocks/1`);
    expect(reply.status).toBe(404);
    expect(((await reply.json()) as { message: string }).message).toContain(`the blocks before it, and what they hold, are the upstream's, at ${upstream.base}`);
  }, 30_000);
});
