import { createHash } from 'node:crypto';
import { PublicKey, Signature } from 'symbol-sdk';
import { Address, Verifier, models } from 'symbol-sdk/symbol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlockInfoDTO } from '../../src/backend/dto.js';
import { InMemoryChain } from '../../src/index.js';
import { FIXED_START, startGateway, testChain } from '../support/server.js';

type Server = Awaited<ReturnType<typeof startGateway>>;

const NEMESIS = 32835;
const NORMAL = 33091;
const IMPORTANCE = 33347;
const HARVESTS = 25;
const UPPER_HEX = /^[0-9A-F]+$/;
const IMPORTANCE_FIELDS = ['votingEligibleAccountsCount', 'harvestingEligibleAccountsCount', 'totalVotingBalance', 'previousImportanceBlockHash'] as const;

/** Every block of the server's chain, ascending by height (the chain is kept under 100 blocks). */
async function allBlocks(server: Server): Promise<BlockInfoDTO[]> {
  const reply = await server.get('/blocks?pageSize=100&order=asc');
  expect(reply.status).toBe(200);
  return reply.body.data;
}

async function heightsOf(server: Server, query: string): Promise<{ heights: number[]; totalEntries: number }> {
  const reply = await server.get(`/blocks?pageSize=100&order=asc&${query}`);
  expect(reply.status).toBe(200);
  return { heights: reply.body.data.map((b: BlockInfoDTO) => Number(b.block.height)), totalEntries: reply.body.pagination.totalEntries };
}

const bytes = (hex: string): Uint8Array<ArrayBuffer> => new Uint8Array(Buffer.from(hex, 'hex'));

function sha3(...parts: Uint8Array[]): string {
  const hash = createHash('sha3-256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex').toUpperCase();
}

/**
 * Rebuilds a block header from its REST DTO with symbol-sdk's catbuffer models alone (no
 * code of the gateway), as a client that wants to check a block would.
 */
function rebuildHeader(dto: BlockInfoDTO['block']): Uint8Array {
  const block =
    dto.type === NEMESIS ? new models.NemesisBlockV1() : dto.type === IMPORTANCE ? new models.ImportanceBlockV1() : new models.NormalBlockV1();
  block.signature = new models.Signature(bytes(dto.signature));
  block.signerPublicKey = new models.PublicKey(bytes(dto.signerPublicKey));
  block.network = new models.NetworkType(dto.network);
  block.height = new models.Height(BigInt(dto.height));
  block.timestamp = new models.Timestamp(BigInt(dto.timestamp));
  block.difficulty = new models.Difficulty(BigInt(dto.difficulty));
  const proof = new models.VrfProof();
  proof.gamma = new models.ProofGamma(bytes(dto.proofGamma));
  proof.verificationHash = new models.ProofVerificationHash(bytes(dto.proofVerificationHash));
  proof.scalar = new models.ProofScalar(bytes(dto.proofScalar));
  block.generationHashProof = proof;
  block.previousBlockHash = new models.Hash256(bytes(dto.previousBlockHash));
  block.transactionsHash = new models.Hash256(bytes(dto.transactionsHash));
  block.receiptsHash = new models.Hash256(bytes(dto.receiptsHash));
  block.stateHash = new models.Hash256(bytes(dto.stateHash));
  block.beneficiaryAddress = new models.Address(bytes(dto.beneficiaryAddress));
  block.feeMultiplier = new models.BlockFeeMultiplier(dto.feeMultiplier);
  if (!(block instanceof models.NormalBlockV1)) {
    block.votingEligibleAccountsCount = dto.votingEligibleAccountsCount!;
    block.harvestingEligibleAccountsCount = BigInt(dto.harvestingEligibleAccountsCount!);
    block.totalVotingBalance = new models.Amount(BigInt(dto.totalVotingBalance!));
    block.previousImportanceBlockHash = new models.Hash256(bytes(dto.previousImportanceBlockHash!));
  }
  return block.serialize();
}

/** Size, reserved, signature, signer, reserved: the bytes before the signed data. */
const VERIFIABLE_HEADER = 108;

function checkBlock(info: BlockInfoDTO): { size: number; signatureValid: boolean; hash: string } {
  const dto = info.block;
  const header = rebuildHeader(dto);
  // A normal block's 4 trailing padding bytes are neither signed nor hashed (catapult's GetBlockHeaderDataBuffer).
  const headerEnd = dto.type === NORMAL ? header.length - 4 : header.length;
  const data = header.subarray(VERIFIABLE_HEADER, headerEnd);
  const signatureValid = new Verifier(new PublicKey(dto.signerPublicKey)).verify(data, new Signature(dto.signature));
  return { size: header.length, signatureValid, hash: sha3(bytes(dto.signature), bytes(dto.signerPublicKey), data) };
}

describe('GET /blocks/{height}', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startGateway();
  });
  afterAll(() => server.close());

  it('answers height 1 with the nemesis block', async () => {
    const reply = await server.get('/blocks/1');
    expect(reply.status).toBe(200);
    const { block, meta } = reply.body as BlockInfoDTO;
    expect(block.type).toBe(NEMESIS);
    expect(block.height).toBe('1');
    expect(block.previousBlockHash).toBe('0'.repeat(64));
    expect(block.timestamp).toBe('0');
    expect(block.signerPublicKey).toBe(server.chain.nemesisAccount.publicKey);
    const info = await server.get('/node/info');
    expect(meta.generationHash).toBe(info.body.networkGenerationHashSeed);
  });

  it('answers the latest height and 404 just above it', async () => {
    server.chain.harvest();
    const latest = await server.get('/blocks/2');
    expect(latest.status).toBe(200);
    expect(latest.body.block.height).toBe('2');
    expect(latest.body.block.type).toBe(NORMAL);

    const reply = await server.get('/blocks/3');
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ code: 'ResourceNotFound', message: "no resource exists with id '3'" });
  });

  it.each([['1000'], ['999999999999999'], ['1000000000000000'], ['9007199254740993'], ['18446744073709551615']])('answers height %s above the chain with 404 naming it', async (height) => {
    const reply = await server.get(`/blocks/${height}`);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ code: 'ResourceNotFound', message: `no resource exists with id '${height}'` });
  });

  it('answers height 0 with 404', async () => {
    const reply = await server.get('/blocks/0');
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ code: 'ResourceNotFound', message: "no resource exists with id '0'" });
  });

  it.each([['abc'], ['-1'], ['+1'], ['01'], ['1.5'], ['18446744073709551616'], ['0x10'], ['1e3'], ['1%20']])('answers height %s with 409 InvalidArgument', async (height) => {
    const reply = await server.get(`/blocks/${height}`);
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe('InvalidArgument');
    expect(reply.body.message).toContain('height');
  });
});

describe('GET /blocks', () => {
  let server: Server;
  let blocks: BlockInfoDTO[];
  // Blocks after the nemesis block empty: headers alone.
  const chain = testChain({ importanceGrouping: 10, accountCount: 0 });

  beforeAll(async () => {
    server = await startGateway({ backend: chain });
    for (let i = 0; i < HARVESTS; i++) chain.harvest();
    blocks = await allBlocks(server);
  });
  afterAll(() => server.close());

  describe('consistency', () => {
    it('lists every block at contiguous heights', () => {
      expect(blocks).toHaveLength(HARVESTS + 1);
      expect(blocks.map((b) => b.block.height)).toEqual(Array.from({ length: HARVESTS + 1 }, (_, i) => String(i + 1)));
    });

    it('serves each block of the list unchanged at /blocks/{height}', async () => {
      for (const info of [blocks[0], blocks[9], blocks[HARVESTS]]) {
        const reply = await server.get(`/blocks/${info.block.height}`);
        expect(reply.body).toEqual(info);
      }
    });

    it('links each block to the hash of the one before it', () => {
      expect(blocks[0].block.previousBlockHash).toBe('0'.repeat(64));
      for (let i = 1; i < blocks.length; i++) expect(blocks[i].block.previousBlockHash, `height ${i + 1}`).toBe(blocks[i - 1].meta.hash);
      expect(new Set(blocks.map((b) => b.meta.hash)).size).toBe(blocks.length);
    });

    it('stamps strictly growing timestamps', () => {
      for (let i = 1; i < blocks.length; i++) {
        expect(BigInt(blocks[i].block.timestamp) > BigInt(blocks[i - 1].block.timestamp), `height ${i + 1}`).toBe(true);
      }
    });

    it('marks every block as testnet (152), version 1', () => {
      for (const { block } of blocks) {
        expect(block.network).toBe(152);
        expect(block.version).toBe(1);
      }
    });

    it('makes exactly heights 10 and 20 importance blocks, with the importance fields only there and on the nemesis', () => {
      const types = blocks.map((b) => b.block.type);
      expect(types[0]).toBe(NEMESIS);
      for (let height = 2; height <= blocks.length; height++) {
        expect(types[height - 1], `height ${height}`).toBe(height === 10 || height === 20 ? IMPORTANCE : NORMAL);
      }
      for (const { block } of blocks) {
        const hasFooter = block.type !== NORMAL;
        for (const field of IMPORTANCE_FIELDS) expect(field in block, `${field} at height ${block.height}`).toBe(hasFooter);
      }
      expect(blocks[9].block.previousImportanceBlockHash).toBe(blocks[0].meta.hash);
      expect(blocks[19].block.previousImportanceBlockHash).toBe(blocks[9].meta.hash);
    });

    it('gives empty normal blocks size 376 and empty importance blocks 424; the nemesis block adds its transactions (8-byte aligned)', async () => {
      for (const { block } of blocks.slice(1)) expect(block.size, `height ${block.height}`).toBe(block.type === NORMAL ? 376 : 424);
      const nemesisTransactions = await server.get('/transactions/confirmed?height=1&pageSize=100');
      const aligned = nemesisTransactions.body.data.reduce((sum: number, { transaction }: { transaction: { size: number } }) => sum + Math.ceil(transaction.size / 8) * 8, 0);
      expect(aligned).toBeGreaterThan(0);
      expect(blocks[0].block.size).toBe(424 + aligned);
    });

    it('renders hashes, keys, signatures, proofs and addresses as uppercase hex of the right length', () => {
      const lengths = {
        signature: 128,
        signerPublicKey: 64,
        proofGamma: 64,
        proofVerificationHash: 32,
        proofScalar: 64,
        previousBlockHash: 64,
        transactionsHash: 64,
        receiptsHash: 64,
        stateHash: 64,
        beneficiaryAddress: 48,
      } as const;
      for (const { block, meta } of blocks) {
        for (const [field, length] of Object.entries(lengths)) {
          const value = block[field as keyof typeof lengths];
          expect(value, `${field} at height ${block.height}`).toMatch(UPPER_HEX);
          expect(value).toHaveLength(length);
        }
        expect(meta.hash).toMatch(/^[0-9A-F]{64}$/);
        expect(meta.generationHash).toMatch(/^[0-9A-F]{64}$/);
        // 0x98: the testnet network byte leads every testnet address.
        expect(block.beneficiaryAddress.slice(0, 2)).toBe('98');
        if (block.previousImportanceBlockHash !== undefined) expect(block.previousImportanceBlockHash).toMatch(/^[0-9A-F]{64}$/);
      }
    });

    it('gives each block a 24-hex id (uppercase, a MongoDB ObjectId as the reference renders it) and ids that grow with height', () => {
      for (const { id } of blocks) expect(id).toMatch(/^[0-9A-F]{24}$/);
      for (let i = 1; i < blocks.length; i++) expect(blocks[i].id > blocks[i - 1].id, `height ${i + 1}`).toBe(true);
    });

    it('signs each block by the harvesters in turn, paying the signer', () => {
      expect(blocks[0].block.signerPublicKey).toBe(chain.nemesisAccount.publicKey);
      for (let height = 2; height <= blocks.length; height++) {
        const harvester = chain.harvesters[(height - 2) % 3];
        expect(blocks[height - 1].block.signerPublicKey).toBe(harvester.publicKey);
        expect(blocks[height - 1].block.beneficiaryAddress).toBe(harvester.addressHex);
        expect(new Address(bytes(blocks[height - 1].block.beneficiaryAddress)).toString()).toBe(harvester.address);
      }
    });
  });

  describe('signatures and hashes, checked with symbol-sdk alone', () => {
    it('rebuilds every header with a valid signature and the stated hash, at its stated size when the block is empty', () => {
      for (const info of blocks) {
        const checked = checkBlock(info);
        if (info.meta.transactionsCount === 0) expect(checked.size, `size at height ${info.block.height}`).toBe(info.block.size);
        expect(checked.signatureValid, `signature at height ${info.block.height}`).toBe(true);
        expect(checked.hash, `hash at height ${info.block.height}`).toBe(info.meta.hash);
      }
    });

    it.each([
      ['a normal block', 2],
      ['an importance block', 10],
      ['the nemesis block', 1],
    ])('fails both checks when a field of %s is tampered with', (_name, height) => {
      const info = blocks[height - 1];
      const tampered = { ...info, block: { ...info.block, timestamp: String(BigInt(info.block.timestamp) + 1n) } };
      const checked = checkBlock(tampered);
      expect(checked.signatureValid).toBe(false);
      expect(checked.hash).not.toBe(info.meta.hash);
    });

    it('fails the signature check against another signer', () => {
      const info = blocks[1];
      const other = { ...info, block: { ...info.block, signerPublicKey: chain.harvesters[1].publicKey } };
      expect(checkBlock(other).signatureValid).toBe(false);
    });

    it('signs and hashes an importance footer field too', () => {
      const info = blocks[9];
      const tampered = { ...info, block: { ...info.block, previousImportanceBlockHash: 'F'.repeat(64) } };
      const checked = checkBlock(tampered);
      expect(checked.signatureValid).toBe(false);
      expect(checked.hash).not.toBe(info.meta.hash);
    });
  });

  describe('filters', () => {
    it.each([[0], [1], [2]])('returns only the blocks signed by harvester %i', async (index) => {
      const harvester = chain.harvesters[index];
      const expected = blocks.filter((b) => b.block.signerPublicKey === harvester.publicKey).map((b) => Number(b.block.height));
      expect(expected.length).toBeGreaterThanOrEqual(8);
      const { heights, totalEntries } = await heightsOf(server, `signerPublicKey=${harvester.publicKey}`);
      expect(heights).toEqual(expected);
      expect(totalEntries).toBe(expected.length);
      for (const height of heights) expect((height - 2) % 3).toBe(index);
    });

    it('counts every matching block in totalEntries, beyond the first page', async () => {
      const harvester = chain.harvesters[0];
      const reply = await server.get(`/blocks?pageSize=10&signerPublicKey=${harvester.publicKey}`);
      expect(reply.status).toBe(200);
      // Heights 2, 5, ..., 26: nine blocks.
      expect(reply.body.pagination.totalEntries).toBe(9);
      expect(reply.body.data).toHaveLength(9);
    });

    it('accepts a lowercase signer public key', async () => {
      const harvester = chain.harvesters[1];
      const upper = await heightsOf(server, `signerPublicKey=${harvester.publicKey}`);
      const lower = await heightsOf(server, `signerPublicKey=${harvester.publicKey.toLowerCase()}`);
      expect(lower).toEqual(upper);
    });

    it('returns only the nemesis for the nemesis signer, and nothing for an unknown key', async () => {
      expect(await heightsOf(server, `signerPublicKey=${chain.nemesisAccount.publicKey}`)).toEqual({ heights: [1], totalEntries: 1 });
      expect(await heightsOf(server, `signerPublicKey=${chain.nodeAccount.publicKey}`)).toEqual({ heights: [], totalEntries: 0 });
    });

    it.each([[0], [1], [2]])('returns the blocks paying harvester %i (base32 address in the query)', async (index) => {
      const harvester = chain.harvesters[index];
      const expected = blocks.filter((b) => b.block.beneficiaryAddress === harvester.addressHex).map((b) => Number(b.block.height));
      const { heights, totalEntries } = await heightsOf(server, `beneficiaryAddress=${harvester.address}`);
      expect(heights.length).toBeGreaterThan(0);
      expect(heights).toEqual(expected);
      expect(totalEntries).toBe(expected.length);
    });

    it('combines signer and beneficiary filters', async () => {
      const [first, second] = chain.harvesters;
      const both = await heightsOf(server, `signerPublicKey=${first.publicKey}&beneficiaryAddress=${first.address}`);
      const signerOnly = await heightsOf(server, `signerPublicKey=${first.publicKey}`);
      expect(both.heights.length).toBeGreaterThan(0);
      expect(both).toEqual(signerOnly);
      expect(await heightsOf(server, `signerPublicKey=${first.publicKey}&beneficiaryAddress=${second.address}`)).toEqual({ heights: [], totalEntries: 0 });
    });

    it('bounds by timestamp, inclusively at both ends', async () => {
      const ts = (height: number): string => blocks[height - 1].block.timestamp;
      expect(await heightsOf(server, `fromTimestamp=${ts(5)}&toTimestamp=${ts(9)}`)).toEqual({ heights: [5, 6, 7, 8, 9], totalEntries: 5 });
      expect(await heightsOf(server, `fromTimestamp=${ts(7)}&toTimestamp=${ts(7)}`)).toEqual({ heights: [7], totalEntries: 1 });
      // Just inside the neighbours' timestamps: the neighbours are left out.
      const after = (BigInt(ts(4)) + 1n).toString();
      const before = (BigInt(ts(10)) - 1n).toString();
      expect((await heightsOf(server, `fromTimestamp=${after}&toTimestamp=${before}`)).heights).toEqual([5, 6, 7, 8, 9]);
      expect((await heightsOf(server, `fromTimestamp=${ts(24)}`)).heights).toEqual([24, 25, 26]);
      expect((await heightsOf(server, `toTimestamp=${ts(3)}`)).heights).toEqual([1, 2, 3]);
      expect((await heightsOf(server, 'toTimestamp=0')).heights).toEqual([1]);
      const future = (BigInt(ts(26)) + 1n).toString();
      expect(await heightsOf(server, `fromTimestamp=${future}`)).toEqual({ heights: [], totalEntries: 0 });
    });

    it('combines a timestamp range with a signer', async () => {
      const harvester = chain.harvesters[2];
      const ts = (height: number): string => blocks[height - 1].block.timestamp;
      // Harvester 2 signs heights 4, 7, 10, 13, ...
      expect(await heightsOf(server, `signerPublicKey=${harvester.publicKey}&fromTimestamp=${ts(5)}&toTimestamp=${ts(13)}`)).toEqual({
        heights: [7, 10, 13],
        totalEntries: 3,
      });
    });

    it('accepts orderBy=height', async () => {
      const reply = await server.get('/blocks?orderBy=height&order=asc&pageSize=100');
      expect(reply.status).toBe(200);
      expect(reply.body.data.map((b: BlockInfoDTO) => b.block.height)).toEqual(blocks.map((b) => b.block.height));
    });

    it('answers fromTimestamp > toTimestamp with 409', async () => {
      const reply = await server.get(`/blocks?fromTimestamp=${blocks[5].block.timestamp}&toTimestamp=${blocks[4].block.timestamp}`);
      expect(reply.status).toBe(409);
      expect(reply.body.code).toBe('InvalidArgument');
    });

    it('builds its malformed-address cases from a valid address', async () => {
      expect((await server.get(`/blocks?beneficiaryAddress=${chain.harvesters[0].address}`)).status).toBe(200);
    });

    const address = (): string => chain.harvesters[0].address;
    const swapChar = (text: string, index: number): string => {
      const replacement = text[index] === 'A' ? 'B' : 'A';
      return text.slice(0, index) + replacement + text.slice(index + 1);
    };

    it.each<[string, () => string]>([
      ['signerPublicKey of 63 characters', () => `signerPublicKey=${chain.harvesters[0].publicKey.slice(1)}`],
      ['signerPublicKey of 65 characters', () => `signerPublicKey=${chain.harvesters[0].publicKey}0`],
      ['signerPublicKey that is not hex', () => `signerPublicKey=${'G'.repeat(64)}`],
      ['beneficiaryAddress with a bad checksum', () => `beneficiaryAddress=${swapChar(address(), 10)}`],
      ['beneficiaryAddress with a bad checksum (last characters)', () => `beneficiaryAddress=${swapChar(address(), 36)}`],
      ['beneficiaryAddress in lowercase', () => `beneficiaryAddress=${address().toLowerCase()}`],
      ['beneficiaryAddress of 40 characters', () => `beneficiaryAddress=${address()}A`],
      ['fromTimestamp that is negative', () => 'fromTimestamp=-1'],
      ['toTimestamp that is not a number', () => 'toTimestamp=soon'],
    ])('answers %s with 409 InvalidArgument', async (_name, query) => {
      const reply = await server.get(`/blocks?${query()}`);
      expect(reply.status).toBe(409);
      expect(reply.body.code).toBe('InvalidArgument');
    });
  });
});

describe('InMemoryChain blocks', () => {
  const harvestAll = (chain: InMemoryChain, count: number): BlockInfoDTO[] => {
    const out: BlockInfoDTO[] = [];
    for (let height = 1; height <= Number(chain.height); height++) out.push(chain.blocks.getByHeight(BigInt(height)) as BlockInfoDTO);
    for (let i = 0; i < count; i++) out.push(chain.harvest());
    return out;
  };

  it('builds identical chains from identical options', () => {
    const a = harvestAll(testChain({ importanceGrouping: 5 }), 12);
    const b = harvestAll(testChain({ importanceGrouping: 5 }), 12);
    expect(a).toHaveLength(13);
    for (let i = 0; i < a.length; i++) {
      expect(b[i].meta.hash, `height ${i + 1}`).toBe(a[i].meta.hash);
      expect(b[i].id).toBe(a[i].id);
      expect(b[i].block.signature).toBe(a[i].block.signature);
    }
    expect(b).toEqual(a);
  });

  it('derives a different chain and different keys from a different seed', () => {
    const a = testChain();
    const b = testChain({ seed: 'another seed' });
    expect(b.latestBlock.meta.hash).not.toBe(a.latestBlock.meta.hash);
    expect(b.nemesisAccount.publicKey).not.toBe(a.nemesisAccount.publicKey);
    for (let i = 0; i < a.harvesters.length; i++) {
      expect(b.harvesters[i].publicKey).not.toBe(a.harvesters[i].publicKey);
      expect(b.harvesters[i].address).not.toBe(a.harvesters[i].address);
    }
    expect(b.harvest().meta.hash).not.toBe(a.harvest().meta.hash);
  });

  it.each<[string, (call: number) => number]>([
    ['stands still', () => FIXED_START],
    ['goes backwards', (call) => FIXED_START - call * 1_000],
  ])('keeps timestamps and ids strictly growing when the clock %s', (_name, reading) => {
    let call = 0;
    const chain = new InMemoryChain({ blockInterval: false, clock: () => reading(call++) });
    const blocks = harvestAll(chain, 6);
    for (let i = 1; i < blocks.length; i++) {
      expect(BigInt(blocks[i].block.timestamp) > BigInt(blocks[i - 1].block.timestamp), `height ${i + 1}`).toBe(true);
      expect(blocks[i].id > blocks[i - 1].id, `id at height ${i + 1}`).toBe(true);
      expect(blocks[i].block.previousBlockHash).toBe(blocks[i - 1].meta.hash);
    }
  });

  it('gives every account a distinct key', () => {
    const chain = testChain();
    const keys = [chain.nemesisAccount, chain.nodeAccount, ...chain.harvesters].map((account) => account.publicKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('builds a mainnet chain: network 104, N addresses, blocks that still verify', () => {
    const chain = testChain({ network: 'mainnet' });
    const [nemesis, block] = harvestAll(chain, 1);
    expect(chain.harvesters[0].address).toMatch(/^N[A-Z2-7]{38}$/);
    expect(chain.harvesters[0].addressHex.slice(0, 2)).toBe('68');
    expect(nemesis.block.network).toBe(104);
    expect(block.block.network).toBe(104);
    expect(block.block.beneficiaryAddress).toBe(chain.harvesters[0].addressHex);
    for (const info of [nemesis, block]) {
      const checked = checkBlock(info);
      expect(checked.signatureValid).toBe(true);
      expect(checked.hash).toBe(info.meta.hash);
    }
    expect(chain.node.info()).toMatchObject({ networkIdentifier: 104 });
  });

  it('harvests on its own every blockInterval ms, and stops on close()', async () => {
    const chain = new InMemoryChain({ blockInterval: 50 });
    try {
      const deadline = Date.now() + 1500;
      while (chain.height < 3n && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(chain.height).toBeGreaterThanOrEqual(3n);
    } finally {
      chain.close();
    }
    const stopped = chain.height;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(chain.height).toBe(stopped);
  });

  it('does not harvest on its own with blockInterval: false', async () => {
    const chain = new InMemoryChain({ blockInterval: false });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(chain.height).toBe(1n);
    chain.harvest();
    expect(chain.height).toBe(2n);
  });
});
