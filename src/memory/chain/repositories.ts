import type { GatewayBackend } from '../../backend/index.js';
import type { NodeHealthDTO } from '../../backend/dto.js';
import { ACCOUNTS } from '../account-state.js';
import type { AddressBook } from '../address-book.js';
import type { ChainPlugin } from '../execution/plugin.js';
import { networkConfiguration, rentalFees, serverInfo, transactionFees } from '../node-info.js';
import type { ChainCore } from './core.js';
import type { ChainFamily, RepositoryAccess } from './family.js';
import type { ChainIdentity } from './identity.js';

/** The services a backend reports on `/node/health`: chain data lives in the database; node identity and time come from the api node. */
export type Service = keyof NodeHealthDTO['status'];

/** What the repositories read of the chain: its identity, its current core, and its health. */
export interface RepositorySource {
  readonly identity: ChainIdentity;
  readonly addresses: AddressBook;
  core(): ChainCore;
  /** Reads through a service: 503 while the chain reports it down. */
  read<T>(service: Service, read: () => T): T;
  health(): NodeHealthDTO['status'];
  networkTime(): bigint;
  /** A forked chain's upstream and the height it starts at (the blocks below are the upstream's). */
  readonly fork?: { readonly url: string; readonly height: bigint };
}

/** The repositories a chain serves of its own (blocks, chain, node, network, transactions, receipts, proofs …), whatever its families. */
export function chainRepositories(source: RepositorySource): Required<Pick<GatewayBackend, 'blocks' | 'chain' | 'node' | 'network' | 'transactions' | 'announcer' | 'transactionStatus' | 'finalization' | 'receipts' | 'fees' | 'stateProofs'>> {
  const { identity, read } = source;
  const core = source.core;
  const db = <T>(reader: () => T) => read('db', reader);
  const { options, rules } = identity;
  return {
    blocks: {
      search: (criteria) => db(() => core().store.search(criteria)),
      getByHeight: (height) =>
        db(() => {
          // Compared as a number: exact up to the chain's height, and any height past 2^53 is past it too.
          const at = Number(height);
          return at > core().store.height ? undefined : core().store.at(at);
        }),
      transactionMerklePath: (height, hash) => db(() => core().merkleLeaves.path(height, 'transactions', hash)),
      statementMerklePath: (height, hash) => db(() => core().merkleLeaves.path(height, 'statements', hash)),
      notServed: (height) => belowFork(source.fork, height),
    },
    chain: {
      info: () =>
        db(() => ({
          height: String(core().store.height),
          scoreHigh: (core().score >> 64n).toString(),
          scoreLow: (core().score & 0xffff_ffff_ffff_ffffn).toString(),
          latestFinalizedBlock: { ...core().finalized },
        })),
    },
    node: {
      info: () => read('apiNode', () => ({
        version: 16777984,
        publicKey: identity.nodeAccount.publicKey,
        networkGenerationHashSeed: options.generationHashSeed,
        roles: 3,
        port: 7900,
        networkIdentifier: identity.symbolNetwork.identifier,
        friendlyName: options.friendlyName,
        host: 'localhost',
        nodePublicKey: identity.nodeAccount.publicKey,
      })),
      server: () => serverInfo(options.deployment),
      networkTime: () => read('apiNode', () => source.networkTime()),
      health: () => ({ status: { ...source.health() } }),
      // Accounts are never removed: the account cache's size is every account the chain has seen.
      storage: () => db(() => ({ numBlocks: core().store.height, numTransactions: core().transactionCount, numAccounts: core().state.cache(ACCOUNTS).size })),
      peers: () => read('apiNode', () => options.peers.map((peer) => ({ ...peer }))),
      unlockedAccounts: () => read('apiNode', () => ({ unlockedAccount: identity.harvesters.map((harvester) => harvester.publicKey) })),
      metadata: () => ({ ...options.nodeMetadata }),
    },
    network: {
      type: () => ({ name: options.network, description: options.networkDescription }),
      properties: () => networkConfiguration(identity),
      inflation: () => rules.inflation.map(([startHeight, rewardAmount]) => ({ startHeight: startHeight.toString(), rewardAmount: rewardAmount.toString() })),
    },
    transactions: {
      search: (group, criteria) => db(() => core().lifecycle[group].search(criteria)),
      find: (group, keys) => db(() => core().lifecycle[group].find(keys)),
    },
    announcer: {
      announce: (payload) => read('apiNode', () => core().lifecycle.announce(payload)),
      announcePartial: (payload) => read('apiNode', () => core().lifecycle.announcePartial(payload)),
      announceCosignature: (cosignature) => read('apiNode', () => core().lifecycle.announceCosignature(cosignature)),
    },
    transactionStatus: { find: (hashes) => db(() => core().lifecycle.statuses(hashes)) },
    finalization: {
      proofAtEpoch: (epoch) => db(() => core().proofs.atEpoch(epoch)),
      proofAtHeight: (height) => db(() => core().proofs.atHeight(height)),
    },
    receipts: {
      searchTransactionStatements: (criteria) => db(() => core().receipts.searchTransactionStatements(criteria)),
      searchResolutionStatements: (kind, criteria) => db(() => core().receipts.searchResolutionStatements(kind, criteria)),
    },
    fees: {
      transactionFees: () => db(() => transactionFees(core().store.recentFeeMultipliers(options.feeStatisticsBlocks), rules)),
      rentalFees: () => db(() => rentalFees(core().engine.dynamicFeeMultiplier(), rules)),
    },
    stateProofs: {
      statePath: (tree, key) => read('apiNode', () => core().state.statePath(tree, key)),
    },
  };
}

/** For a height below a forked chain's first block: that the blocks there are the upstream's, and where. */
function belowFork(fork: RepositorySource['fork'], height: bigint): string | undefined {
  if (!fork || height >= fork.height) return undefined;
  return `height ${height} is below the fork height ${fork.height}: this fork serves blocks from ${fork.height} on; the blocks before it, and what they hold, are the upstream's, at ${fork.url.replace(/\/+$/, '')}`;
}

/** The repositories the families serve, each over its plugin on the chain's current core. */
export function familyRepositories(source: RepositorySource, families: readonly ChainFamily[]): Partial<GatewayBackend> {
  const repositories: Partial<GatewayBackend> = {};
  for (const family of families) {
    if (!family.repositories) continue;
    const access: RepositoryAccess = {
      plugin: () => source.core().plugins.get(family.name) as ChainPlugin,
      read: (reader) => source.read('db', reader),
      byKey: (cache, keys, reader) => source.read('db', () => source.core().fetched?.read(cache, keys, reader) ?? reader()),
      fetch: (cache, keys) => source.core().fetched?.ensure(cache, keys),
      addressOf: (publicKey) => source.addresses.of(publicKey).hex,
    };
    Object.assign(repositories, family.repositories(access));
  }
  return repositories;
}
