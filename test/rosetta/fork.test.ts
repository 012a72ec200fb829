/**
 * The Rosetta API over a fork of another gateway: its genesis is the fork's first block (the
 * chain below it is the upstream's, not served), whose parent is itself; its blocks, balances and
 * construction read the forked chain; its currency is `symbol.xym` with 6 decimals, as the
 * upstream's nemesis block names it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryChain } from '../../src/in-memory-chain.js';
import { createGateway } from '../../src/gateway.js';
import { closeServers, finalizeHead, type Upstream } from '../support/fork.js';
import { meshPost } from '../support/mesh.js';
import { startGateway, TestServer, testChain } from '../support/server.js';
import { transfer } from '../support/signing.js';

const NETWORK = { blockchain: 'Symbol', network: 'testnet' };

describe('Rosetta over a fork', () => {
  let upstream: Upstream;
  let fork: TestServer & { chain: InMemoryChain };
  let base: string;

  beforeAll(async () => {
    const chain = testChain();
    upstream = Object.assign(await startGateway({ backend: chain }), { chain });
    for (let i = 0; i < 5; i++) chain.harvest();
    await finalizeHead(upstream);
    const forked = await InMemoryChain.fork({ url: upstream.base, upstream: { maxRequestsPerSecond: 1_000 } }, { blockInterval: false });
    fork = Object.assign(await TestServer.start(createGateway({ backend: forked, rosetta: true })), { chain: forked });
    base = `${fork.base}/rosetta`;
  });

  afterAll(() => closeServers(fork, upstream));

  it("names the fork's first block as genesis, its own parent, and serves the blocks from there", async () => {
    const forkHeight = Number(fork.chain.height);
    expect(forkHeight).toBeGreaterThan(1);
    const status = (await meshPost(base, '/network/status', { network_identifier: NETWORK })).body;
    const first = (await fork.get(`/blocks/${forkHeight}`)).body;
    expect(status.genesis_block_identifier).toEqual({ index: forkHeight, hash: first.meta.hash });
    const genesis = (await meshPost(base, '/block', { network_identifier: NETWORK, block_identifier: { index: forkHeight } })).body;
    expect(genesis.block.parent_block_identifier).toEqual(genesis.block.block_identifier);
    // Below the fork: not served, a Mesh notFound.
    const below = await meshPost(base, '/block', { network_identifier: NETWORK, block_identifier: { index: 1 } });
    expect([below.status, below.body.code]).toEqual([500, 8]);

    // A transfer on the fork: its block's operations and the balances moved.
    const [alice, bob] = fork.chain.fundedAccounts;
    const signed = transfer(fork.chain, alice, bob, { amount: 1_234n });
    // Through the construction API's last step, as an exchange submits; the fork reads what it needs of the upstream first.
    const submitted = (await meshPost(base, '/construction/submit', { network_identifier: NETWORK, signed_transaction: signed.payload })).body;
    expect(submitted.transaction_identifier.hash).toBe(signed.hash);
    for (let tries = 0; (await fork.get(`/transactionStatus/${signed.hash}`)).body.group !== 'unconfirmed'; tries++) {
      if (tries > 200) throw new Error(`the submitted transfer never reached the pool: ${JSON.stringify((await fork.get(`/transactionStatus/${signed.hash}`)).body)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    fork.chain.harvest();
    const next = (await meshPost(base, '/block', { network_identifier: NETWORK, block_identifier: { index: forkHeight + 1 } })).body;
    expect(next.block.parent_block_identifier).toEqual(genesis.block.block_identifier);
    const moved = next.block.transactions.find((entry: { transaction_identifier: { hash: string } }) => entry.transaction_identifier.hash === signed.hash);
    expect(moved.operations.filter((operation: { type: string }) => operation.type === 'transfer').map((operation: { amount: { value: string } }) => operation.amount.value)).toEqual(['-1234', '1234']);
    const balance = (await meshPost(base, '/account/balance', { network_identifier: NETWORK, account_identifier: { address: bob.address.toString() } })).body;
    const rest = (await fork.get(`/accounts/${bob.address.toString()}`)).body;
    const currency = rest.account.mosaics.find((mosaic: { id: string }) => mosaic.id === balance.balances[0].currency.metadata.id);
    expect(balance.balances[0].value).toBe(currency.amount);
    // Without block 1 (its nemesis block is the upstream's), the currency is named as every Symbol network names it.
    expect(balance.balances[0].currency).toEqual({ symbol: 'symbol.xym', decimals: 6, metadata: { id: fork.chain.currency.mosaicId } });
    expect(balance.block_identifier.index).toBe(forkHeight + 1);
  });
});
