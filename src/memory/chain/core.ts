import type { FinalizedBlockDTO } from '../../backend/dto.js';
import type { ChainEvent } from '../../backend/events.js';
import type { AddressBook } from '../address-book.js';
import { BlockMerkleLeaves } from '../block-merkle.js';
import { BlockStore } from '../block-store.js';
import type { ChainInput } from '../chain-dump.js';
import { ChainEngine } from '../execution/engine.js';
import { TransactionExecutor } from '../execution/executor.js';
import { TraceLog } from '../execution/trace.js';
import type { ChainNetwork, ChainPlugin } from '../execution/plugin.js';
import { FinalizationProofs } from '../finalization.js';
import { EntryIdSequence } from '../ids.js';
import { deriveKeyPair, fromHex, sha3 } from '../keys.js';
import { Ledger } from '../ledger.js';
import { ReceiptStore } from '../receipt-store.js';
import { ChainState } from '../state/chain-state.js';
import { FetchedState } from '../state/fetched-state.js';
import { TransactionJson } from '../transactions/json.js';
import { TransactionLifecycle, type AnnouncedInput } from '../transactions/lifecycle.js';
import type { ChainFamily } from './family.js';
import type { ChainIdentity } from './identity.js';
import type { ChainOrigin } from './origin.js';

export const ZERO_HASH = new Uint8Array(32) as Uint8Array<ArrayBuffer>;

/**
 * Everything the chain changes as it runs (blocks, state and the families' plugins over it,
 * pools, finalization, inputs), built at the chain's first block. Loading a dump builds a new
 * one and swaps it in; the chain's identity stays outside it.
 */
export interface ChainCore {
  readonly store: BlockStore;
  readonly merkleLeaves: BlockMerkleLeaves;
  readonly ids: EntryIdSequence;
  readonly state: ChainState;
  /** Each family's plugin on this core, by family name, in the order the families run. */
  readonly plugins: ReadonlyMap<string, ChainPlugin>;
  readonly ledger: Ledger;
  readonly receipts: ReceiptStore;
  readonly engine: ChainEngine;
  readonly lifecycle: TransactionLifecycle;
  /** How the latest transactions ran (`chain.dev.trace`). */
  readonly traces: TraceLog;
  readonly proofs: FinalizationProofs;
  /** Transactions confirmed so far, inner transactions of aggregates counted (`/node/storage`). */
  transactionCount: number;
  score: bigint;
  finalized: FinalizedBlockDTO;
  lastImportanceHash: Uint8Array<ArrayBuffer>;
  /** What the chain was given, in order (nothing with `keepInputs: false`): what a dump holds. */
  readonly inputs: ChainInput[];
  /** The state's entries from the chain's entry source (a fork's upstream), fetched on first use. */
  readonly fetched?: FetchedState;
}

/** What a new core is made of besides the chain's identity: its families, its origin, and how it reaches the chain around it. */
export interface CoreParts {
  readonly identity: ChainIdentity;
  readonly network: ChainNetwork;
  readonly addresses: AddressBook;
  readonly families: readonly ChainFamily[];
  readonly origin: ChainOrigin | undefined;
  /** Network time for the validators (deadlines), as the chain keeps it on its inputs' tapes. */
  readonly ruleTime: () => bigint;
  /** Sends an event (a loaded dump replays in silence). */
  readonly emit: (event: ChainEvent) => void;
  /** Whether an event sent now reaches anyone. */
  readonly listening: () => boolean;
  /** Runs one check of an announce as an input of the chain. */
  readonly checking: (input: AnnouncedInput, check: () => void) => void;
  /** Whether signatures of this signer (64 hex) go unchecked (an impersonated account). */
  readonly signatureWaived: (publicKey: string) => boolean;
  /** A transaction entered the unconfirmed pool (automine). */
  readonly transactionArrived: () => void;
  readonly warn: (message: string) => void;
  /** Entries were fetched from the entry source: answers may differ since. */
  readonly fetched: () => void;
}

/**
 * A new core at the chain's first block (the nemesis, or an origin's block, not yet appended):
 * the families' plugins and their state, the stores, the engine and the lifecycle.
 */
export function createCore(parts: CoreParts): ChainCore {
  const { identity, origin } = parts;
  const { seed, epochAdjustment, maxTransactionLifetime, announceDelay } = identity.options;
  const first = origin ? Number(origin.block.block.height) : 1;
  const store = new BlockStore(first);
  const ids = new EntryIdSequence(sha3('ids', seed));
  // Ids are stamped with the latest block's time, so they cost no clock reading.
  const nextId = () => ids.next(epochAdjustment + (store.height < first ? 0 : Number(BigInt(store.latest().block.timestamp) / 1000n)));
  const state = new ChainState();
  const height = () => BigInt(store.height);
  const environment = { state, rules: identity.rules, network: parts.network, nextId, height };
  const plugins = new Map(parts.families.map((family) => [family.name, family.plugin(environment)]));
  const fetched = origin && new FetchedState(origin.entries, state, parts.fetched);
  const lifetime = BigInt(maxTransactionLifetime);
  const executor = new TransactionExecutor([...plugins.values()], {
    rules: identity.rules,
    network: parts.network,
    addresses: parts.addresses,
    maxLifetime: lifetime,
    maxBondedLifetime: lifetime * 8n,
  });
  const traces = new TraceLog(identity.options.traces);
  const engine = new ChainEngine({ state, executor, rules: identity.rules, height, now: parts.ruleTime, traces });
  const lifecycle = new TransactionLifecycle({
    facade: identity.facade,
    addresses: parts.addresses,
    json: new TransactionJson(parts.families.flatMap((family) => family.transactions ?? [])),
    events: { emit: parts.emit, listening: parts.listening },
    engine,
    nextId,
    announceDelay,
    signatureWaived: parts.signatureWaived,
    transactionArrived: parts.transactionArrived,
    checking: parts.checking,
    warn: parts.warn,
    fetched,
  });
  // The harvesters vote; each has a voting key pair for the bottom of its key tree.
  const proofs = new FinalizationProofs(identity.harvesters.map((harvester, i) => ({ root: harvester.keyPair, bottom: deriveKeyPair(seed, `voter/${i}`) })));
  return {
    store,
    merkleLeaves: new BlockMerkleLeaves(origin ? first + 1 : 1),
    ids,
    state,
    plugins,
    ledger: new Ledger(state),
    receipts: new ReceiptStore(nextId),
    engine,
    lifecycle,
    traces,
    proofs,
    transactionCount: 0,
    score: origin?.score ?? 0n,
    finalized: origin?.finalized ?? { finalizationEpoch: 1, finalizationPoint: 1, height: '1', hash: '' },
    lastImportanceHash: origin ? fromHex(origin.lastImportanceHash) : ZERO_HASH,
    inputs: [],
    fetched,
  };
}
