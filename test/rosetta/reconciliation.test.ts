/**
 * Rosetta reconciliation: on a chain with every kind of balance movement (test/rosetta/busy-chain.ts:
 * transfers through aliases, aggregates complete and bonded with cosignatures, a multisig
 * account, hash and secret locks claimed and expired, namespaces and mosaics with their rental
 * fees, supply changes and a revocation, harvesting with inflation), the amounts of every operation of every
 * block from 1 to the head, summed per account and currency, equal each account's mosaics as
 * REST's `/accounts/{address}` answers them, for every account in an operation and every
 * account the chain funded or harvests with: over the in-memory chain and over a PostgreSQL reader.
 */
import { describe, expect, it } from 'vitest';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { createPostgresBackend } from '../../src/postgres/backend.js';
import { usePostgresStore } from '../support/postgres.js';
import { startGateway, type TestServer } from '../support/server.js';
import { busyChain, rosettaChain, walkBlocks, type MeshBlock } from './busy-chain.js';

const { postgres, cleanups, writerOn } = usePostgresStore();

type Balances = Record<string, Record<string, string>>;

/** The sum of every operation's amount per account (encoded address) and mosaic id; zero sums left out. */
function summed(blocks: readonly MeshBlock[]): Balances {
  const sums = new Map<string, Map<string, bigint>>();
  for (const operation of blocks.flatMap((block) => block.transactions.flatMap((transaction) => transaction.operations))) {
    if (!operation.amount || !operation.account) continue;
    const account = sums.get(operation.account.address) ?? new Map<string, bigint>();
    const id = operation.amount.currency.metadata.id;
    account.set(id, (account.get(id) ?? 0n) + BigInt(operation.amount.value));
    sums.set(operation.account.address, account);
  }
  return Object.fromEntries([...sums].map(([address, amounts]) => [address, Object.fromEntries([...amounts].filter(([, amount]) => amount !== 0n).map(([id, amount]) => [id, amount.toString()]))]));
}

/** What REST's `/accounts/{address}` says each account holds (nothing for an account it does not know). */
async function restBalances(server: TestServer, addresses: readonly string[]): Promise<Balances> {
  const balances: Balances = {};
  for (const address of addresses) {
    const { status, body } = await server.get(`/accounts/${address}`);
    expect([200, 404]).toContain(status);
    const mosaics: { id: string; amount: string }[] = status === 200 ? body.account.mosaics : [];
    balances[address] = Object.fromEntries(mosaics.filter(({ amount }) => amount !== '0').map(({ id, amount }) => [id, amount]));
  }
  return balances;
}

/** Walks every block of the gateway's chain and compares the summed operations with REST's balances. */
async function reconcile(server: TestServer, chain: InMemoryChain): Promise<void> {
  const blocks = await walkBlocks(server);
  expect(blocks.length).toBe(Number(chain.height));
  const sums = summed(blocks);
  const touched = new Set([...Object.keys(sums), chain.nemesisAccount.address, ...chain.harvesters.map((account) => account.address), ...chain.fundedAccounts.map((account) => account.address)]);
  const addresses = [...touched].sort();
  expect(Object.fromEntries(addresses.map((address) => [address, sums[address] ?? {}]))).toEqual(await restBalances(server, addresses));
  // What the chain did shows in the operations: fees, cosignatures, a multisig change, several mosaics.
  const types = new Set(blocks.flatMap((block) => block.transactions.flatMap((transaction) => transaction.operations.map((operation) => operation.type))));
  expect([...types].sort()).toEqual(['cosign', 'fee', 'multisig', 'transfer']);
  expect(new Set(Object.values(sums).flatMap((amounts) => Object.keys(amounts))).size).toBeGreaterThanOrEqual(3);
  // The chain's receipts moved balances of every kind: rentals, locks created, claimed and expired, harvest fees and inflation.
  const statements: { statement: { receipts: { type: number }[] } }[] = (await server.get('/statements/transaction?pageSize=100')).body.data;
  const receiptTypes = new Set(statements.flatMap(({ statement }) => statement.receipts.map((receipt) => receipt.type)));
  for (const type of [0x124d, 0x134e, 0x2143, 0x5143, 0x3148, 0x2248, 0x2348, 0x3152, 0x2252, 0x2352]) expect(receiptTypes, `receipt type 0x${type.toString(16)}`).toContain(type);
}

describe('Rosetta reconciliation', () => {
  it('sums every operation of every block to each account balance, over the in-memory chain', async () => {
    const server = await startGateway({ rosetta: true, backend: rosettaChain() });
    cleanups.push(() => server.close());
    busyChain(server.chain);
    await reconcile(server, server.chain);
  });

  it('sums every operation of every block to each account balance, over a PostgreSQL reader', async () => {
    const chain = rosettaChain();
    cleanups.push(async () => chain.close());
    const writer = await writerOn(chain);
    busyChain(chain);
    await writer.flushed();
    const server = await startGateway({ rosetta: true, backend: createPostgresBackend({ url: postgres().url }) });
    cleanups.push(() => server.close());
    await reconcile(server, chain);
  });
});
