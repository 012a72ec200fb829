import { models } from 'symbol-sdk/symbol';
import type { MultisigAccountGraphInfoDTO, MultisigAccountInfoDTO } from '../../backend/multisig.js';
import { ACCOUNT_ADDRESS, ADDRESS_INTERACTION, AGGREGATE_COSIGNATURES, AGGREGATE_EMBEDDED_TRANSACTION, TRANSACTION } from '../../memory/execution/core-notifications.js';
import { observer, validator, type ChainPlugin, type PluginEnvironment, type TransactionSupport } from '../../memory/execution/plugin.js';
import { toHex } from '../../memory/keys.js';
import type { Cache } from '../../memory/state/cache.js';
import { observeCosignatories, observeSettings } from './observers.js';
import {
  validateCosignatoryChanges,
  validateEligibleCosigners,
  validateLoopAndLevel,
  validateMaxCosignatories,
  validateMaxCosignedAccounts,
  validateModifications,
  validatePermittedOperation,
  validateSettings,
  validateSufficientCosigners,
} from './validators.js';
import { MULTISIG_COSIGNATORIES, MULTISIG_NEW_COSIGNATORY, MULTISIG_SETTINGS, MULTISIGS, additionalCosigners, type MultisigEntry } from './state.js';
import { entryTree } from '../../memory/state/state-tree.js';
import { multisigTreeKey, serializeMultisigEntry } from './serialize.js';

type Modification = InstanceType<typeof models.MultisigAccountModificationTransactionV1>;

const modification: TransactionSupport = {
  type: models.TransactionType.MULTISIG_ACCOUNT_MODIFICATION.value,
  publish({ model, signerAddress }, publish) {
    const { addressAdditions, addressDeletions, minRemovalDelta, minApprovalDelta } = model as Modification;
    const additions = addressAdditions.map((address) => toHex(address.bytes));
    const deletions = addressDeletions.map((address) => toHex(address.bytes));
    if (additions.length > 0 || deletions.length > 0) {
      // New cosignatories first: the graph's depth and loops are checked on them.
      for (const address of additions) {
        publish(ACCOUNT_ADDRESS, { unresolvedAddress: address });
        publish(MULTISIG_NEW_COSIGNATORY, { multisigAddress: signerAddress, unresolvedCosignatoryAddress: address });
      }
      publish(MULTISIG_COSIGNATORIES, { multisigAddress: signerAddress, additions, deletions });
    }
    // New cosignatories interact with the account: account restrictions and remote accounts apply to them.
    if (additions.length > 0) publish(ADDRESS_INTERACTION, { sourceAddress: signerAddress, transactionType: model.type.value, unresolvedParticipants: [...new Set(additions)] });
    publish(MULTISIG_SETTINGS, { multisigAddress: signerAddress, minRemovalDelta, minApprovalDelta });
  },
  embeddedOnly: true,
  additionalCosigners,
};

/** The confirmed multisig graph, as `/account/{address}/multisig` and its graph read it. */
export class MultisigStore {
  readonly #cache: Cache<MultisigEntry>;

  constructor(cache: Cache<MultisigEntry>) {
    this.#cache = cache;
  }

  /** An account's entry (48 hex), undefined when it is neither multisig nor cosignatory. */
  find(address: string): MultisigAccountInfoDTO | undefined {
    const entry = this.#cache.get(address);
    return entry && info(entry);
  }

  /** The accounts it cosigns for (negative levels, upwards) and its cosignatories (positive levels, downwards), as the reference lists them. */
  graph(address: string): MultisigAccountGraphInfoDTO[] | undefined {
    const entry = this.#cache.get(address);
    if (!entry) return undefined;
    const levels: MultisigAccountGraphInfoDTO[] = [{ level: 0, multisigEntries: [info(entry)] }];
    for (const [field, step] of [['multisigAddresses', -1], ['cosignatoryAddresses', 1]] as const) {
      let current = [entry];
      for (let level = step; ; level += step) {
        const addresses = [...new Set(current.flatMap((each) => each[field]))];
        const next = addresses.map((each) => this.#cache.get(each)).filter((each): each is MultisigEntry => each !== undefined);
        if (next.length === 0) break;
        if (step < 0) levels.unshift({ level, multisigEntries: next.map(info) });
        else levels.push({ level, multisigEntries: next.map(info) });
        current = next;
      }
    }
    return levels;
  }
}

function info(entry: MultisigEntry): MultisigAccountInfoDTO {
  return {
    multisig: {
      version: 1,
      accountAddress: entry.accountAddress,
      minApproval: entry.minApproval,
      minRemoval: entry.minRemoval,
      cosignatoryAddresses: [...entry.cosignatoryAddresses],
      multisigAddresses: [...entry.multisigAddresses],
    },
  };
}

/**
 * Multisig accounts (catapult's multisig plugin): modifications of cosignatories and
 * minimums with the network's limits, no loops; a multisig account acts only through an
 * aggregate, approved by its cosignatories down the graph.
 */
export function multisigPlugin(environment: PluginEnvironment): ChainPlugin & { readonly multisig: MultisigStore } {
  const multisig = new MultisigStore(environment.state.register(MULTISIGS, { tree: 'multisig', cacheId: 5, source: entryTree((key) => multisigTreeKey(key), serializeMultisigEntry) }));
  return {
    name: 'multisig',
    multisig,
    transactions: [modification],
    statelessValidators: [validator(MULTISIG_COSIGNATORIES, validateModifications)],
    validators: [
      validator(TRANSACTION, validatePermittedOperation),
      validator(MULTISIG_NEW_COSIGNATORY, validateMaxCosignedAccounts),
      validator(MULTISIG_COSIGNATORIES, validateMaxCosignatories),
      validator(MULTISIG_COSIGNATORIES, validateCosignatoryChanges),
      validator(MULTISIG_SETTINGS, validateSettings),
      validator(MULTISIG_NEW_COSIGNATORY, validateLoopAndLevel),
      // Ineligible cosigners are reported before missing cosignatures.
      validator(AGGREGATE_COSIGNATURES, validateEligibleCosigners),
      validator(AGGREGATE_EMBEDDED_TRANSACTION, validateSufficientCosigners),
    ],
    // Cosignatories before settings: the settings observer reads a missing entry as an account that left the graph.
    observers: [observer(MULTISIG_COSIGNATORIES, observeCosignatories), observer(MULTISIG_SETTINGS, observeSettings)],
  };
}

/** The multisig entry a `MultisigAccountInfoDTO` shows (cache `MULTISIGS`, key its account address): the inverse of `info`. */
export function multisigEntryOf({ multisig }: MultisigAccountInfoDTO): MultisigEntry {
  const upper = (addresses: readonly string[]) => addresses.map((address) => address.toUpperCase()).sort();
  return {
    accountAddress: multisig.accountAddress.toUpperCase(),
    minApproval: multisig.minApproval,
    minRemoval: multisig.minRemoval,
    cosignatoryAddresses: upper(multisig.cosignatoryAddresses),
    multisigAddresses: upper(multisig.multisigAddresses),
  };
}
