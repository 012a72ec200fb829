/**
 * A block's merkle leaves rebuilt from an upstream's answers (src/mirror/leaves.ts): for every
 * block of a gateway of ours with activity of many kinds (read over a socket with the upstream
 * client), the transaction and statement leaves are the chain's own, and an answer that leaves
 * out or changes a receipt or a transaction is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InMemoryChain } from '../../src/in-memory-chain.js';
import { blockLeaves, type BlockStatementDTOs } from '../../src/mirror/leaves.js';
import { UpstreamClient } from '../../src/upstream/client.js';
import { activity } from '../support/chain-activity.js';
import { startGateway, type TestServer } from '../support/server.js';

describe('block merkle leaves from an upstream', () => {
  let server: TestServer & { chain: InMemoryChain };
  let client: UpstreamClient;

  beforeAll(async () => {
    server = await startGateway();
    activity(server.chain, 'alpha');
    activity(server.chain, 'beta');
    client = new UpstreamClient({ url: server.base, maxRequestsPerSecond: 1_000 });
  });

  afterAll(async () => {
    await server?.close();
    server?.chain.close();
  });

  async function answersAt(height: number) {
    const [block, transactions, transaction, resolutions] = await Promise.all([
      client.block(height),
      client.blockTransactions(height),
      client.transactionStatements(height),
      client.resolutionStatements(height),
    ]);
    // Top-level transactions carry no aggregate hash.
    const hashes = transactions.filter((info) => !('aggregateHash' in info.meta)).map((info) => ({ index: info.meta.index, hash: (info.meta as { merkleComponentHash: string }).merkleComponentHash }));
    return { block: block!, hashes, statements: { transaction, ...resolutions } as BlockStatementDTOs };
  }

  it("rebuilds every block's leaves as the chain keeps them", async () => {
    const leaves = server.chain.following();
    let statements = 0;
    for (let height = 1; height <= Number(server.chain.height); height++) {
      const { block, hashes, statements: answered } = await answersAt(height);
      const rebuilt = blockLeaves(block, hashes, answered);
      expect(rebuilt, `block ${height}`).toEqual(leaves.merkleLeaves(height));
      statements += rebuilt.statements.length / 32;
    }
    expect(statements).toBeGreaterThan(Number(server.chain.height));
  });

  it('refuses answers that do not make the block’s roots', async () => {
    const busy = Number(server.chain.height) - 12;
    const { block, hashes, statements } = await answersAt(busy);
    expect(statements.transaction.length).toBeGreaterThan(1);
    expect(() => blockLeaves(block, hashes.slice(1), statements)).toThrow(/transactionsHash/);
    expect(() => blockLeaves(block, hashes, { ...statements, transaction: statements.transaction.slice(1) })).toThrow(/receiptsHash/);
    const [first, ...rest] = statements.transaction;
    const changed = { ...first, statement: { ...first.statement, receipts: first.statement.receipts.map((receipt) => ({ ...receipt, amount: receipt.amount === undefined ? undefined : String(BigInt(receipt.amount) + 1n) })) } };
    expect(() => blockLeaves(block, hashes, { ...statements, transaction: [changed, ...rest] })).toThrow(/receiptsHash/);
  });
});
