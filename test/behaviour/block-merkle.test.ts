/**
 * `GET /blocks/{height}/transactions/{hash}/merkle` and `/statements/{hash}/merkle`: every
 * path the gateway answers is proven with symbol-sdk v3's `proveMerkle` against the block's
 * `transactionsHash` or `receiptsHash`, the statement hashes computed by symbol-sdk 2.0.7 from
 * the statements REST shows; a changed path or leaf fails the proof. Bodies are checked against
 * the OpenAPI schema by the test server.
 */
import { Hash256 } from 'symbol-sdk';
import { Address, generateMosaicId, generateNamespaceId, proveMerkle } from 'symbol-sdk/symbol';
import * as sdk2 from 'symbol-sdk-v2';
import { NetworkType, type AddressResolutionStatement, type MosaicIdResolutionStatement, type TransactionStatement } from 'symbol-sdk-v2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { startGateway, testChain } from '../support/server.js';
import { aggregate, embeddedTransfer, inAnHour, sign, transfer, type Signed } from '../support/signing.js';

type Server = Awaited<ReturnType<typeof startGateway>>;
type PathItem = { hash: string; position: 'left' | 'right' };

// What symbol-sdk 2.0.7's ReceiptHttp maps REST bodies with: exported at run time, missing from its type declarations.
const { createTransactionStatement, createAddressResolutionStatement, createMosaicResolutionStatement } = sdk2 as unknown as {
  createTransactionStatement(dto: unknown): TransactionStatement;
  createAddressResolutionStatement(dto: unknown): AddressResolutionStatement;
  createMosaicResolutionStatement(dto: unknown): MosaicIdResolutionStatement;
};

const JSON_HEADERS = { 'content-type': 'application/json' };

/** symbol-sdk v3's check of a path from `leaf` to `root`. */
function proves(leaf: string, path: readonly PathItem[], root: string): boolean {
  return proveMerkle(new Hash256(leaf), path.map(({ hash, position }) => ({ hash: new Hash256(hash), isLeft: position === 'left' })), new Hash256(root));
}

/** `hash` with its first hex digit changed. */
const changed = (hash: string): string => `${hash[0] === '0' ? '1' : '0'}${hash.slice(1)}`;

let server: Server;
let chain: InMemoryChain;
/** The height of the block with many transactions and statements. */
let busy: number;
let cosigned: Signed;

beforeAll(async () => {
  chain = testChain({ rules: { minNamespaceDuration: 5n } });
  server = await startGateway({ backend: chain });
  const [a, b, c] = chain.fundedAccounts;
  const { facade } = chain;
  const put = async (signed: Signed) => expect((await server.request('PUT', '/transactions', { body: signed.body, headers: JSON_HEADERS })).status).toBe(202);
  const common = () => ({ signerPublicKey: a.keyPair.publicKey, fee: 2_000_000n, deadline: inAnHour(chain) });
  const root = generateNamespaceId('proofs');
  const mosaicId = generateMosaicId(new Address(a.address), 5);
  await put(sign(facade, a.keyPair, facade.transactionFactory.create({ ...common(), type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: 10n, name: 'proofs', id: root })));
  await put(sign(facade, a.keyPair, facade.transactionFactory.create({ ...common(), type: 'mosaic_definition_transaction_v1', id: mosaicId, nonce: 5, flags: 'transferable', divisibility: 0, duration: 0n })));
  await put(sign(facade, a.keyPair, facade.transactionFactory.create({ ...common(), type: 'mosaic_supply_change_transaction_v1', mosaicId, delta: 1_000n, action: 'increase' })));
  chain.harvest();
  await put(sign(facade, a.keyPair, facade.transactionFactory.create({ ...common(), type: 'mosaic_alias_transaction_v1', namespaceId: root, mosaicId, aliasAction: 'link' })));
  chain.harvest();
  // Six transactions (an odd layer above the leaves), an aggregate cosigned by b (its leaf is no plain hash), and a mosaic named by its alias (a resolution statement).
  cosigned = aggregate(chain, 'complete', a, [embeddedTransfer(chain, a, c), embeddedTransfer(chain, b, c)], { cosigners: [b] });
  await put(cosigned);
  await put(sign(facade, a.keyPair, facade.transactionFactory.create({ ...common(), type: 'transfer_transaction_v1', recipientAddress: b.address, mosaics: [{ mosaicId: root, amount: 5n }] })));
  for (const [from, to] of [[b, c], [c, a], [c, b], [b, a]] as const) await put(transfer(chain, from, to));
  busy = Number(chain.harvest().block.height);
});
afterAll(() => server.close());

async function block(height: number) {
  const reply = await server.get(`/blocks/${height}`);
  expect(reply.status).toBe(200);
  return reply.body;
}

describe('GET /blocks/{height}/transactions/{hash}/merkle', () => {
  it("answers a path symbol-sdk v3 proves against the block's transactionsHash for every transaction of every block", async () => {
    for (let height = 1; height <= busy; height++) {
      const { block: header, meta } = await block(height);
      const listed = (await server.get(`/transactions/confirmed?height=${height}&pageSize=100&order=asc`)).body.data;
      expect(listed.length, `height ${height}`).toBe(meta.transactionsCount);
      for (const { meta: entry } of listed) {
        const reply = await server.get(`/blocks/${height}/transactions/${entry.merkleComponentHash}/merkle`);
        expect(reply.status).toBe(200);
        expect(proves(entry.merkleComponentHash, reply.body.merklePath, header.transactionsHash), `${entry.hash} at ${height}`).toBe(true);
      }
    }
  });

  it('fails the proof with a changed sibling or a changed leaf', async () => {
    const { block: header } = await block(busy);
    const [{ meta: entry }] = (await server.get(`/transactions/confirmed?height=${busy}&pageSize=100&order=asc`)).body.data;
    const { merklePath } = (await server.get(`/blocks/${busy}/transactions/${entry.merkleComponentHash}/merkle`)).body;
    expect(merklePath.length).toBe(3); // six leaves: three levels
    expect(proves(entry.merkleComponentHash, [{ ...merklePath[0], hash: changed(merklePath[0].hash) }, ...merklePath.slice(1)], header.transactionsHash)).toBe(false);
    expect(proves(entry.merkleComponentHash, [{ ...merklePath[0], position: merklePath[0].position === 'left' ? 'right' : 'left' }, ...merklePath.slice(1)], header.transactionsHash)).toBe(false);
    expect(proves(changed(entry.merkleComponentHash), merklePath, header.transactionsHash)).toBe(false);
  });

  it('takes the merkle component hash as the leaf: for an aggregate with cosignatures, not its transaction hash (404)', async () => {
    const info = (await server.get(`/transactions/confirmed/${cosigned.hash}`)).body;
    expect(info.meta.merkleComponentHash).not.toBe(cosigned.hash);
    expect((await server.get(`/blocks/${busy}/transactions/${info.meta.merkleComponentHash}/merkle`)).status).toBe(200);
    expect((await server.get(`/blocks/${busy}/transactions/${cosigned.hash}/merkle`)).status).toBe(404);
  });

  it('answers 404 for a hash of another block, an empty block and a height above the chain; 409 for a malformed hash or height', async () => {
    const [{ meta: entry }] = (await server.get(`/transactions/confirmed?height=${busy}&pageSize=10`)).body.data;
    expect((await server.get(`/blocks/${busy - 1}/transactions/${entry.merkleComponentHash}/merkle`)).status).toBe(404);
    const empty = Number(chain.harvest().block.height);
    expect((await server.get(`/blocks/${empty}/transactions/${entry.merkleComponentHash}/merkle`)).status).toBe(404);
    expect((await server.get(`/blocks/${empty + 5}/transactions/${entry.merkleComponentHash}/merkle`)).status).toBe(404);
    const badHash = await server.get(`/blocks/${busy}/transactions/${entry.merkleComponentHash.slice(1)}/merkle`);
    expect([badHash.status, badHash.body.code]).toEqual([409, 'InvalidArgument']);
    expect(badHash.body.message).toContain('hash');
    const badHeight = await server.get(`/blocks/x1/transactions/${entry.merkleComponentHash}/merkle`);
    expect([badHeight.status, badHeight.body.code]).toEqual([409, 'InvalidArgument']);
    expect(badHeight.body.message).toContain('height');
  });
});

describe('GET /blocks/{height}/statements/{hash}/merkle', () => {
  const page = async (path: string): Promise<any[]> => (await server.get(`${path}&order=asc&pageSize=100`)).body.data;

  /** The block's statement hashes as symbol-sdk 2.0.7 computes them from the REST bodies, in the receiptsHash's order. */
  async function statementHashes(height: number): Promise<string[]> {
    const transactionStatements = (await page(`/statements/transaction?height=${height}`)).map(createTransactionStatement);
    const addressStatements = (await page(`/statements/resolutions/address?height=${height}`)).map(createAddressResolutionStatement);
    const mosaicStatements = (await page(`/statements/resolutions/mosaic?height=${height}`)).map(createMosaicResolutionStatement);
    return [
      ...transactionStatements.map((statement) => statement.generateHash()),
      ...addressStatements.map((statement) => statement.generateHash(NetworkType.TEST_NET)),
      ...mosaicStatements.map((statement) => statement.generateHash(NetworkType.TEST_NET)),
    ];
  }

  it("answers a path symbol-sdk v3 proves against the block's receiptsHash for every statement of every block", async () => {
    let proven = 0;
    for (let height = 1; height <= busy; height++) {
      const { block: header, meta } = await block(height);
      const hashes = await statementHashes(height);
      expect(hashes.length, `height ${height}`).toBe(meta.statementsCount);
      for (const hash of hashes) {
        const reply = await server.get(`/blocks/${height}/statements/${hash}/merkle`);
        expect(reply.status).toBe(200);
        expect(proves(hash, reply.body.merklePath, header.receiptsHash), `${hash} at ${height}`).toBe(true);
        expect(proves(changed(hash), reply.body.merklePath, header.receiptsHash)).toBe(false);
        proven++;
      }
    }
    expect(proven).toBeGreaterThan(busy); // harvest fees in every block, rental fees and a mosaic resolution besides
  });

  it('answers 404 for a transaction hash (no statement) and a statement of another block', async () => {
    const [first] = await statementHashes(busy);
    expect((await server.get(`/blocks/${busy}/statements/${first}/merkle`)).status).toBe(200);
    expect((await server.get(`/blocks/${busy - 1}/statements/${first}/merkle`)).status).toBe(404);
    expect((await server.get(`/blocks/${busy}/statements/${cosigned.hash}/merkle`)).status).toBe(404);
  });
});
