import { FAMILIES } from './families/index.js';
import { readForkOrigin, type ForkedChainOptions, type ForkOptions } from './fork/origin.js';
import { dumpedNemesis, optionsOfDump, parseChainDump, type StateOptionName } from './memory/chain-dump.js';
import { InvalidArgumentError } from './errors.js';
import { Chain } from './memory/chain/chain.js';
import type { GatewayBackend } from './backend/index.js';
import type { ChainOrigin } from './memory/chain/origin.js';
import type { InMemoryChainOptions } from './memory/options.js';

/**
 * The embedded backend: a live, deterministic Symbol chain in one process, with every
 * transaction family of the registry. It starts from a nemesis block and harvests a block every
 * `blockInterval` ms (or on `harvest()`); blocks are real Symbol block headers, signed and
 * hashed with symbol-sdk.
 *
 * @example
 * const chain = new InMemoryChain({ blockInterval: false, clock: () => 1_700_000_000_000 });
 * chain.harvest(); // height 2
 * const gateway = createGateway({ backend: chain });
 */
export class InMemoryChain extends Chain {
  constructor(options?: InMemoryChainOptions);
  /** @internal `origin`: where the chain starts instead of its own nemesis block (`InMemoryChain.fork` reads one from an upstream gateway). */
  constructor(options: InMemoryChainOptions, origin: ChainOrigin);
  constructor(options: InMemoryChainOptions = {}, origin?: ChainOrigin) {
    super(FAMILIES, options, origin);
  }

  /**
   * A chain from a dump (`chain.dev.dump()`, `GET /dev/state`, a `--state` file): made with the
   * dump's state options and `options` for the rest (clock, timer, mining, node identity), then
   * the dump's inputs played on it, so it has the dump's blocks, hashes, state, pools and ids.
   *
   * @throws InvalidArgumentError when the value is not a dump, or does not play to its head
   */
  static load(dump: unknown, options: Omit<InMemoryChainOptions, Exclude<StateOptionName, 'nemesis'>> = {}): InMemoryChain {
    const parsed = parseChainDump(dump);
    const nemesis = dumpedNemesis(parsed.options);
    if (nemesis !== undefined && options.nemesis === undefined) {
      throw new InvalidArgumentError(`the dump was made on a network's nemesis block (${nemesis}): give that block as options.nemesis (--genesis) to load it`);
    }
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
    return new InMemoryChain(options, await readForkOrigin(fork, options));
  }
}

/** Every repository of the backend contract: the chain's own, and those every family of the registry serves. */
export interface InMemoryChain extends Required<Omit<GatewayBackend, keyof Chain>> {}
