import { Hash256 } from 'symbol-sdk';
import { Address, KeyPair, Network, SymbolFacade, generateMosaicId } from 'symbol-sdk/symbol';
import type { AccountRepository } from '../backend/accounts.js';
import type { GatewayBackend } from '../backend/index.js';
import type { BlockDTO, BlockInfoDTO, FinalizedBlockDTO, NodeHealthDTO } from '../backend/dto.js';
import type { AccountRestrictionsRepository } from '../backend/account-restrictions.js';
import type { HashLockRepository, SecretLockRepository } from '../backend/locks.js';
import type { MetadataRepository } from '../backend/metadata.js';
import type { MosaicRestrictionRepository } from '../backend/mosaic-restrictions.js';
import type { MosaicRepository } from '../backend/mosaics.js';
import type { MultisigRepository } from '../backend/multisig.js';
import type { NamespaceRepository } from '../backend/namespaces.js';
import type { ReceiptRepository } from '../backend/receipts.js';
import type { StateProofRepository } from '../backend/state-proofs.js';
import { DevControls, type ChainCheckpoint } from './dev-controls.js';
import { DUMP_FORMAT, DUMP_VERSION, differingOptions, dumpedOptions, optionsOfDump, parseChainDump, type ChainDump, type ChainInput, type StateOptionName } from './chain-dump.js';
import type { ChainEvent } from '../backend/events.js';
import type {
  BlockRepository,
  ChainRepository,
  FinalizationRepository,
  NetworkFeeRepository,
  NetworkRepository,
  NodeRepository,
  TransactionAnnouncer,
  TransactionRepository,
  TransactionStatusRepository,
} from '../backend/repositories.js';
import { InvalidArgumentError, ServiceUnavailableError } from '../errors.js';
import { AddressBook } from './address-book.js';
import { buildBlock, merkleRoot, type BlockKind } from './block-builder.js';
import { BlockMerkleLeaves } from './block-merkle.js';
import { BlockStore } from './block-store.js';
import { EventStream } from './event-stream.js';
import { ChainEngine } from './execution/engine.js';
import { TransactionExecutor } from './execution/executor.js';
import type { ChainNetwork } from './execution/plugin.js';
import { FinalizationProofs } from './finalization.js';
import { genesisTransactions } from './genesis.js';
import { EntryIdSequence } from './ids.js';
import { deriveKeyPair, fromHex, sha3, toHex } from './keys.js';
import { Ledger } from './ledger.js';
import { networkConfiguration, rentalFees, serverInfo, transactionFees } from './node-info.js';
import { resolveChainOptions, type InMemoryChainOptions, type ResolvedChainOptions } from './options.js';
import { readForkOrigin, type ForkOrigin } from '../fork/origin.js';
import { upstreamSources } from '../fork/sources.js';
import { UpstreamState } from '../fork/upstream-state.js';
import { UpstreamClient } from '../upstream/client.js';
import type { UpstreamClientOptions } from '../upstream/options.js';
import type { CacheDescriptor } from './state/cache.js';
import { ACCOUNTS, newAccount, type AccountState } from '../families/core/account-state.js';
import { accountStateOf } from '../families/core/account-store.js';
import { MOSAICS } from '../families/mosaic/state.js';
import { mosaicEntryOf } from '../families/mosaic/store.js';
import { NAMESPACES } from '../families/namespace/state.js';
import { MULTISIGS } from '../families/multisig/state.js';
import { METADATA } from '../families/metadata/state.js';
import { HASH_LOCKS } from '../families/lock-hash/state.js';
import { SECRET_LOCKS } from '../families/lock-secret/state.js';
import { ACCOUNT_RESTRICTIONS } from '../families/restriction-account/state.js';
import { MOSAIC_RESTRICTIONS } from '../families/restriction-mosaic/state.js';
import { idHex } from './symbol-ids.js';
import { createPlugins, type ChainStores } from '../families/index.js';
import { ReceiptStore } from './receipt-store.js';
import { resolveRules, type ChainRules } from './rules.js';
import { ChainState } from './state/chain-state.js';
import { TransactionLifecycle, type BlockSelection } from './transactions/lifecycle.js';

const DIFFICULTY = 100_000_000_000_000n;
const ZERO_HASH = new Uint8Array(32) as Uint8Array<ArrayBuffer>;
/** The id of the `symbol.xym` namespace, the currency's alias on every network. */
const CURRENCY_ALIAS = 'E74B99BA41F4AFEE';
/** Blocks whose fee multipliers `/network/fees/transaction` summarizes. */
const FEE_STATISTICS_BLOCKS = 300;

/** What a store that follows a chain (the PostgreSQL writer) reaches beyond its repositories; not exported by the package. */
interface ChainInternals {
  /** The chain's current core: its stores, state, pools and inputs. */
  core(chain: InMemoryChain): ChainCore;
  /** From now on the chain refuses snapshots and loads (history a follower already stored would change), saying `reason`. */
  pin(chain: InMemoryChain, reason: string): void;
  /** Calls `listener` each time the chain takes an input (a block, an announce's check, a control), as it starts running it. */
  onInput(chain: InMemoryChain, listener: () => void): void;
}

let internals: ChainInternals;

/** See `ChainInternals`: for the stores that follow a chain. */
export function chainInternals(): ChainInternals {
  return internals;
}

/** Where a forked chain starts, handed from `InMemoryChain.fork` to the constructor it calls (never set otherwise). */
let forkOrigin: ForkOrigin | undefined;

/** What `InMemoryChain.fork` forks: an upstream gateway, at its latest finalized block or at `height`. */
export interface ForkOptions {
  /** The upstream gateway's base URL (ours or the reference, on testnet or mainnet). */
  url: string;
  /** A finalized height of the upstream to fork at. Default: its latest finalized block. */
  height?: bigint;
  /** How the upstream is read (timeout, retries, request rate): see `UpstreamClientOptions`. */
  upstream?: Omit<UpstreamClientOptions, 'url'>;
}

/** The options of a forked chain: the network (its kind, generation hash seed and epoch) is the upstream's. */
export type ForkedChainOptions = Omit<InMemoryChainOptions, 'network' | 'generationHashSeed' | 'epochAdjustment' | 'keepInputs'>;

/** An account the chain uses without its keys (a sink of the network it forked): its address in both forms. */
export interface ChainAddress {
  /** 39-character base32 form (T... / N...). */
  readonly address: string;
  /** 48-character hex form. */
  readonly addressHex: string;
}

/** A chain account's keys and addresses, derived from the seed and a label. */
function deriveAccount(network: Network, seed: string, label: string): ChainAccount {
  const keyPair = deriveKeyPair(seed, label);
  const address = network.publicKeyToAddress(keyPair.publicKey);
  return {
    keyPair,
    // Flat strings: symbol-sdk's toString() builds hex a character at a time.
    publicKey: toHex(keyPair.publicKey.bytes),
    privateKey: toHex(keyPair.privateKey.bytes),
    address: address.toString(),
    addressHex: toHex(address.bytes),
  };
}

/** The symbol-sdk network of a chain's options: its name (its address byte follows), epoch and generation hash seed. */
export function symbolNetwork(options: Pick<ResolvedChainOptions, 'network' | 'epochAdjustment' | 'generationHashSeed'>): Network {
  const { network, epochAdjustment, generationHashSeed } = options;
  return new Network(network, network === 'mainnet' ? 0x68 : 0x98, new Date(epochAdjustment * 1000), new Hash256(generationHashSeed));
}

/** The network currency: its mosaic id and the id of its `symbol.xym` alias, both 16 hex. */
export interface Currency {
  readonly mosaicId: string;
  readonly aliasId: string;
}

/** Everything the chain changes as it runs (blocks, state, pools, finalization), built at the nemesis block. */
export interface ChainCore {
  readonly store: BlockStore;
  readonly merkleLeaves: BlockMerkleLeaves;
  readonly ids: EntryIdSequence;
  readonly state: ChainState;
  readonly stores: ChainStores;
  readonly ledger: Ledger;
  readonly receipts: ReceiptStore;
  readonly engine: ChainEngine;
  readonly lifecycle: TransactionLifecycle;
  readonly proofs: FinalizationProofs;
  /** Transactions confirmed so far, inner transactions of aggregates counted (`/node/storage`). */
  transactionCount: number;
  score: bigint;
  finalized: FinalizedBlockDTO;
  lastImportanceHash: Uint8Array<ArrayBuffer>;
  /** What the chain was given, in order (nothing with `keepInputs: false`): what a dump holds. */
  readonly inputs: ChainInput[];
  /** A forked chain's upstream state, fetched on first use. */
  readonly upstream?: UpstreamState;
}

/** A test account of the chain: its keys and its address in both forms. */
export interface ChainAccount {
  readonly keyPair: KeyPair;
  readonly publicKey: string;
  readonly privateKey: string;
  /** 39-character base32 form (T... / N...). */
  readonly address: string;
  /** 48-character hex form, as response bodies show it. */
  readonly addressHex: string;
}

/**
 * The embedded backend: a live, deterministic Symbol-like chain in one process. It
 * starts from a nemesis block and harvests a block every `blockInterval` ms (or on
 * `harvest()`); blocks are real Symbol block headers, signed and hashed with symbol-sdk.
 *
 * @example
 * const chain = new InMemoryChain({ blockInterval: false, clock: () => 1_700_000_000_000 });
 * chain.harvest(); // height 2
 * const gateway = createGateway({ backend: chain });
 */
export class InMemoryChain implements GatewayBackend {
  readonly options: Readonly<ResolvedChainOptions>;
  /** The symbol-sdk network of this chain (identifier, epoch, generation hash seed). */
  readonly symbolNetwork: Network;
  /** Signs the nemesis block. */
  readonly nemesisAccount: ChainAccount;
  /** Accounts that take turns harvesting blocks. */
  readonly harvesters: readonly ChainAccount[];
  /** The node's identity key, shown by `/node/info`. */
  readonly nodeAccount: ChainAccount;
  /** Test accounts the nemesis block funds with `accountBalance` of the currency each. */
  readonly fundedAccounts: readonly ChainAccount[];
  /** Where rental fees and the network's share of harvests go (a forked chain's are the upstream's, without keys). */
  readonly sinks: { readonly mosaicRental: ChainAddress; readonly namespaceRental: ChainAddress; readonly harvestNetworkFee: ChainAddress };
  /** The nemesis block's signer (64 hex): `nemesisAccount`'s, or on a forked chain the upstream's. */
  readonly nemesisPublicKey: string;
  /** A forked chain's upstream (its URL and the height it forked at); undefined for a chain of its own. */
  readonly fork: { readonly url: string; readonly height: bigint } | undefined;
  /** The network currency's mosaic id (16 hex: the nemesis account's mosaic of nonce 0) and its `symbol.xym` alias. */
  readonly currency: Currency;
  /** The rules the chain's plugins enforce (the `rules` option over the testnet's). */
  readonly rules: ChainRules;
  /** A symbol-sdk facade for this chain's network: sign transactions for it with this. */
  readonly facade: SymbolFacade;

  readonly blocks: BlockRepository;
  readonly chain: ChainRepository;
  readonly node: NodeRepository;
  readonly network: NetworkRepository;
  readonly transactions: TransactionRepository;
  readonly announcer: TransactionAnnouncer;
  readonly transactionStatus: TransactionStatusRepository;
  readonly finalization: FinalizationRepository;
  readonly accounts: AccountRepository;
  readonly mosaics: MosaicRepository;
  readonly metadata: MetadataRepository;
  readonly namespaces: NamespaceRepository;
  readonly secretLocks: SecretLockRepository;
  readonly accountRestrictions: AccountRestrictionsRepository;
  readonly mosaicRestrictions: MosaicRestrictionRepository;
  readonly receipts: ReceiptRepository;
  readonly multisig: MultisigRepository;
  readonly hashLocks: HashLockRepository;
  readonly fees: NetworkFeeRepository;
  /** Proofs from the state trees whose roots make each block's `stateHash`. */
  readonly stateProofs: StateProofRepository;
  /** Development controls: mining, time travel, balances, impersonation (also served under `/dev/` by a gateway made with `dev: true`). */
  readonly dev: DevControls;
  /** Chain events for the gateway's WebSocket channels. */
  readonly events = new EventStream();

  static {
    internals = {
      core: (chain) => chain.#core,
      pin: (chain, reason) => {
        chain.#pinned = reason;
      },
      onInput: (chain, listener) => {
        chain.#inputListeners.push(listener);
      },
    };
  }

  readonly #addresses: AddressBook;
  readonly #network: ChainNetwork;
  #health: NodeHealthDTO['status'] = { apiNode: 'up', db: 'up' };
  /** Moves on every input, outage, revert and event: see `revision()`. */
  #revision = 0;
  /** Everything that changes as the chain runs, in one object: loading a dump builds a new one and swaps it in. */
  #core!: ChainCore;
  /** The input running now: the network times the rules read go on its tape. */
  #current: ChainInput | undefined;
  /** Why the chain may not go back (a store that follows it), when something says so. */
  #pinned: string | undefined;
  readonly #inputListeners: (() => void)[] = [];
  readonly #origin: ForkOrigin | undefined;
  /** While a dump is played: the times the input being played read when it first ran. */
  #tape: string[] | undefined;
  #replaying = false;

  constructor(options: InMemoryChainOptions = {}) {
    const origin = forkOrigin;
    forkOrigin = undefined;
    this.#origin = origin;
    this.options = Object.freeze(resolveChainOptions(origin ? forkedOptions(options, origin) : options));
    const { seed, network, generationHashSeed, epochAdjustment } = this.options;
    this.symbolNetwork = symbolNetwork({ network, epochAdjustment, generationHashSeed });
    this.nemesisAccount = this.#account('nemesis');
    this.nodeAccount = this.#account('node');
    this.harvesters = Array.from({ length: this.options.harvesterCount }, (_, i) => this.#account(`harvester/${i}`));
    this.fundedAccounts = Array.from({ length: this.options.accountCount }, (_, i) => this.#account(`account/${i}`));
    this.sinks = origin
      ? { mosaicRental: this.#address(origin.sinks.mosaicRental), namespaceRental: this.#address(origin.sinks.namespaceRental), harvestNetworkFee: this.#address(origin.sinks.harvestNetworkFee) }
      : { mosaicRental: this.#account('sink/mosaic'), namespaceRental: this.#account('sink/namespace'), harvestNetworkFee: this.#account('sink/harvest') };
    this.nemesisPublicKey = origin?.nemesisPublicKey ?? this.nemesisAccount.publicKey;
    this.fork = origin && Object.freeze({ url: origin.url, height: BigInt(origin.block.block.height) });
    const currencyId = generateMosaicId(new Address(this.nemesisAccount.address), 0);
    this.currency = Object.freeze({ mosaicId: origin?.currencyMosaicId ?? idHex(currencyId), aliasId: CURRENCY_ALIAS });
    this.facade = new SymbolFacade(this.symbolNetwork);
    const { blockTime } = this.options;
    this.rules = Object.freeze(resolveRules(blockTime, { importanceGrouping: this.options.importanceGrouping, ...this.options.rules }));
    this.#network = {
      identifier: this.symbolNetwork.identifier,
      currencyMosaicId: this.currency.mosaicId,
      nemesisPublicKey: this.nemesisPublicKey,
      sinks: { mosaicRental: this.sinks.mosaicRental.addressHex, namespaceRental: this.sinks.namespaceRental.addressHex, harvestNetworkFee: this.sinks.harvestNetworkFee.addressHex },
    };
    this.#addresses = new AddressBook(this.symbolNetwork);
    this.#core = this.#genesis();
    const addresses = this.#addresses;

    this.blocks = {
      search: (criteria) => this.#read('db', () => this.#core.store.search(criteria)),
      getByHeight: (height) =>
        this.#read('db', () => {
          // Compared as a number: exact up to the chain's height, and any height past 2^53 is past it too.
          const at = Number(height);
          return at > this.#core.store.height ? undefined : this.#core.store.at(at);
        }),
      transactionMerklePath: (height, hash) => this.#read('db', () => this.#core.merkleLeaves.path(height, 'transactions', hash)),
      statementMerklePath: (height, hash) => this.#read('db', () => this.#core.merkleLeaves.path(height, 'statements', hash)),
    };
    this.chain = {
      info: () =>
        this.#read('db', () => ({
          height: String(this.#core.store.height),
          scoreHigh: (this.#core.score >> 64n).toString(),
          scoreLow: (this.#core.score & 0xffff_ffff_ffff_ffffn).toString(),
          latestFinalizedBlock: { ...this.#core.finalized },
        })),
    };
    this.node = {
      info: () => this.#read('apiNode', () => ({
        version: 16777984,
        publicKey: this.nodeAccount.publicKey,
        networkGenerationHashSeed: generationHashSeed,
        roles: 3,
        port: 7900,
        networkIdentifier: this.symbolNetwork.identifier,
        friendlyName: this.options.friendlyName,
        host: 'localhost',
        nodePublicKey: this.nodeAccount.publicKey,
      })),
      server: () => serverInfo(),
      networkTime: () => this.#read('apiNode', () => this.networkTime()),
      health: () => ({ status: { ...this.#health } }),
      storage: () =>
        this.#read('db', () => ({ numBlocks: this.#core.store.height, numTransactions: this.#core.transactionCount, numAccounts: this.#core.stores.accounts.size })),
      peers: () => this.#read('apiNode', () => this.options.peers.map((peer) => ({ ...peer }))),
      unlockedAccounts: () => this.#read('apiNode', () => ({ unlockedAccount: this.harvesters.map((harvester) => harvester.publicKey) })),
      metadata: () => ({ ...this.options.nodeMetadata }),
    };
    const stores = () => this.#core.stores;
    // Entries by key; a forked chain fetches those it never had first.
    const byKey = <T>(descriptor: CacheDescriptor<unknown>, keys: readonly string[], read: () => T) =>
      this.#read('db', () => this.#core.upstream?.read(descriptor, keys, read) ?? read());
    this.accounts = {
      search: (criteria) => this.#read('db', () => stores().accounts.search(criteria)),
      find: (keys) => {
        const wanted = keys.map((key) => ('address' in key ? key.address : addresses.of(key.publicKey).hex));
        return byKey(ACCOUNTS, wanted, () => stores().accounts.find(wanted));
      },
    };
    this.mosaics = {
      search: (criteria) => this.#read('db', () => stores().mosaics.search(criteria)),
      find: (ids) => byKey(MOSAICS, ids, () => stores().mosaics.find(ids)),
    };
    this.mosaicRestrictions = {
      search: (criteria) => this.#read('db', () => stores().mosaicRestrictions.search(criteria)),
      find: (hashes) => byKey(MOSAIC_RESTRICTIONS, hashes, () => stores().mosaicRestrictions.find(hashes)),
    };
    this.metadata = {
      search: (criteria) => this.#read('db', () => stores().metadata.search(criteria)),
      find: (hashes) => byKey(METADATA, hashes, () => stores().metadata.find(hashes)),
    };
    this.namespaces = {
      search: (criteria) => this.#read('db', () => stores().namespaces.search(criteria)),
      find: (ids) => byKey(NAMESPACES, ids, () => stores().namespaces.find(ids)),
      names: (ids) => byKey(NAMESPACES, ids, () => stores().namespaces.names(ids)),
      accountNames: (addressList) => this.#read('db', () => stores().namespaces.accountNames(addressList)),
      mosaicNames: (ids) => this.#read('db', () => stores().namespaces.mosaicNames(ids)),
    };
    this.secretLocks = {
      search: (criteria) => this.#read('db', () => stores().secretLocks.search(criteria)),
      find: (hashes) => byKey(SECRET_LOCKS, hashes, () => stores().secretLocks.find(hashes)),
    };
    this.accountRestrictions = {
      search: (criteria) => this.#read('db', () => stores().accountRestrictions.search(criteria)),
      find: (addressList) => byKey(ACCOUNT_RESTRICTIONS, addressList, () => stores().accountRestrictions.find(addressList)),
    };
    this.multisig = {
      find: (address) => byKey(MULTISIGS, [address], () => stores().multisig.find(address)),
      graph: (address) => this.#read('db', () => this.#multisigGraph(address)),
    };
    this.hashLocks = {
      search: (criteria) => this.#read('db', () => this.#core.stores.hashLocks.search(criteria)),
      find: (hashes) => byKey(HASH_LOCKS, hashes, () => stores().hashLocks.find(hashes)),
    };
    this.receipts = {
      searchTransactionStatements: (criteria) => this.#read('db', () => this.#core.receipts.searchTransactionStatements(criteria)),
      searchResolutionStatements: (kind, criteria) => this.#read('db', () => this.#core.receipts.searchResolutionStatements(kind, criteria)),
    };
    this.stateProofs = {
      statePath: (tree, key) => this.#read('apiNode', () => this.#core.state.statePath(tree, key)),
    };
    this.fees = {
      transactionFees: () => this.#read('db', () => transactionFees(this.#core.store.recentFeeMultipliers(FEE_STATISTICS_BLOCKS), this.rules)),
      rentalFees: () => this.#read('db', () => rentalFees(this.#core.engine.dynamicFeeMultiplier(), this.rules)),
    };
    const lifecycle = () => this.#core.lifecycle;
    this.transactions = {
      search: (group, criteria) => this.#read('db', () => lifecycle()[group].search(criteria)),
      find: (group, keys) => this.#read('db', () => lifecycle()[group].find(keys)),
    };
    this.announcer = {
      announce: (payload) => this.#read('apiNode', () => lifecycle().announce(payload)),
      announcePartial: (payload) => this.#read('apiNode', () => lifecycle().announcePartial(payload)),
      announceCosignature: (cosignature) => this.#read('apiNode', () => lifecycle().announceCosignature(cosignature)),
    };
    this.transactionStatus = { find: (hashes) => this.#read('db', () => lifecycle().statuses(hashes)) };
    this.finalization = {
      proofAtEpoch: (epoch) => this.#read('db', () => this.#core.proofs.atEpoch(epoch)),
      proofAtHeight: (height) => this.#read('db', () => this.#core.proofs.atHeight(height)),
    };
    this.network = {
      type: () => ({ name: network, description: `symbol-gateway in-memory ${network}` }),
      properties: () => networkConfiguration(this),
      inflation: () => this.rules.inflation.map(([startHeight, rewardAmount]) => ({ startHeight: startHeight.toString(), rewardAmount: rewardAmount.toString() })),
    };

    this.dev = new DevControls(
      {
        harvest: (timestamp) => this.#harvest(timestamp ?? this.networkTime()),
        networkTime: () => this.networkTime(),
        height: () => this.height,
        blockTime,
        changeState: (change, input) =>
          this.#run(input, () => {
            this.#core.engine.changeState(change);
            this.#core.lifecycle.readmitUnconfirmed();
          }),
        impersonationChanged: (addresses) => this.#run({ op: 'impersonation', addresses }, () => undefined),
        log: (message) => console.warn(`symbol-gateway: ${message}`),
        checkpoint: () => this.#checkpoint(),
        dump: () => this.#dump(),
        load: (dump) => this.#load(dump),
      },
      { interval: this.options.blockInterval, automine: this.options.automine },
    );
  }

  /**
   * A new core at the nemesis block: the plugins and their state, the stores, the engine and the
   * lifecycle; made current at once (the nemesis block is appended through it).
   */
  #genesis(): ChainCore {
    const { seed, epochAdjustment } = this.options;
    const origin = this.#origin;
    // A forked chain's first block is the upstream's fork block.
    const first = origin ? Number(origin.block.block.height) : 1;
    const store = new BlockStore(first);
    const ids = new EntryIdSequence(sha3('ids', seed));
    // Ids are stamped with the latest block's time, so they cost no clock reading.
    const nextId = () => ids.next(epochAdjustment + (store.height < first ? 0 : Number(BigInt(store.latest().block.timestamp) / 1000n)));
    const state = new ChainState();
    const { plugins, ...stores } = createPlugins({ state, rules: this.rules, network: this.#network, nextId, height: () => BigInt(store.height) });
    const upstream = origin && new UpstreamState(origin.client, state, upstreamSources(), () => this.#revision++);
    const lifetime = BigInt(this.options.maxTransactionLifetime);
    const executor = new TransactionExecutor(plugins, {
      rules: this.rules,
      network: this.#network,
      addresses: this.#addresses,
      maxLifetime: lifetime,
      maxBondedLifetime: lifetime * 8n,
    });
    const engine = new ChainEngine({ state, executor, rules: this.rules, height: () => BigInt(store.height), now: () => this.#ruleTime() });
    const lifecycle = new TransactionLifecycle({
      facade: this.facade,
      addresses: this.#addresses,
      // A dump being loaded replays the chain in silence.
      events: { emit: (event) => this.#emit(event) },
      engine,
      nextId,
      announceDelay: this.options.announceDelay,
      signatureWaived: (publicKey) => this.dev.isImpersonated(this.#addresses.of(publicKey).hex),
      transactionArrived: () => {
        if (!this.#replaying) this.dev.transactionArrived();
      },
      checking: (input, check) => this.#run(input, check),
      warn: (message) => {
        if (!this.#replaying) console.warn(message);
      },
      upstream,
    });
    // The harvesters vote; each has a voting key pair for the bottom of its key tree.
    const proofs = new FinalizationProofs(this.harvesters.map((harvester, i) => ({ root: harvester.keyPair, bottom: deriveKeyPair(seed, `voter/${i}`) })));
    const core: ChainCore = {
      store,
      merkleLeaves: new BlockMerkleLeaves(origin ? first + 1 : 1),
      ids,
      state,
      stores,
      ledger: new Ledger(stores.accounts),
      receipts: new ReceiptStore(nextId),
      engine,
      lifecycle,
      proofs,
      transactionCount: 0,
      score: origin?.score ?? 0n,
      finalized: origin?.finalized ?? { finalizationEpoch: 1, finalizationPoint: 1, height: '1', hash: '' },
      lastImportanceHash: origin ? fromHex(origin.lastImportanceHash) : ZERO_HASH,
      inputs: [],
      upstream,
    };
    this.#core = core;
    if (origin) this.#forkGenesis(core, origin);
    else this.#nemesis(core);
    return core;
  }

  // The nemesis block: the currency and its namespaces, its supply, and the funded accounts' share of it.
  #nemesis(core: ChainCore): void {
    const currencyId = generateMosaicId(new Address(this.nemesisAccount.address), 0);
    const genesis = core.lifecycle.genesisSelection(
      genesisTransactions(this.facade, this.nemesisAccount.keyPair, {
        currencyMosaicId: currencyId,
        initialSupply: this.rules.initialCurrencyAtomicUnits,
        recipients: [...this.fundedAccounts, ...this.harvesters],
        amount: this.options.accountBalance,
      }),
      { height: 1n, timestamp: 0n, dynamicFeeMultiplier: 0n, harvesterAddress: this.nemesisAccount.addressHex, beneficiaryAddress: this.nemesisAccount.addressHex },
    );
    const nemesis = this.#appendBlock('nemesis', this.nemesisAccount, 0n, genesis);
    core.finalized = { ...core.finalized, hash: nemesis.meta.hash };
    core.proofs.record(core.finalized, [nemesis.meta.hash]);
  }

  /**
   * A forked chain's start: the upstream's fork block as its first (finalized) block, the
   * upstream's state of the chain's own accounts and of the currency, and then the funded
   * accounts and harvesters credited `accountBalance` each on top of what they held upstream.
   */
  #forkGenesis(core: ChainCore, origin: ForkOrigin): void {
    core.store.append(structuredClone(origin.block));
    const accounts = new Map(origin.accounts.map((info) => [info.account.address.toUpperCase(), accountStateOf(info)]));
    const own = [...this.fundedAccounts, ...this.harvesters].map((account) => account.addressHex);
    core.state.cache(ACCOUNTS).load([...own, ...Object.values(origin.sinks)], accounts);
    core.state.cache(MOSAICS).load([origin.currencyMosaicId], new Map([[origin.currencyMosaicId, mosaicEntryOf(origin.currency)]]));
    const height = BigInt(origin.block.block.height);
    core.engine.changeState((delta) => {
      const cache = delta.cache(ACCOUNTS);
      const mosaics = delta.cache(MOSAICS);
      const currency = mosaics.get(origin.currencyMosaicId)!;
      const credit = this.options.accountBalance;
      for (const address of own) {
        const account: AccountState = cache.get(address) ?? newAccount(address, height);
        const balances = new Map(account.balances);
        balances.set(origin.currencyMosaicId, (balances.get(origin.currencyMosaicId) ?? 0n) + credit);
        cache.set(address, { ...account, balances });
      }
      mosaics.set(origin.currencyMosaicId, { ...currency, supply: currency.supply + credit * BigInt(own.length) });
    });
  }

  /** Confirmed mosaic balances of every account. */
  get ledger(): Ledger {
    return this.#core.ledger;
  }

  /** The height of the chain's latest block. */
  get height(): bigint {
    return BigInt(this.#core.store.height);
  }

  /** The chain's latest block. */
  get latestBlock(): BlockInfoDTO {
    return this.#core.store.latest();
  }

  /** Network time now: milliseconds since the nemesis block. */
  networkTime(): bigint {
    // `dev` is made last: the nemesis block is harvested before any time travel.
    return BigInt(Math.floor(this.options.clock())) - BigInt(this.options.epochAdjustment) * 1000n + (this.dev?.timeOffset ?? 0n);
  }

  /**
   * A chain from a dump (`chain.dev.dump()`, `GET /dev/state`, a `--state` file): made with the
   * dump's state options and `options` for the rest (clock, timer, mining, node identity), then
   * the dump's inputs played on it, so it has the dump's blocks, hashes, state, pools and ids.
   *
   * @throws InvalidArgumentError when the value is not a dump, or does not play to its head
   */
  static load(dump: unknown, options: Omit<InMemoryChainOptions, StateOptionName> = {}): InMemoryChain {
    const parsed = parseChainDump(dump);
    const chain = new InMemoryChain({ ...options, ...optionsOfDump(parsed.options) });
    try {
      chain.dev.load(parsed);
    } catch (error) {
      chain.close();
      throw error;
    }
    return chain;
  }

  /**
   * A chain that forks a live network: it starts at the upstream's latest finalized block (or
   * `fork.height`), on the upstream's network (kind, generation hash seed, epoch, currency,
   * sinks), and reads the upstream's state of any account, mosaic, namespace, multisig,
   * metadata, lock or restriction on first use: an announce is checked once what it reads is
   * fetched, a read by key fetches what it names. Local transactions and blocks go on top and
   * are never sent upstream. The funded accounts and harvesters (from `seed`) get
   * `accountBalance` of the currency on top of what they hold upstream.
   *
   * Pages (`/accounts`, `/mosaics?ownerAddress=`, transaction history…) list what the fork has
   * read or made, not the upstream's whole state; blocks below the fork height are not served.
   *
   * @throws InvalidArgumentError for a height the upstream has not finalized, or a network the chain cannot be
   * @throws UpstreamError when the upstream cannot be read (after its retries)
   */
  static async fork(fork: ForkOptions | string, options: ForkedChainOptions = {}): Promise<InMemoryChain> {
    const { url, height, upstream } = typeof fork === 'string' ? { url: fork } : fork;
    const client = new UpstreamClient({ ...upstream, url });
    const { seed, harvesterCount, accountCount } = resolveChainOptions(options);
    const origin = await readForkOrigin(client, {
      height,
      // The chain's own accounts, as the constructor derives them (an address follows from the key and the network byte alone).
      addresses: (network) => {
        const symbol = symbolNetwork({ network, epochAdjustment: 0, generationHashSeed: '0'.repeat(64) });
        const labels = [...Array.from({ length: harvesterCount }, (_, i) => `harvester/${i}`), ...Array.from({ length: accountCount }, (_, i) => `account/${i}`)];
        return labels.map((label) => deriveAccount(symbol, seed, label).addressHex);
      },
    });
    forkOrigin = origin;
    try {
      return new InMemoryChain(options);
    } finally {
      forkOrigin = undefined;
    }
  }

  // The multisig graph around an account; a forked chain fetches the entries of the graph first, a level at a time.
  #multisigGraph(address: string) {
    const { upstream, stores } = this.#core;
    if (!upstream) return stores.multisig.graph(address);
    return (async () => {
      let level = [address];
      const seen = new Set(level);
      while (level.length > 0) {
        await upstream.ensure(MULTISIGS, level);
        const next: string[] = [];
        for (const member of level) {
          const entry = stores.multisig.find(member)?.multisig;
          for (const linked of [...(entry?.cosignatoryAddresses ?? []), ...(entry?.multisigAddresses ?? [])]) {
            if (!seen.has(linked)) next.push(linked);
            seen.add(linked);
          }
        }
        level = next;
      }
      return stores.multisig.graph(address);
    })();
  }

  /** Harvests one block now and returns it (announces still waiting in the inbound queue are checked first). */
  harvest(): BlockInfoDTO {
    return this.#harvest(this.networkTime());
  }

  // One block at network time `at` (later than the latest block's), after the announces waiting are checked.
  #harvest(at: bigint): BlockInfoDTO {
    this.#core.lifecycle.drainInbound();
    return this.#run({ op: 'block', at: at.toString() }, () => this.#harvestChecked(at));
  }

  #harvestChecked(at: bigint): BlockInfoDTO {
    const height = this.#core.store.height + 1;
    const signer = this.harvesters[(height - 2) % this.harvesters.length];
    const kind: BlockKind = height % this.options.importanceGrouping === 0 ? 'importance' : 'normal';
    const previous = BigInt(this.#core.store.latest().block.timestamp);
    const timestamp = at > previous ? at : previous + 1n;
    this.#core.lifecycle.expire(timestamp);
    const selection = this.#core.lifecycle.selectForBlock({
      height: BigInt(height),
      timestamp,
      dynamicFeeMultiplier: this.#core.engine.dynamicFeeMultiplier(),
      harvesterAddress: signer.addressHex,
      beneficiaryAddress: signer.addressHex,
    });
    const block = this.#appendBlock(kind, signer, timestamp, selection);
    this.#emit({
      channel: 'block',
      addresses: [],
      data: { block: block.block, meta: { hash: block.meta.hash, generationHash: block.meta.generationHash } },
    });
    if (height % this.options.finalizationInterval === 0) {
      const previousFinalized = BigInt(this.#core.finalized.height);
      const since = Number(previousFinalized) + 1;
      this.#core.finalized = {
        finalizationEpoch: this.#core.finalized.finalizationEpoch + 1,
        finalizationPoint: 1,
        height: block.block.height,
        hash: block.meta.hash,
      };
      const prevoted = Array.from({ length: height - since + 1 }, (_, i) => this.#core.store.at(since + i)!.meta.hash);
      this.#core.proofs.record(this.#core.finalized, prevoted);
      this.#core.engine.prune(previousFinalized, BigInt(height));
      this.#core.lifecycle.readmitUnconfirmed();
      this.#emit({ channel: 'finalizedBlock', addresses: [], data: { ...this.#core.finalized } });
    }
    return block;
  }

  /** Checks every announce waiting in the inbound queue now, instead of `announceDelay` ms after it arrived. */
  processAnnounced(): void {
    this.#core.lifecycle.drainInbound();
  }

  /**
   * Checks every announce waiting in the inbound queue now, and resolves once none is left: on
   * a forked chain, after what their checks read is fetched from the upstream (`processAnnounced`
   * stops at the first announce that must wait for a fetch). Then `harvest()` confirms them.
   */
  checkAnnounced(): Promise<void> {
    return this.#core.lifecycle.drainedInbound();
  }

  /**
   * Makes the backend report a node or database outage until it is set back to `'up'`:
   * `/node/health` shows it; with `db` down, chain data (blocks, chain info) answers 503;
   * with `apiNode` down, node info and time do. For testing how an app copes with an outage.
   */
  setAvailability(status: Partial<NodeHealthDTO['status']>): void {
    this.#revision++;
    this.#health = { ...this.#health, ...status };
  }

  /**
   * The data's revision (`GatewayBackend.revision`): it moves whenever anything the chain answers
   * may have changed (every input the chain runs: a block, an announce checked, a balance set, an
   * impersonation; an outage set; a snapshot restored; a dump loaded; entries a forked chain
   * fetched from its upstream), so the gateway may answer a repeated read from the bytes it
   * answered before while it stays the same. The clock does not move it (the network time is
   * read afresh).
   */
  revision(): number {
    return this.#revision;
  }

  /** Stops harvesting and the inbound queue's timer. */
  close(): void {
    this.dev.close();
    this.#core.lifecycle.close();
  }

  /**
   * A point the chain can go back to (a development snapshot): the journal keeps the state's
   * undo records from here on, the append-only stores remember their length, the pools are
   * copied (they are small), and the counters are kept. Announces still waiting are checked first.
   */
  #checkpoint(): ChainCheckpoint {
    this.#refuseRewrite('snapshots');
    const core = this.#core;
    // First: it checks the announces still waiting, which may change the pools and the ids.
    const restoreLifecycle = core.lifecycle.checkpoint();
    const restoreEngine = core.engine.checkpoint();
    const position = core.state.journal.mark();
    const height = core.store.height;
    const ids = core.ids.position();
    const { transactionCount, score, finalized, lastImportanceHash } = core;
    const inputs = core.inputs.length;
    let open = true;
    return {
      head: core.store.latest(),
      restore: () => {
        if (!open || this.#core !== core) throw new InvalidArgumentError('the snapshot is no longer held');
        this.#revision++;
        core.state.journal.rewind(position);
        core.store.truncate(height);
        core.merkleLeaves.truncate(height);
        core.receipts.truncate(BigInt(height));
        core.proofs.truncate(finalized.finalizationEpoch);
        core.ids.restore(ids);
        restoreEngine();
        restoreLifecycle();
        Object.assign(core, { transactionCount, score, finalized, lastImportanceHash });
        core.inputs.length = inputs;
        this.#readmit();
        return core.store.latest();
      },
      release: () => {
        if (open && this.#core === core) core.state.journal.release();
        open = false;
      },
    };
  }

  /**
   * Runs one input of the chain (a block, an announce's check, a control), keeping it among the
   * chain's inputs with the network times the rules read while it ran.
   */
  #run<T>(input: ChainInput, run: () => T): T {
    this.#revision++;
    if (!this.options.keepInputs) {
      try {
        return run();
      } finally {
        this.#revision++;
      }
    }
    const previous = this.#current;
    this.#current = input;
    this.#core.inputs.push(input);
    for (const listener of this.#inputListeners) listener();
    try {
      return run();
    } finally {
      this.#current = previous;
      this.#revision++;
    }
  }

  /** Network time for the rules (deadlines): the clock's, kept on the running input's tape; while a dump is played, the tape's. */
  #ruleTime(): bigint {
    let time: bigint;
    if (this.#tape) {
      const recorded = this.#tape.shift();
      if (recorded === undefined) throw new RangeError('the chain read the clock more often than when the dump was made');
      time = BigInt(recorded);
    } else {
      time = this.networkTime();
    }
    if (this.#current) (this.#current.times ??= []).push(time.toString());
    return time;
  }

  #refuseRewrite(what: string): void {
    if (this.#pinned !== undefined) throw new InvalidArgumentError(`${what} would rewrite the chain's history, and ${this.#pinned}`);
  }

  #emit(event: ChainEvent): void {
    this.#revision++;
    if (!this.#replaying) this.events.emit(event);
  }

  #dump(): ChainDump {
    if (this.fork) throw new InvalidArgumentError(`a forked chain cannot be dumped: its state is read from ${this.fork.url}`);
    if (!this.options.keepInputs) throw new InvalidArgumentError('this chain keeps no inputs (made with keepInputs: false), so it cannot be dumped');
    this.#core.lifecycle.drainInbound();
    const latest = this.#core.store.latest();
    return {
      format: DUMP_FORMAT,
      version: DUMP_VERSION,
      options: dumpedOptions(this.options),
      timeOffset: this.dev.timeOffset.toString(),
      head: { height: latest.block.height, hash: latest.meta.hash, stateHash: latest.block.stateHash },
      inputs: this.#core.inputs.map((input) => ({ ...input })),
    };
  }

  /**
   * Plays a dump's inputs on a new core at the nemesis block and swaps it in once its latest
   * block is the dump's head; on any failure the chain stays as it was.
   */
  #load(value: unknown): BlockInfoDTO {
    this.#refuseRewrite('loading a dump');
    if (this.fork) throw new InvalidArgumentError(`a forked chain cannot load a dump: its state is read from ${this.fork.url}`);
    const dump = parseChainDump(value);
    const differing = differingOptions(dump, this.options);
    if (differing.length > 0) {
      throw new InvalidArgumentError(`the dump was made by a chain with other options (${differing.join(', ')}): load it with InMemoryChain.load, or start the chain with the dump's options`);
    }
    if (!this.options.keepInputs) throw new InvalidArgumentError('this chain keeps no inputs (made with keepInputs: false): it cannot load a dump');
    const previous = this.#core;
    const impersonated = this.dev.impersonated();
    this.#replaying = true;
    try {
      const core = this.#genesis();
      dump.inputs.forEach((input, i) => {
        this.#tape = [...(input.times ?? [])];
        try {
          this.#play(input);
        } catch (error) {
          throw new InvalidArgumentError(`input ${i} (${input.op}) does not play: ${(error as Error).message}`);
        }
        if (this.#tape.length > 0) throw new InvalidArgumentError(`input ${i} (${input.op}) read the clock fewer times than when the dump was made`);
      });
      const latest = core.store.latest();
      const reached = { height: latest.block.height, hash: latest.meta.hash, stateHash: latest.block.stateHash };
      if (JSON.stringify(reached) !== JSON.stringify(dump.head)) {
        throw new InvalidArgumentError(`the dump played to block ${reached.height} ${reached.hash}, not to its head ${dump.head.height} ${dump.head.hash}`);
      }
      previous.lifecycle.close();
      return latest;
    } catch (error) {
      this.#core = previous;
      this.dev.replaceImpersonated(impersonated);
      throw error;
    } finally {
      this.#replaying = false;
      this.#tape = undefined;
      this.#revision++;
    }
  }

  #play(input: ChainInput): void {
    switch (input.op) {
      case 'transaction':
      case 'cosignature':
        return this.#run(withoutTimes(input), () => this.#core.lifecycle.process(input));
      case 'block':
        this.#harvest(BigInt(input.at));
        return;
      case 'balance':
        this.dev.setBalance(input.address, input.mosaicId, BigInt(input.amount));
        return;
      case 'impersonation':
        this.dev.replaceImpersonated(input.addresses);
        return;
      case 'readmit':
        return this.#readmit();
    }
  }

  /** Runs what is unconfirmed again on the confirmed state (after a revert), as an input of its own. */
  #readmit(): void {
    this.#run({ op: 'readmit' }, () => this.#core.lifecycle.readmitUnconfirmed());
  }

  // Chain data lives in the database; node identity and time come from the api node.
  #read<T>(service: keyof NodeHealthDTO['status'], read: () => T): T {
    if (this.#health[service] === 'down') throw new ServiceUnavailableError(`${service === 'db' ? 'the database' : 'the api node'} is unreachable`);
    return read();
  }

  #account(label: string): ChainAccount {
    return deriveAccount(this.symbolNetwork, this.options.seed, label);
  }

  #address(addressHex: string): ChainAddress {
    return { address: new Address(fromHex(addressHex)).toString(), addressHex };
  }

  /** Builds and appends the block of a run selection, then commits its state, its statements and its transactions. */
  #appendBlock(kind: BlockKind, signer: ChainAccount, timestamp: bigint, selection: BlockSelection): BlockInfoDTO {
    const { records, execution } = selection;
    const height = BigInt(this.#core.store.height + 1);
    const previous = height === 1n ? undefined : this.#core.store.latest();
    const seed = this.options.seed;
    const proof = {
      gamma: sha3('gamma', seed, String(height)),
      verificationHash: sha3('verification', seed, String(height)).subarray(0, 16),
      scalar: sha3('scalar', seed, String(height)),
    };
    const isImportance = kind !== 'normal';
    const transactionLeaves = records.map((record) => record.merkleComponentHash());
    // The state trees' roots once the block's changes are committed, in catapult's cache order.
    const rootHashes = this.#core.state.roots(execution.delta);
    const stateRoots = rootHashes.map(toHex);
    const built = buildBlock({
      kind,
      signer: signer.keyPair,
      networkIdentifier: this.symbolNetwork.identifier,
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
            votingEligibleAccountsCount: this.harvesters.length,
            harvestingEligibleAccountsCount: BigInt(this.harvesters.length),
            totalVotingBalance: 0n,
            previousImportanceBlockHash: this.#core.lastImportanceHash,
          }
        : undefined,
    });
    if (isImportance) this.#core.lastImportanceHash = fromHex(built.hash);

    // The nemesis block's generation hash is the network's seed; later ones follow from the VRF proof.
    const generationHash = previous ? toHex(sha3(proof.gamma)) : this.options.generationHashSeed;
    const unixSeconds = this.options.epochAdjustment + Number(timestamp / 1000n);
    const { statements } = execution;
    const transactionCount = records.reduce((count, record) => count + 1 + record.decoded.embedded.length, 0);
    const info: BlockInfoDTO = {
      id: this.#core.ids.next(unixSeconds),
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
    this.#core.store.append(info);
    this.#core.merkleLeaves.append(transactionLeaves, [...statements.transactionStatements, ...statements.addressResolutionStatements, ...statements.mosaicResolutionStatements].map((statement) => statement.hash));
    this.#core.engine.commit(execution, selection.feeMultiplier);
    this.#core.receipts.append(height, info.block.timestamp, statements);
    this.#core.transactionCount += transactionCount;
    this.#core.lifecycle.confirm(selection, height, info.block.timestamp);
    this.#core.lifecycle.removeUnlocked(this.#core.stores.hashLocks.expiries.at(height));
    this.#core.lifecycle.readmitUnconfirmed();
    const elapsedSeconds = previous ? (timestamp - BigInt(previous.block.timestamp)) / 1000n : 0n;
    this.#core.score += DIFFICULTY - elapsedSeconds;
    return info;
  }
}

/** A forked chain's options: the upstream's network, its importance grouping unless given, and no inputs kept (a dump could not be played without the upstream). */
function forkedOptions(options: InMemoryChainOptions, origin: ForkOrigin): InMemoryChainOptions {
  return {
    importanceGrouping: origin.importanceGrouping,
    ...options,
    network: origin.network,
    generationHashSeed: origin.generationHashSeed,
    epochAdjustment: origin.epochAdjustment,
    keepInputs: false,
  };
}

function withoutTimes(input: ChainInput): ChainInput {
  const { times: _times, ...rest } = input;
  return rest as ChainInput;
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
