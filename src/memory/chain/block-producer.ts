import { PublicKey } from 'symbol-sdk';
import { Address } from 'symbol-sdk/symbol';
import type { BlockDTO, BlockInfoDTO } from '../../backend/dto.js';
import type { ChainEvent } from '../../backend/events.js';
import { buildBlock, merkleRoot, type BlockKind } from '../block-builder.js';
import { NemesisMismatchError, readNemesisBlock, type NemesisBlockInput } from '../nemesis-block.js';
import { verifySignature } from '../transactions/codec.js';
import { vrfProofHash } from '../../ed25519.js';
import { genesisTransactions, nemesisMosaics, planTransfers, type NemesisLayout } from '../genesis.js';
import { fromHex, sha3, toHex } from '../keys.js';
import type { BlockSelection } from '../transactions/lifecycle.js';
import { ZERO_HASH, type ChainCore } from './core.js';
import { deriveAccount, planAccountLabels, type ChainAccount, type ChainIdentity } from './identity.js';

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

  /** The nemesis block: the currency and its namespaces, its supply, and the funded accounts' share of it; or a network's own (`options.nemesis`). */
  nemesis(): void {
    const core = this.#core();
    const { nemesisAccount, facade, options } = this.#identity;
    if (options.nemesis) return this.#networkNemesis(core, options.nemesis);
    const genesis = core.lifecycle.genesisSelection(
      genesisTransactions(facade, nemesisAccount.keyPair, ownNemesisLayout(this.#identity)),
      { height: 1n, timestamp: 0n, dynamicFeeMultiplier: 0n, harvesterAddress: nemesisAccount.addressHex, beneficiaryAddress: nemesisAccount.addressHex },
    );
    const nemesis = this.#append('nemesis', nemesisAccount, 0n, genesis);
    core.finalized = { ...core.finalized, hash: nemesis.meta.hash };
    core.proofs.record(core.finalized, [nemesis.meta.hash]);
  }

  /**
   * A network's own nemesis block, executed as catapult's nemesis block loader does (its
   * transactions without fees, the harvest network fee sink named by each of them) and appended
   * as it is; what catapult stored with it must equal what the chain computed.
   */
  #networkNemesis(core: ChainCore, input: NemesisBlockInput): void {
    const { facade } = this.#identity;
    const read = readNemesisBlock(input.block, facade);
    if (input.verifySignatures !== false) {
      const forged = read.transactions.findIndex((transaction) => !verifySignature(transaction, facade));
      if (forged >= 0) throw new RangeError(`the nemesis block's transaction ${forged} (${read.transactions[forged].hash}) has a signature that does not verify`);
    }
    const signer = toHex(this.#identity.symbolNetwork.publicKeyToAddress(new PublicKey(read.signerPublicKey)).bytes);
    const selection = core.lifecycle.genesisSelection(read.transactions, {
      height: 1n,
      timestamp: BigInt(read.dto.timestamp),
      dynamicFeeMultiplier: 0n,
      harvesterAddress: signer,
      beneficiaryAddress: read.dto.beneficiaryAddress,
    });
    const { records, execution } = selection;
    const leaves = records.map((record) => record.merkleComponentHash());
    const roots = core.state.roots(execution.delta).map(toHex);
    const differences: { what: string; expected: string; computed: string }[] = [];
    const compare = (what: string, expected: string | undefined, computed: string) => {
      if (expected !== undefined && expected.toUpperCase() !== computed) differences.push({ what, expected: expected.toUpperCase(), computed });
    };
    // catapult's nemesis block loader: the generation hash follows from the block's VRF proof.
    const generationHash = toHex(vrfProofHash(fromHex(read.dto.proofGamma)).subarray(0, 32));
    compare('hash', input.hash, read.hash);
    compare('generationHash', input.generationHash, generationHash);
    compare('transactionsHash', read.dto.transactionsHash, read.transactionsHash);
    compare('receiptsHash', read.dto.receiptsHash, toHex(execution.receiptsHash));
    compare('stateHash', read.dto.stateHash, toHex(sha3(...roots.map(fromHex))));
    const trees = core.state.trees();
    input.subCacheMerkleRoots?.forEach((root, i) => compare(`subCacheMerkleRoots.${trees[i] ?? i}`, root, roots[i] ?? ''));
    input.transactions?.forEach((expected, i) => {
      compare(`transactions[${i}].entityHash`, expected.entityHash, records[i]?.hash ?? '');
      compare(`transactions[${i}].merkleComponentHash`, expected.merkleComponentHash, leaves[i] ?? '');
    });
    if (differences.length > 0) throw new NemesisMismatchError(differences);
    const { statements } = execution;
    const info: BlockInfoDTO = {
      id: core.ids.next(this.#identity.options.epochAdjustment + Number(BigInt(read.dto.timestamp) / 1000n)),
      meta: {
        hash: read.hash,
        totalFee: '0',
        generationHash,
        stateHashSubCacheMerkleRoots: roots,
        totalTransactionsCount: records.reduce((count, record) => count + 1 + record.decoded.embedded.length, 0),
        transactionsCount: records.length,
        statementsCount: statements.transactionStatements.length + statements.addressResolutionStatements.length + statements.mosaicResolutionStatements.length,
      },
      block: read.dto,
    };
    this.#commit(core, info, leaves, selection, 0n);
    core.lastImportanceHash = fromHex(read.hash);
    core.finalized = { ...core.finalized, hash: read.hash };
    if (input.proof && (input.proof.finalizationEpoch !== 1 || input.proof.height !== '1' || input.proof.hash !== read.hash)) {
      throw new RangeError(`the finalization proof given with the nemesis block is of epoch ${input.proof.finalizationEpoch}, height ${input.proof.height}, hash ${input.proof.hash}, not of epoch 1 and block 1 ${read.hash}`);
    }
    core.proofs.record(core.finalized, [read.hash], input.proof);
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
    this.#commit(core, info, transactionLeaves, selection, previous ? (timestamp - BigInt(previous.block.timestamp)) / 1000n : 0n);
    return info;
  }

  /** Appends a built block and commits its state, its statements and its transactions; `elapsedSeconds` since the previous block makes the score. */
  #commit(core: ChainCore, info: BlockInfoDTO, transactionLeaves: readonly string[], selection: BlockSelection, elapsedSeconds: bigint): void {
    const { execution } = selection;
    const { statements } = execution;
    const height = BigInt(info.block.height);
    core.store.append(info);
    core.merkleLeaves.append(transactionLeaves, [...statements.transactionStatements, ...statements.addressResolutionStatements, ...statements.mosaicResolutionStatements].map((statement) => statement.hash));
    core.engine.commit(execution, selection.feeMultiplier);
    core.receipts.append(height, info.block.timestamp, statements);
    core.transactionCount += info.meta.totalTransactionsCount;
    core.lifecycle.confirm(selection, height, info.block.timestamp);
    // Aggregates bonded whose lock ended here leave the partial pool.
    for (const plugin of core.plugins.values()) if (plugin.partialsEnding) core.lifecycle.removeUnlocked([...plugin.partialsEnding(height)]);
    core.lifecycle.readmitUnconfirmed();
    core.score += BigInt(info.block.difficulty) - elapsedSeconds;
  }
}

/**
 * What a nemesis block of the chain's own creates: a `nemesisPlan`'s mosaics shared out as
 * symbol-bootstrap shares them, or the currency (`symbol.xym`, `initialCurrencyAtomicUnits`) with
 * `accountBalance` for each funded account and harvester (the rest stays with the nemesis account).
 */
function ownNemesisLayout({ nemesisAccount, options, rules, fundedAccounts, harvesters, symbolNetwork }: ChainIdentity): NemesisLayout {
  const signer = new Address(nemesisAccount.address);
  const plan = options.nemesisPlan;
  if (plan) {
    const accounts = planAccountLabels(plan).map((labels) => labels.map((label) => deriveAccount(symbolNetwork, options.seed, label).address));
    return { baseNamespace: plan.baseNamespace, mosaics: nemesisMosaics(signer, plan), transfers: planTransfers(plan, accounts, harvesters.map((harvester) => harvester.address)) };
  }
  const recipients = [...fundedAccounts, ...harvesters];
  const supply = rules.initialCurrencyAtomicUnits;
  const handedOut = options.accountBalance * BigInt(recipients.length);
  if (handedOut > supply) {
    throw new TypeError(`the nemesis block would hand out ${handedOut} of a supply of ${supply}: lower accountBalance or accountCount, or raise rules.initialCurrencyAtomicUnits`);
  }
  const currency = { name: 'xym', divisibility: 6, duration: 0n, supply, isTransferable: true, isSupplyMutable: false, isRestrictable: false, accounts: 0 };
  return {
    baseNamespace: 'symbol',
    mosaics: nemesisMosaics(signer, { baseNamespace: 'symbol', mosaics: [currency] }),
    transfers: recipients.map((recipient) => ({ address: recipient.address, amounts: [[0, options.accountBalance]] })),
  };
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
