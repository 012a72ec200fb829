import { Address, generateMosaicId } from 'symbol-sdk/symbol';
import type { BlockDTO, BlockInfoDTO } from '../../backend/dto.js';
import type { ChainEvent } from '../../backend/events.js';
import { buildBlock, merkleRoot, type BlockKind } from '../block-builder.js';
import { genesisTransactions } from '../genesis.js';
import { fromHex, sha3, toHex } from '../keys.js';
import type { BlockSelection } from '../transactions/lifecycle.js';
import { ZERO_HASH, type ChainCore } from './core.js';
import type { ChainAccount, ChainIdentity } from './identity.js';

const DIFFICULTY = 100_000_000_000_000n;

/**
 * Makes the chain's blocks on its current core: the nemesis block, and each harvested block
 * (its transactions chosen and run, its header signed, its state and statements committed, its
 * events sent), with a finalization round every `finalizationInterval` blocks.
 */
export class BlockProducer {
  readonly #identity: ChainIdentity;
  readonly #core: () => ChainCore;
  readonly #emit: (event: ChainEvent) => void;

  constructor(identity: ChainIdentity, core: () => ChainCore, emit: (event: ChainEvent) => void) {
    this.#identity = identity;
    this.#core = core;
    this.#emit = emit;
  }

  /** The nemesis block: the currency and its namespaces, its supply, and the funded accounts' share of it. */
  nemesis(): void {
    const core = this.#core();
    const { nemesisAccount, facade, rules, options, fundedAccounts, harvesters } = this.#identity;
    const genesis = core.lifecycle.genesisSelection(
      genesisTransactions(facade, nemesisAccount.keyPair, {
        currencyMosaicId: generateMosaicId(new Address(nemesisAccount.address), 0),
        initialSupply: rules.initialCurrencyAtomicUnits,
        recipients: [...fundedAccounts, ...harvesters],
        amount: options.accountBalance,
      }),
      { height: 1n, timestamp: 0n, dynamicFeeMultiplier: 0n, harvesterAddress: nemesisAccount.addressHex, beneficiaryAddress: nemesisAccount.addressHex },
    );
    const nemesis = this.#append('nemesis', nemesisAccount, 0n, genesis);
    core.finalized = { ...core.finalized, hash: nemesis.meta.hash };
    core.proofs.record(core.finalized, [nemesis.meta.hash]);
  }

  /** One block at network time `at` (later than the latest block's), with its events; the announces waiting must have been checked. */
  harvest(at: bigint): BlockInfoDTO {
    const core = this.#core();
    const { harvesters, options } = this.#identity;
    const height = core.store.height + 1;
    const signer = harvesters[(height - 2) % harvesters.length];
    const kind: BlockKind = height % options.importanceGrouping === 0 ? 'importance' : 'normal';
    const previous = BigInt(core.store.latest().block.timestamp);
    const timestamp = at > previous ? at : previous + 1n;
    core.lifecycle.expire(timestamp);
    const selection = core.lifecycle.selectForBlock({
      height: BigInt(height),
      timestamp,
      dynamicFeeMultiplier: core.engine.dynamicFeeMultiplier(),
      harvesterAddress: signer.addressHex,
      beneficiaryAddress: signer.addressHex,
    });
    const block = this.#append(kind, signer, timestamp, selection);
    this.#emit({
      channel: 'block',
      addresses: [],
      data: { block: block.block, meta: { hash: block.meta.hash, generationHash: block.meta.generationHash } },
    });
    if (height % options.finalizationInterval === 0) this.#finalize(core, block);
    return block;
  }

  // A finalization round: the block is final, with every block since the previous round prevoted; the plugins prune what ended.
  #finalize(core: ChainCore, block: BlockInfoDTO): void {
    const height = Number(block.block.height);
    const previousFinalized = BigInt(core.finalized.height);
    const since = Number(previousFinalized) + 1;
    core.finalized = {
      finalizationEpoch: core.finalized.finalizationEpoch + 1,
      finalizationPoint: 1,
      height: block.block.height,
      hash: block.meta.hash,
    };
    const prevoted = Array.from({ length: height - since + 1 }, (_, i) => core.store.at(since + i)!.meta.hash);
    core.proofs.record(core.finalized, prevoted);
    core.engine.prune(previousFinalized, BigInt(height));
    core.lifecycle.readmitUnconfirmed();
    this.#emit({ channel: 'finalizedBlock', addresses: [], data: { ...core.finalized } });
  }

  /** Builds and appends the block of a run selection, then commits its state, its statements and its transactions. */
  #append(kind: BlockKind, signer: ChainAccount, timestamp: bigint, selection: BlockSelection): BlockInfoDTO {
    const core = this.#core();
    const { options, symbolNetwork, harvesters } = this.#identity;
    const { records, execution } = selection;
    const height = BigInt(core.store.height + 1);
    const previous = height === 1n ? undefined : core.store.latest();
    const seed = options.seed;
    const proof = {
      gamma: sha3('gamma', seed, String(height)),
      verificationHash: sha3('verification', seed, String(height)).subarray(0, 16),
      scalar: sha3('scalar', seed, String(height)),
    };
    const isImportance = kind !== 'normal';
    const transactionLeaves = records.map((record) => record.merkleComponentHash());
    // The state trees' roots once the block's changes are committed, in catapult's cache order.
    const rootHashes = core.state.roots(execution.delta);
    const stateRoots = rootHashes.map(toHex);
    const built = buildBlock({
      kind,
      signer: signer.keyPair,
      networkIdentifier: symbolNetwork.identifier,
      height,
      timestamp,
      difficulty: DIFFICULTY,
      proof,
      previousBlockHash: previous ? fromHex(previous.meta.hash) : ZERO_HASH,
      transactionsHash: merkleRoot(transactionLeaves.map(fromHex)),
      receiptsHash: execution.receiptsHash,
      stateHash: sha3(...rootHashes),
      beneficiaryAddress: fromHex(signer.addressHex),
      feeMultiplier: selection.feeMultiplier,
      transactions: records.map((record) => record.decoded.model),
      importance: isImportance
        ? {
            votingEligibleAccountsCount: harvesters.length,
            harvestingEligibleAccountsCount: BigInt(harvesters.length),
            totalVotingBalance: 0n,
            previousImportanceBlockHash: core.lastImportanceHash,
          }
        : undefined,
    });
    if (isImportance) core.lastImportanceHash = fromHex(built.hash);

    // The nemesis block's generation hash is the network's seed; later ones follow from the VRF proof.
    const generationHash = previous ? toHex(sha3(proof.gamma)) : options.generationHashSeed;
    const unixSeconds = options.epochAdjustment + Number(timestamp / 1000n);
    const { statements } = execution;
    const transactionCount = records.reduce((count, record) => count + 1 + record.decoded.embedded.length, 0);
    const info: BlockInfoDTO = {
      id: core.ids.next(unixSeconds),
      meta: {
        hash: built.hash,
        totalFee: selection.totalFee.toString(),
        generationHash,
        stateHashSubCacheMerkleRoots: stateRoots,
        totalTransactionsCount: transactionCount,
        transactionsCount: records.length,
        statementsCount: statements.transactionStatements.length + statements.addressResolutionStatements.length + statements.mosaicResolutionStatements.length,
      },
      block: shareRepeatedStrings(built.dto, signer, previous),
    };
    core.store.append(info);
    core.merkleLeaves.append(transactionLeaves, [...statements.transactionStatements, ...statements.addressResolutionStatements, ...statements.mosaicResolutionStatements].map((statement) => statement.hash));
    core.engine.commit(execution, selection.feeMultiplier);
    core.receipts.append(height, info.block.timestamp, statements);
    core.transactionCount += transactionCount;
    core.lifecycle.confirm(selection, height, info.block.timestamp);
    // Aggregates bonded whose lock ended here leave the partial pool.
    for (const plugin of core.plugins.values()) if (plugin.partialsEnding) core.lifecycle.removeUnlocked([...plugin.partialsEnding(height)]);
    core.lifecycle.readmitUnconfirmed();
    const elapsedSeconds = previous ? (timestamp - BigInt(previous.block.timestamp)) / 1000n : 0n;
    core.score += DIFFICULTY - elapsedSeconds;
    return info;
  }
}

/** Fields whose value often repeats from one block to the next (empty blocks, an unchanged state). */
const REPEATING_FIELDS = ['difficulty', 'transactionsHash', 'receiptsHash', 'stateHash'] as const;

/**
 * Points the block's strings that equal strings already kept (its signer's keys, the
 * previous block's hash and repeating fields) at those: a block then keeps ≈ 0.4 kB less.
 */
function shareRepeatedStrings(dto: BlockDTO, signer: ChainAccount, previous: BlockInfoDTO | undefined): BlockDTO {
  if (dto.signerPublicKey === signer.publicKey) dto.signerPublicKey = signer.publicKey;
  if (dto.beneficiaryAddress === signer.addressHex) dto.beneficiaryAddress = signer.addressHex;
  if (!previous) return dto;
  if (dto.previousBlockHash === previous.meta.hash) dto.previousBlockHash = previous.meta.hash;
  for (const field of REPEATING_FIELDS) if (dto[field] === previous.block[field]) dto[field] = previous.block[field];
  return dto;
}
