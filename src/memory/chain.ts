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
import { DevControls } from './dev-controls.js';
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
import { ServiceUnavailableError } from '../errors.js';
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
import { idHex } from './plugins/ids.js';
import { createPlugins, type ChainStores } from './plugins/index.js';
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

/** The network currency: its mosaic id and the id of its `symbol.xym` alias, both 16 hex. */
export interface Currency {
  readonly mosaicId: string;
  readonly aliasId: string;
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
  /** Where rental fees and the network's share of harvests go. */
  readonly sinks: { readonly mosaicRental: ChainAccount; readonly namespaceRental: ChainAccount; readonly harvestNetworkFee: ChainAccount };
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
  /** Confirmed mosaic balances of every account. */
  readonly ledger: Ledger;

  readonly #store = new BlockStore();
  readonly #merkleLeaves = new BlockMerkleLeaves();
  readonly #stores: ChainStores;
  readonly #engine: ChainEngine;
  readonly #receipts: ReceiptStore;
  /** Transactions confirmed so far, inner transactions of aggregates counted (`/node/storage`). */
  #transactionCount = 0;
  readonly #ids: EntryIdSequence;
  readonly #state: ChainState;
  #score = 0n;
  #finalized: FinalizedBlockDTO;
  #lastImportanceHash: Uint8Array<ArrayBuffer> = ZERO_HASH;
  #health: NodeHealthDTO['status'] = { apiNode: 'up', db: 'up' };
  readonly #lifecycle: TransactionLifecycle;
  readonly #proofs: FinalizationProofs;

  constructor(options: InMemoryChainOptions = {}) {
    this.options = Object.freeze(resolveChainOptions(options));
    const { seed, network, generationHashSeed, epochAdjustment } = this.options;
    this.symbolNetwork = new Network(network, network === 'mainnet' ? 0x68 : 0x98, new Date(epochAdjustment * 1000), new Hash256(generationHashSeed));
    this.nemesisAccount = this.#account('nemesis');
    this.nodeAccount = this.#account('node');
    this.harvesters = Array.from({ length: this.options.harvesterCount }, (_, i) => this.#account(`harvester/${i}`));
    this.fundedAccounts = Array.from({ length: this.options.accountCount }, (_, i) => this.#account(`account/${i}`));
    this.sinks = { mosaicRental: this.#account('sink/mosaic'), namespaceRental: this.#account('sink/namespace'), harvestNetworkFee: this.#account('sink/harvest') };
    this.#ids = new EntryIdSequence(sha3('ids', seed));
    const currencyId = generateMosaicId(new Address(this.nemesisAccount.address), 0);
    this.currency = Object.freeze({ mosaicId: idHex(currencyId), aliasId: CURRENCY_ALIAS });
    this.facade = new SymbolFacade(this.symbolNetwork);
    // The block time the rules' durations count with: the timer's, or the testnet's 30 s without one.
    const blockTime = this.options.blockInterval || 30_000;
    this.rules = Object.freeze(resolveRules(blockTime, { importanceGrouping: this.options.importanceGrouping, ...this.options.rules }));

    // The plugins and their state; ids are stamped with the latest block's time, so they cost no clock reading.
    const nextId = () => this.#ids.next(epochAdjustment + (this.#store.height === 0 ? 0 : Number(BigInt(this.#store.latest().block.timestamp) / 1000n)));
    const chainNetwork: ChainNetwork = {
      identifier: this.symbolNetwork.identifier,
      currencyMosaicId: this.currency.mosaicId,
      nemesisPublicKey: this.nemesisAccount.publicKey,
      sinks: { mosaicRental: this.sinks.mosaicRental.addressHex, namespaceRental: this.sinks.namespaceRental.addressHex, harvestNetworkFee: this.sinks.harvestNetworkFee.addressHex },
    };
    const state = new ChainState();
    this.#state = state;
    const { plugins, ...stores } = createPlugins({ state, rules: this.rules, network: chainNetwork, nextId, height: () => this.height });
    this.#stores = stores;
    this.ledger = new Ledger(stores.accounts);
    this.#receipts = new ReceiptStore(nextId);
    const addresses = new AddressBook(this.symbolNetwork);
    const lifetime = BigInt(this.options.maxTransactionLifetime);
    const executor = new TransactionExecutor(plugins, {
      rules: this.rules,
      network: chainNetwork,
      addresses,
      maxLifetime: lifetime,
      maxBondedLifetime: lifetime * 8n,
    });
    this.#engine = new ChainEngine({ state, executor, rules: this.rules, height: () => this.height, now: () => this.networkTime() });
    this.#lifecycle = new TransactionLifecycle({
      facade: this.facade,
      addresses,
      events: this.events,
      engine: this.#engine,
      nextId,
      announceDelay: this.options.announceDelay,
      signatureWaived: (publicKey) => this.dev.isImpersonated(addresses.of(publicKey).hex),
      transactionArrived: () => this.dev.transactionArrived(),
    });

    // The nemesis block: the currency and its namespaces, its supply, and the funded accounts' share of it.
    const genesis = this.#lifecycle.genesisSelection(
      genesisTransactions(this.facade, this.nemesisAccount.keyPair, {
        currencyMosaicId: currencyId,
        initialSupply: this.rules.initialCurrencyAtomicUnits,
        recipients: [...this.fundedAccounts, ...this.harvesters],
        amount: this.options.accountBalance,
      }),
      { height: 1n, timestamp: 0n, dynamicFeeMultiplier: 0n, harvesterAddress: this.nemesisAccount.addressHex, beneficiaryAddress: this.nemesisAccount.addressHex },
    );
    const nemesis = this.#appendBlock('nemesis', this.nemesisAccount, 0n, genesis);
    this.#finalized = { finalizationEpoch: 1, finalizationPoint: 1, height: '1', hash: nemesis.meta.hash };
    // The harvesters vote; each has a voting key pair for the bottom of its key tree.
    this.#proofs = new FinalizationProofs(
      this.harvesters.map((harvester, i) => ({ root: harvester.keyPair, bottom: deriveKeyPair(seed, `voter/${i}`) })),
    );
    this.#proofs.record(this.#finalized, [nemesis.meta.hash]);

    this.blocks = {
      search: (criteria) => this.#read('db', () => this.#store.search(criteria)),
      getByHeight: (height) => this.#read('db', () => (height > BigInt(this.#store.height) ? undefined : this.#store.at(Number(height)))),
      transactionMerklePath: (height, hash) => this.#read('db', () => this.#merkleLeaves.path(height, 'transactions', hash)),
      statementMerklePath: (height, hash) => this.#read('db', () => this.#merkleLeaves.path(height, 'statements', hash)),
    };
    this.chain = {
      info: () =>
        this.#read('db', () => ({
          height: String(this.#store.height),
          scoreHigh: (this.#score >> 64n).toString(),
          scoreLow: (this.#score & 0xffff_ffff_ffff_ffffn).toString(),
          latestFinalizedBlock: { ...this.#finalized },
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
        this.#read('db', () => ({ numBlocks: this.#store.height, numTransactions: this.#transactionCount, numAccounts: this.#stores.accounts.size })),
      peers: () => this.#read('apiNode', () => this.options.peers.map((peer) => ({ ...peer }))),
      unlockedAccounts: () => this.#read('apiNode', () => ({ unlockedAccount: this.harvesters.map((harvester) => harvester.publicKey) })),
      metadata: () => ({ ...this.options.nodeMetadata }),
    };
    const { accounts, mosaics, namespaces, secretLocks, mosaicRestrictions } = this.#stores;
    this.accounts = {
      search: (criteria) => this.#read('db', () => accounts.search(criteria)),
      find: (keys) => this.#read('db', () => accounts.find(keys.map((key) => ('address' in key ? key.address : addresses.of(key.publicKey).hex)))),
    };
    this.mosaics = {
      search: (criteria) => this.#read('db', () => mosaics.search(criteria)),
      find: (ids) => this.#read('db', () => mosaics.find(ids)),
    };
    this.mosaicRestrictions = {
      search: (criteria) => this.#read('db', () => mosaicRestrictions.search(criteria)),
      find: (hashes) => this.#read('db', () => mosaicRestrictions.find(hashes)),
    };
    const metadata = this.#stores.metadata;
    this.metadata = {
      search: (criteria) => this.#read('db', () => metadata.search(criteria)),
      find: (hashes) => this.#read('db', () => metadata.find(hashes)),
    };
    this.namespaces = {
      search: (criteria) => this.#read('db', () => namespaces.search(criteria)),
      find: (ids) => this.#read('db', () => namespaces.find(ids)),
      names: (ids) => this.#read('db', () => namespaces.names(ids)),
      accountNames: (addressList) => this.#read('db', () => namespaces.accountNames(addressList)),
      mosaicNames: (ids) => this.#read('db', () => namespaces.mosaicNames(ids)),
    };
    this.secretLocks = {
      search: (criteria) => this.#read('db', () => secretLocks.search(criteria)),
      find: (hashes) => this.#read('db', () => secretLocks.find(hashes)),
    };
    const { accountRestrictions } = this.#stores;
    this.accountRestrictions = {
      search: (criteria) => this.#read('db', () => accountRestrictions.search(criteria)),
      find: (addressList) => this.#read('db', () => accountRestrictions.find(addressList)),
    };
    this.multisig = {
      find: (address) => this.#read('db', () => this.#stores.multisig.find(address)),
      graph: (address) => this.#read('db', () => this.#stores.multisig.graph(address)),
    };
    this.hashLocks = {
      search: (criteria) => this.#read('db', () => this.#stores.hashLocks.search(criteria)),
      find: (hashes) => this.#read('db', () => this.#stores.hashLocks.find(hashes)),
    };
    this.receipts = {
      searchTransactionStatements: (criteria) => this.#read('db', () => this.#receipts.searchTransactionStatements(criteria)),
      searchResolutionStatements: (kind, criteria) => this.#read('db', () => this.#receipts.searchResolutionStatements(kind, criteria)),
    };
    this.stateProofs = {
      statePath: (tree, key) => this.#read('apiNode', () => this.#state.statePath(tree, key)),
    };
    this.fees = {
      transactionFees: () => this.#read('db', () => transactionFees(this.#store.recentFeeMultipliers(FEE_STATISTICS_BLOCKS), this.rules)),
      rentalFees: () => this.#read('db', () => rentalFees(this.#engine.dynamicFeeMultiplier(), this.rules)),
    };
    const lifecycle = this.#lifecycle;
    const collections = { confirmed: lifecycle.confirmed, unconfirmed: lifecycle.unconfirmed, partial: lifecycle.partial };
    this.transactions = {
      search: (group, criteria) => this.#read('db', () => collections[group].search(criteria)),
      find: (group, keys) => this.#read('db', () => collections[group].find(keys)),
    };
    this.announcer = {
      announce: (payload) => this.#read('apiNode', () => lifecycle.announce(payload)),
      announcePartial: (payload) => this.#read('apiNode', () => lifecycle.announcePartial(payload)),
      announceCosignature: (cosignature) => this.#read('apiNode', () => lifecycle.announceCosignature(cosignature)),
    };
    this.transactionStatus = { find: (hashes) => this.#read('db', () => lifecycle.statuses(hashes)) };
    this.finalization = {
      proofAtEpoch: (epoch) => this.#read('db', () => this.#proofs.atEpoch(epoch)),
      proofAtHeight: (height) => this.#read('db', () => this.#proofs.atHeight(height)),
    };
    this.network = {
      type: () => ({ name: network, description: `symbol-gateway in-memory ${network}` }),
      properties: () => networkConfiguration(this),
      inflation: () => this.rules.inflation.map(([startHeight, rewardAmount]) => ({ startHeight: startHeight.toString(), rewardAmount: rewardAmount.toString() })),
    };

    const engine = this.#engine;
    this.dev = new DevControls(
      {
        harvest: (timestamp) => this.#harvest(timestamp ?? this.networkTime()),
        networkTime: () => this.networkTime(),
        height: () => this.height,
        blockTime,
        changeState: (change) => {
          engine.changeState(change);
          lifecycle.readmitUnconfirmed();
        },
        log: (message) => console.warn(`symbol-gateway: ${message}`),
      },
      { interval: this.options.blockInterval, automine: this.options.automine },
    );
  }

  /** The height of the chain's latest block. */
  get height(): bigint {
    return BigInt(this.#store.height);
  }

  /** The chain's latest block. */
  get latestBlock(): BlockInfoDTO {
    return this.#store.latest();
  }

  /** Network time now: milliseconds since the nemesis block. */
  networkTime(): bigint {
    // `dev` is made last: the nemesis block is harvested before any time travel.
    return BigInt(Math.floor(this.options.clock())) - BigInt(this.options.epochAdjustment) * 1000n + (this.dev?.timeOffset ?? 0n);
  }

  /** Harvests one block now and returns it (announces still waiting in the inbound queue are checked first). */
  harvest(): BlockInfoDTO {
    return this.#harvest(this.networkTime());
  }

  // One block at network time `at` (later than the latest block's).
  #harvest(at: bigint): BlockInfoDTO {
    this.#lifecycle.drainInbound();
    const height = this.#store.height + 1;
    const signer = this.harvesters[(height - 2) % this.harvesters.length];
    const kind: BlockKind = height % this.options.importanceGrouping === 0 ? 'importance' : 'normal';
    const previous = BigInt(this.#store.latest().block.timestamp);
    const timestamp = at > previous ? at : previous + 1n;
    this.#lifecycle.expire(timestamp);
    const selection = this.#lifecycle.selectForBlock({
      height: BigInt(height),
      timestamp,
      dynamicFeeMultiplier: this.#engine.dynamicFeeMultiplier(),
      harvesterAddress: signer.addressHex,
      beneficiaryAddress: signer.addressHex,
    });
    const block = this.#appendBlock(kind, signer, timestamp, selection);
    this.events.emit({
      channel: 'block',
      addresses: [],
      data: { block: block.block, meta: { hash: block.meta.hash, generationHash: block.meta.generationHash } },
    });
    if (height % this.options.finalizationInterval === 0) {
      const since = Number(this.#finalized.height) + 1;
      this.#finalized = {
        finalizationEpoch: this.#finalized.finalizationEpoch + 1,
        finalizationPoint: 1,
        height: block.block.height,
        hash: block.meta.hash,
      };
      const prevoted = Array.from({ length: height - since + 1 }, (_, i) => this.#store.at(since + i)!.meta.hash);
      this.#proofs.record(this.#finalized, prevoted);
      this.#engine.prune(BigInt(height));
      this.#lifecycle.readmitUnconfirmed();
      this.events.emit({ channel: 'finalizedBlock', addresses: [], data: { ...this.#finalized } });
    }
    return block;
  }

  /** Checks every announce waiting in the inbound queue now, instead of `announceDelay` ms after it arrived. */
  processAnnounced(): void {
    this.#lifecycle.drainInbound();
  }

  /**
   * Makes the backend report a node or database outage until it is set back to `'up'`:
   * `/node/health` shows it; with `db` down, chain data (blocks, chain info) answers 503;
   * with `apiNode` down, node info and time do. For testing how an app copes with an outage.
   */
  setAvailability(status: Partial<NodeHealthDTO['status']>): void {
    this.#health = { ...this.#health, ...status };
  }

  /** Stops harvesting and the inbound queue's timer. */
  close(): void {
    this.dev.close();
    this.#lifecycle.close();
  }

  // Chain data lives in the database; node identity and time come from the api node.
  #read<T>(service: keyof NodeHealthDTO['status'], read: () => T): T {
    if (this.#health[service] === 'down') throw new ServiceUnavailableError(`${service === 'db' ? 'the database' : 'the api node'} is unreachable`);
    return read();
  }

  #account(label: string): ChainAccount {
    const keyPair = deriveKeyPair(this.options.seed, label);
    const address = this.symbolNetwork.publicKeyToAddress(keyPair.publicKey);
    return {
      keyPair,
      // Flat strings: symbol-sdk's toString() builds hex a character at a time.
      publicKey: toHex(keyPair.publicKey.bytes),
      privateKey: toHex(keyPair.privateKey.bytes),
      address: address.toString(),
      addressHex: toHex(address.bytes),
    };
  }

  /** Builds and appends the block of a run selection, then commits its state, its statements and its transactions. */
  #appendBlock(kind: BlockKind, signer: ChainAccount, timestamp: bigint, selection: BlockSelection): BlockInfoDTO {
    const { records, execution } = selection;
    const height = BigInt(this.#store.height + 1);
    const previous = height === 1n ? undefined : this.#store.latest();
    const seed = this.options.seed;
    const proof = {
      gamma: sha3('gamma', seed, String(height)),
      verificationHash: sha3('verification', seed, String(height)).subarray(0, 16),
      scalar: sha3('scalar', seed, String(height)),
    };
    const isImportance = kind !== 'normal';
    const transactionLeaves = records.map((record) => record.merkleComponentHash());
    // The state trees' roots once the block's changes are committed, in catapult's cache order.
    const stateRoots = this.#state.roots(execution.delta).map(toHex);
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
      stateHash: sha3(fromHex(stateRoots.join(''))),
      beneficiaryAddress: fromHex(signer.addressHex),
      feeMultiplier: selection.feeMultiplier,
      transactions: records.map((record) => record.decoded.model),
      importance: isImportance
        ? {
            votingEligibleAccountsCount: this.harvesters.length,
            harvestingEligibleAccountsCount: BigInt(this.harvesters.length),
            totalVotingBalance: 0n,
            previousImportanceBlockHash: this.#lastImportanceHash,
          }
        : undefined,
    });
    if (isImportance) this.#lastImportanceHash = fromHex(built.hash);

    // The nemesis block's generation hash is the network's seed; later ones follow from the VRF proof.
    const generationHash = previous ? toHex(sha3(proof.gamma)) : this.options.generationHashSeed;
    const unixSeconds = this.options.epochAdjustment + Number(timestamp / 1000n);
    const { statements } = execution;
    const transactionCount = records.reduce((count, record) => count + 1 + record.decoded.embedded.length, 0);
    const info: BlockInfoDTO = {
      id: this.#ids.next(unixSeconds),
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
    this.#store.append(info);
    this.#merkleLeaves.append(transactionLeaves, [...statements.transactionStatements, ...statements.addressResolutionStatements, ...statements.mosaicResolutionStatements].map((statement) => statement.hash));
    this.#engine.commit(execution, selection.feeMultiplier);
    this.#receipts.append(height, info.block.timestamp, statements);
    this.#transactionCount += transactionCount;
    this.#lifecycle.confirm(selection, height, info.block.timestamp);
    this.#lifecycle.removeUnlocked(this.#stores.hashLocks.expiries.at(height));
    this.#lifecycle.readmitUnconfirmed();
    const elapsedSeconds = previous ? (timestamp - BigInt(previous.block.timestamp)) / 1000n : 0n;
    this.#score += DIFFICULTY - elapsedSeconds;
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
