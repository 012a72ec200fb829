import type { GatewayBackend } from '../../backend/index.js';
import type { BlockInfoDTO, NodeHealthDTO } from '../../backend/dto.js';
import type { ChainEvent } from '../../backend/events.js';
import { InvalidArgumentError, ServiceUnavailableError } from '../../errors.js';
import { ACCOUNTS, newAccount } from '../account-state.js';
import { AddressBook } from '../address-book.js';
import { DUMP_FORMAT, DUMP_VERSION, differingOptions, dumpedOptions, parseChainDump, type ChainDump, type ChainInput } from '../chain-dump.js';
import { DevControls, type ChainCheckpoint } from '../dev-controls.js';
import { EventStream } from '../event-stream.js';
import type { ChainNetwork } from '../execution/plugin.js';
import type { Ledger } from '../ledger.js';
import type { InMemoryChainOptions } from '../options.js';
import { BlockProducer } from './block-producer.js';
import { createCore, type ChainCore } from './core.js';
import { traceTransaction } from './trace.js';
import type { ChainFamily } from './family.js';
import type { ChainFollowing } from './following.js';
import { chainIdentity, type ChainIdentity } from './identity.js';
import type { ChainOrigin } from './origin.js';
import { chainRepositories, familyRepositories, type Service } from './repositories.js';

/**
 * A live, deterministic Symbol chain in one process, running the transaction families it is
 * given (catapult's plugins): it starts from a nemesis block (or an origin's block) and harvests
 * a block every `blockInterval` ms (or on `harvest()`); blocks are real Symbol block headers,
 * signed and hashed with symbol-sdk. `InMemoryChain` is this chain with every family of the
 * registry; a `Chain` serves the repositories of the families it runs.
 */
export class Chain implements GatewayBackend, ChainIdentity {
  readonly options: ChainIdentity['options'];
  readonly symbolNetwork: ChainIdentity['symbolNetwork'];
  readonly nemesisAccount: ChainIdentity['nemesisAccount'];
  readonly harvesters: ChainIdentity['harvesters'];
  readonly nodeAccount: ChainIdentity['nodeAccount'];
  readonly fundedAccounts: ChainIdentity['fundedAccounts'];
  readonly sinks: ChainIdentity['sinks'];
  readonly nemesisPublicKey: string;
  readonly currency: ChainIdentity['currency'];
  readonly rules: ChainIdentity['rules'];
  readonly facade: ChainIdentity['facade'];
  /** A chain started from an origin (a fork's upstream): its URL and the height it started at; undefined for a chain of its own. */
  readonly fork: { readonly url: string; readonly height: bigint } | undefined;

  readonly blocks: GatewayBackend['blocks'];
  readonly chain: GatewayBackend['chain'];
  readonly node: GatewayBackend['node'];
  readonly network: GatewayBackend['network'];
  readonly transactions: NonNullable<GatewayBackend['transactions']>;
  readonly announcer: NonNullable<GatewayBackend['announcer']>;
  readonly transactionStatus: NonNullable<GatewayBackend['transactionStatus']>;
  readonly finalization: NonNullable<GatewayBackend['finalization']>;
  readonly receipts: NonNullable<GatewayBackend['receipts']>;
  readonly fees: NonNullable<GatewayBackend['fees']>;
  /** Proofs from the state trees whose roots make each block's `stateHash`. */
  readonly stateProofs: NonNullable<GatewayBackend['stateProofs']>;
  /** Development controls: mining, time travel, balances, impersonation (also served under `/dev/` by a gateway made with `dev: true`). */
  readonly dev: DevControls;
  /** Chain events for the gateway's WebSocket channels. */
  readonly events = new EventStream();

  readonly #identity: ChainIdentity;
  readonly #families: readonly ChainFamily[];
  readonly #origin: ChainOrigin | undefined;
  readonly #addresses: AddressBook;
  readonly #network: ChainNetwork;
  readonly #producer: BlockProducer;
  #health: NodeHealthDTO['status'] = { apiNode: 'up', db: 'up' };
  /** Moves on every input, outage, revert and event: see `revision()`. */
  #revision = 0;
  /** Everything that changes as the chain runs, in one object: loading a dump builds a new one and swaps it in. */
  #core!: ChainCore;
  /** The input running now: the network times the validators read go on its tape. */
  #current: ChainInput | undefined;
  /** Why the chain may not go back (a store that follows it), when something says so. */
  #pinned: string | undefined;
  readonly #inputListeners: (() => void)[] = [];
  /** While a dump is played: the times the input being played read when it first ran. */
  #tape: string[] | undefined;
  #replaying = false;

  /**
   * @internal `InMemoryChain` gives it every family of the registry.
   * @param families the transaction families the chain runs, in the order their validators and observers run (the core's first, as in catapult)
   * @param origin where the chain starts instead of a nemesis block of its own (see `ChainOrigin`)
   */
  constructor(families: readonly ChainFamily[], options: InMemoryChainOptions = {}, origin?: ChainOrigin) {
    const identity = chainIdentity(options, origin);
    this.#identity = identity;
    this.#families = families;
    this.#origin = origin;
    ({
      options: this.options,
      symbolNetwork: this.symbolNetwork,
      nemesisAccount: this.nemesisAccount,
      harvesters: this.harvesters,
      nodeAccount: this.nodeAccount,
      fundedAccounts: this.fundedAccounts,
      sinks: this.sinks,
      nemesisPublicKey: this.nemesisPublicKey,
      currency: this.currency,
      rules: this.rules,
      facade: this.facade,
    } = identity);
    this.fork = origin && Object.freeze({ url: origin.url, height: BigInt(origin.block.block.height) });
    this.#network = {
      identifier: this.symbolNetwork.identifier,
      currencyMosaicId: this.currency.mosaicId,
      harvestingMosaicId: this.currency.harvestingMosaicId,
      nemesisPublicKey: this.nemesisPublicKey,
      sinks: { mosaicRental: this.sinks.mosaicRental.addressHex, namespaceRental: this.sinks.namespaceRental.addressHex, harvestNetworkFee: this.sinks.harvestNetworkFee.addressHex },
      ...(this.sinks.former && {
        formerSinks: {
          mosaicRental: this.sinks.former.mosaicRental.addressHex,
          namespaceRental: this.sinks.former.namespaceRental.addressHex,
          harvestNetworkFee: this.sinks.former.harvestNetworkFee.addressHex,
          until: this.sinks.former.until,
        },
      }),
    };
    this.#addresses = new AddressBook(this.symbolNetwork);
    this.#producer = new BlockProducer(identity, () => this.#core, (event) => this.#emit(event));
    this.#core = this.#genesis();

    const source = {
      identity,
      addresses: this.#addresses,
      core: () => this.#core,
      read: <T>(service: Service, read: () => T) => this.#read(service, read),
      health: () => this.#health,
      networkTime: () => this.networkTime(),
      fork: this.fork,
    };
    ({
      blocks: this.blocks,
      chain: this.chain,
      node: this.node,
      network: this.network,
      transactions: this.transactions,
      announcer: this.announcer,
      transactionStatus: this.transactionStatus,
      finalization: this.finalization,
      receipts: this.receipts,
      fees: this.fees,
      stateProofs: this.stateProofs,
    } = chainRepositories(source));
    Object.assign(this, familyRepositories(source, families));

    this.dev = new DevControls(
      {
        harvest: (timestamp) => this.#harvest(this.dev.takeNextTimestamp() ?? timestamp ?? this.networkTime()),
        harvestScheduled: () => this.#harvest(this.dev.takeNextTimestamp() ?? this.networkTime(), 'due'),
        networkTime: () => this.networkTime(),
        height: () => this.height,
        blockTime: this.options.blockTime,
        setBalance: (address, mosaicId, amount) => this.#setBalance(address, mosaicId, amount),
        impersonationChanged: (addresses) => this.#run({ op: 'impersonation', addresses }, () => undefined),
        log: (message) => console.warn(`symbol-gateway: ${message}`),
        checkpoint: () => this.#checkpoint(),
        dump: () => this.#dump(),
        load: (dump) => this.#load(dump),
        latestTimestamp: () => BigInt(this.#core.store.latest().block.timestamp),
        reset: () => this.#reset(),
        drop: (hash) => this.#drop(hash),
        trace: (hash) => traceTransaction(this.#core, hash),
      },
      { interval: this.options.blockInterval, automine: this.options.automine },
    );
  }

  /**
   * A new core at the chain's first block, made current at once (the nemesis block is appended
   * through it): the families' plugins and their state, the stores, the engine and the lifecycle.
   */
  #genesis(): ChainCore {
    const origin = this.#origin;
    const core = createCore({
      identity: this.#identity,
      network: this.#network,
      addresses: this.#addresses,
      families: this.#families,
      origin,
      ruleTime: () => this.#ruleTime(),
      // A dump being loaded replays the chain in silence.
      emit: (event) => this.#emit(event),
      listening: () => !this.#replaying && this.events.listenerCount > 0,
      checking: (input, check) => this.#run(input, check),
      signatureWaived: (publicKey) => this.dev.isImpersonated(this.#addresses.of(publicKey).hex),
      transactionArrived: () => {
        if (!this.#replaying) this.dev.transactionArrived();
      },
      warn: (message) => {
        if (!this.#replaying) console.warn(message);
      },
      fetched: () => this.#revision++,
    });
    this.#core = core;
    if (!origin) {
      this.#producer.nemesis();
      return core;
    }
    // A chain from an origin starts at the origin's block, with what the origin seeds (its own accounts, the currency).
    core.store.append(structuredClone(origin.block));
    const own = [...this.fundedAccounts, ...this.harvesters].map((account) => account.addressHex);
    origin.seed(core.state, (apply) => core.engine.changeState(apply), own, this.options.accountBalance);
    return core;
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

  /** Harvests one block now and returns it (announces still waiting in the inbound queue are checked first). */
  harvest(): BlockInfoDTO {
    // `dev` is made last: a block harvested while the chain is made has no timestamp set for it.
    return this.#harvest(this.dev?.takeNextTimestamp() ?? this.networkTime());
  }

  /** Checks every announce waiting in the inbound queue now, instead of `announceDelay` ms after it arrived. */
  processAnnounced(): void {
    this.#core.lifecycle.drainInbound();
  }

  /**
   * Checks every announce waiting in the inbound queue now, and resolves once none is left: on
   * a chain over an entry source (a fork), after what their checks read is fetched (`processAnnounced`
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

  /** @internal What a store that copies the chain as it runs (the PostgreSQL writer) reads of it: see `ChainFollowing`. */
  following(): ChainFollowing {
    const core = () => this.#core;
    return {
      pin: (reason) => {
        this.#pinned = reason;
      },
      onInput: (listener) => {
        this.#inputListeners.push(listener);
      },
      get inputs() {
        return core().inputs;
      },
      get height() {
        return core().store.height;
      },
      block: (height) => (height >= core().store.first && height <= core().store.height ? core().store.at(height) : undefined),
      proofAtEpoch: (epoch) => core().proofs.atEpoch(epoch),
      merkleLeaves: (height) => core().merkleLeaves.at(height),
      statementsAbove: (height) => core().receipts.above(height),
      get transactions() {
        return core().lifecycle;
      },
      get state() {
        return core().state;
      },
      plugin: (name) => core().plugins.get(name),
    };
  }

  /** Stops harvesting and the inbound queue's timer. */
  close(): void {
    this.dev.close();
    this.#core.lifecycle.close();
  }

  // One block at network time `at` (later than the latest block's), after the announces waiting
  // (`all`, or only those `due`: a block the chain harvests by itself) are checked.
  #harvest(at: bigint, checked: 'all' | 'due' = 'all'): BlockInfoDTO {
    if (checked === 'all') this.#core.lifecycle.drainInbound();
    else this.#core.lifecycle.drainDueInbound();
    return this.#run({ op: 'block', at: at.toString() }, () => this.#producer.harvest(at));
  }

  /** Sets an account's balance of a mosaic outside a block, as an input of its own; the plugins keep what follows from balances in step. */
  #setBalance(address: string, mosaicId: string, amount: bigint): void {
    this.#run({ op: 'balance', address, mosaicId, amount: amount.toString() }, () => {
      this.#core.engine.changeState((delta) => {
        const accounts = delta.cache(ACCOUNTS);
        const account = accounts.get(address) ?? newAccount(address, this.height);
        const before = account.balances.get(mosaicId) ?? 0n;
        for (const plugin of this.#core.plugins.values()) plugin.balanceSet?.({ address, mosaicId, before, after: amount }, delta);
        const balances = new Map(account.balances);
        if (amount === 0n) balances.delete(mosaicId);
        else balances.set(mosaicId, amount);
        accounts.set(address, { ...account, balances });
      });
      this.#core.lifecycle.readmitUnconfirmed();
    });
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
   * chain's inputs with the network times the validators read while it ran.
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

  /** Network time for the validators (deadlines): the clock's, kept on the running input's tape; while a dump is played, the tape's. */
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

  /** A new core at the nemesis block in place of the current one (`chain.dev.reset()`); on a failure the chain stays as it was. */
  #reset(): BlockInfoDTO {
    this.#refuseRewrite('resetting the chain');
    if (this.fork) throw new InvalidArgumentError(`a forked chain cannot be reset: start the fork again to read ${this.fork.url} afresh`);
    const previous = this.#core;
    // The nemesis block is made in silence, as a dump's blocks are played.
    this.#replaying = true;
    try {
      const core = this.#genesis();
      previous.lifecycle.close();
      return core.store.latest();
    } catch (error) {
      this.#core = previous;
      throw error;
    } finally {
      this.#replaying = false;
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
      case 'drop':
        this.#drop(input.hash);
        return;
    }
  }

  /** Removes a transaction waiting in the pools (`chain.dev.dropTransaction`), as an input of its own; the pool it left. */
  #drop(hash: string): 'unconfirmed' | 'partial' | undefined {
    // An announce still waiting to be checked is checked first: it may be the one dropped.
    this.#core.lifecycle.drainInbound();
    if (!this.#core.lifecycle.unconfirmed.get(hash) && !this.#core.lifecycle.partial.get(hash)) return undefined;
    return this.#run({ op: 'drop', hash }, () => this.#core.lifecycle.drop(hash));
  }

  /** Runs what is unconfirmed again on the confirmed state (after a revert), as an input of its own. */
  #readmit(): void {
    this.#run({ op: 'readmit' }, () => this.#core.lifecycle.readmitUnconfirmed());
  }

  // Chain data lives in the database; node identity and time come from the api node.
  #read<T>(service: Service, read: () => T): T {
    if (this.#health[service] === 'down') throw new ServiceUnavailableError(`${service === 'db' ? 'the database' : 'the api node'} is unreachable`);
    return read();
  }
}

function withoutTimes(input: ChainInput): ChainInput {
  const { times: _times, ...rest } = input;
  return rest as ChainInput;
}
