/**
 * A chain of every kind of balance movement the Rosetta block operations must account for, and
 * a walk of its blocks through `/rosetta/block`, for the block, mempool and reconciliation tests.
 */
import { createHash } from 'node:crypto';
import { Hash256 } from 'symbol-sdk';
import { Address, generateMosaicId, generateNamespaceId, models } from 'symbol-sdk/symbol';
import { expect } from 'vitest';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import type { InMemoryChainOptions } from '../../src/memory/options.js';
import { hashLockFor, signedBy } from '../support/announce.js';
import { activity, type Activity } from '../support/chain-activity.js';
import { meshPost } from '../support/mesh.js';
import { testChain, type TestServer } from '../support/server.js';
import { aggregate, embeddedTransfer, transfer, XYM_ALIAS, type Signed } from '../support/signing.js';

/** A test chain on which namespaces of a few blocks can be registered (and so expire in a test), with inflation from block 3 on. */
export function rosettaChain(options: InMemoryChainOptions = {}): InMemoryChain {
  return testChain({ finalizationInterval: 5, ...options, rules: { minNamespaceDuration: 5n, inflation: [[1n, 0n], [3n, 7_000_000n]], ...options.rules } });
}

const sha3 = (text: string): Hash256 => new Hash256(createHash('sha3-256').update(text).digest());

/**
 * `activity` (transfers, a namespace with an address alias, a mosaic and its supply, a secret
 * lock, hash locks, aggregates bonded, one completed by a cosignature, one left partial, a
 * failed transfer, a pending one), then: a multisig account made (aggregate complete with
 * cosignatures) and spending through a cosigner, a transfer of two mosaics (one through an
 * alias) to an address alias, a revokable mosaic handed out, decreased and revoked, the address
 * alias moved to another account between two transfers to it in one block, a secret
 * lock claimed by its proof, a secret lock and a hash lock left to expire, a namespace left to
 * expire, and empty blocks past all of it. The partial aggregate stays (`activity`'s pending
 * transfer is confirmed).
 */
export function busyChain(chain: InMemoryChain): Activity {
  const done = activity(chain, 'one');
  const [a, b, c, d, e, f, g] = chain.fundedAccounts;
  const send = (signed: Signed) => chain.announcer.announce(signed.payload);
  const currency = BigInt(`0x${chain.currency.mosaicId}`);

  // e becomes a 1-of-2 multisig of f and g (who opt in by cosigning), then f spends e's funds.
  const modification = chain.facade.transactionFactory.createEmbedded({
    type: 'multisig_account_modification_transaction_v1',
    signerPublicKey: e.keyPair.publicKey,
    minApprovalDelta: 1,
    minRemovalDelta: 1,
    addressAdditions: [new Address(f.address), new Address(g.address)],
    addressDeletions: [],
  } as never);
  send(aggregate(chain, 'complete', e, [modification], { cosigners: [f, g] }));
  // A revokable mosaic of c.
  const nonce = 7;
  const token = generateMosaicId(new Address(c.address), nonce);
  send(signedBy(chain, c, { type: 'mosaic_definition_transaction_v1', nonce, flags: 'supply_mutable transferable revokable', divisibility: 2, duration: 0n }));
  // A namespace of a few blocks, and a secret lock and a hash lock that expire before they are used.
  send(signedBy(chain, d, { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: 5n, name: 'brief', id: generateNamespaceId('brief') }));
  send(signedBy(chain, d, { type: 'secret_lock_transaction_v1', recipientAddress: a.address, secret: sha3('never told'), mosaic: { mosaicId: currency, amount: 4_000_000n }, duration: 2n, hashAlgorithm: 'sha3_256' }));
  const unannounced = aggregate(chain, 'bonded', b, [embeddedTransfer(chain, b, a, 1n)]);
  send(hashLockFor(chain, b, unannounced.hash, { duration: 2n }));
  // A secret lock d will claim.
  send(signedBy(chain, c, { type: 'secret_lock_transaction_v1', recipientAddress: d.address, secret: sha3('told'), mosaic: { mosaicId: currency, amount: 6_000_000n }, duration: 50n, hashAlgorithm: 'sha3_256' }));
  chain.processAnnounced();
  chain.harvest();

  send(aggregate(chain, 'complete', f, [embeddedTransfer(chain, e, a, 3_000_000n), embeddedTransfer(chain, f, g, 1_000n)]));
  send(signedBy(chain, c, { type: 'mosaic_supply_change_transaction_v1', mosaicId: token, delta: 10_000n, action: 'increase' }));
  send(signedBy(chain, d, { type: 'secret_proof_transaction_v1', recipientAddress: d.address, secret: sha3('told'), hashAlgorithm: 'sha3_256', proof: Buffer.from('told') }));
  chain.processAnnounced();
  chain.harvest();

  // Two mosaics (the currency through its alias) to the address alias `one` (a's).
  const aliasOfA = Address.fromNamespaceId(new models.NamespaceId(generateNamespaceId('one')), chain.facade.network.identifier);
  const mosaics = [{ mosaicId: XYM_ALIAS, amount: 5_000_000n }, { mosaicId: token, amount: 4_000n }].sort((x, y) => (x.mosaicId < y.mosaicId ? -1 : 1));
  send(signedBy(chain, c, { type: 'transfer_transaction_v1', recipientAddress: aliasOfA, mosaics, message: new Uint8Array() }));
  send(signedBy(chain, c, { type: 'mosaic_supply_change_transaction_v1', mosaicId: token, delta: 1_000n, action: 'decrease' }));
  chain.processAnnounced();
  chain.harvest();

  send(signedBy(chain, c, { type: 'mosaic_supply_revocation_transaction_v1', sourceAddress: a.address, mosaic: { mosaicId: token, amount: 1_500n } }));
  send(transfer(chain, g, b, { amount: 12n }));
  // In one block: a transfer to the alias `one` (a's), the alias moved to b, another transfer to it (b's).
  const one = generateNamespaceId('one');
  const toAlias = (amount: bigint) => signedBy(chain, g, { type: 'transfer_transaction_v1', recipientAddress: aliasOfA, mosaics: [{ mosaicId: XYM_ALIAS, amount }], message: new Uint8Array() });
  send(toAlias(11n));
  send(signedBy(chain, a, { type: 'address_alias_transaction_v1', namespaceId: one, address: a.address, aliasAction: 'unlink' }));
  send(signedBy(chain, a, { type: 'address_alias_transaction_v1', namespaceId: one, address: b.address, aliasAction: 'link' }));
  send(toAlias(13n));
  chain.processAnnounced();
  for (let i = 0; i < 8; i++) chain.harvest();
  return done;
}

/** A Mesh operation as the tests read it. */
export interface Operation {
  operation_identifier: { index: number };
  type: string;
  status?: string;
  account?: { address: string };
  amount?: { value: string; currency: { symbol: string; decimals: number; metadata: { id: string } } };
  metadata?: Record<string, unknown>;
}

/** A Mesh transaction as the tests read it. */
export interface MeshTransaction {
  transaction_identifier: { hash: string };
  operations: Operation[];
}

/** A Mesh block as the tests read it. */
export interface MeshBlock {
  block_identifier: { index: number; hash: string };
  parent_block_identifier: { index: number; hash: string };
  timestamp: number;
  transactions: MeshTransaction[];
}

/** The `network_identifier` of the chain a gateway serves. */
export async function networkOf(server: TestServer): Promise<{ blockchain: string; network: string }> {
  return { blockchain: 'Symbol', network: (await server.get('/network')).body.name };
}

/**
 * Every block from 1 to the head through `/rosetta/block` (each answer schema-checked), each
 * non-block transaction fetched again through `/rosetta/block/transaction` and found equal.
 */
export async function walkBlocks(server: TestServer): Promise<MeshBlock[]> {
  await server.settle?.();
  const rosetta = `${server.base}/rosetta`;
  const network_identifier = await networkOf(server);
  const head = Number((await server.get('/chain/info')).body.height);
  const blocks: MeshBlock[] = [];
  for (let index = 1; index <= head; index++) {
    const { status, body } = await meshPost<{ block: MeshBlock }>(rosetta, '/block', { network_identifier, block_identifier: { index } });
    expect(status).toBe(200);
    const { block } = body;
    for (const transaction of block.transactions) {
      expect(transaction.operations.map((operation) => operation.operation_identifier.index)).toEqual(transaction.operations.map((_, i) => i));
      const again = await meshPost(rosetta, '/block/transaction', { network_identifier, block_identifier: block.block_identifier, transaction_identifier: transaction.transaction_identifier });
      expect(again).toEqual({ status: 200, body: { transaction } });
    }
    blocks.push(block);
  }
  return blocks;
}
