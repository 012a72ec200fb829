import { models } from 'symbol-sdk/symbol';
import { ACCOUNT_ADDRESS } from '../../memory/execution/core-notifications.js';
import { observer, sinksAt, validator, type ChainPlugin, type PluginEnvironment, type TransactionSupport } from '../../memory/execution/plugin.js';
import { RECEIPT_TYPE } from '../../memory/execution/receipts.js';
import { toHex } from '../../memory/keys.js';
import { publishRentalFee } from '../../memory/execution/rental-fee.js';
import { idHex } from '../../memory/symbol-ids.js';
import { MOSAIC_FLAGS, MOSAIC_REQUIRED } from '../mosaic/state.js';
import {
  observeAddressAlias,
  observeChild,
  observeMosaicAlias,
  observeNamespaceBlock,
  observeRoot,
  pruneNamespaces,
  resolveAddressAlias,
  resolveMosaicAlias,
} from './observers.js';
import {
  validateAddressUnlink,
  validateAliasAction,
  validateAliasAvailability,
  validateAliasedAddressKnown,
  validateChildAvailability,
  validateDurationOverflow,
  validateMaxChildren,
  validateMosaicUnlink,
  validateName,
  validateRegistrationType,
  validateRequiredNamespace,
  validateReservedName,
  validateRootAvailability,
  validateRootDuration,
} from './validators.js';
import {
  ALIAS_ACTION,
  ALIAS_LINK,
  ALIASED_ADDRESS,
  ALIASED_MOSAIC,
  CHILD_NAMESPACE,
  NAMESPACE_NAME,
  NAMESPACE_REGISTRATION,
  NAMESPACE_REQUIRED,
  NAMESPACES,
  NO_PARENT,
  REGISTRATION_TYPE,
  ROOT_NAMESPACE,
  rootId,
  type NamespaceEntry,
} from './state.js';
import { NamespaceStore } from './store.js';
import type { TreeSource } from '../../memory/state/state-tree.js';
import { namespaceTreeKey, serializeRootNamespace } from './serialize.js';

type Registration = InstanceType<typeof models.NamespaceRegistrationTransactionV1>;
type AddressAlias = InstanceType<typeof models.AddressAliasTransactionV1>;
type MosaicAlias = InstanceType<typeof models.MosaicAliasTransactionV1>;

const registration: TransactionSupport = {
  type: models.TransactionType.NAMESPACE_REGISTRATION.value,
  publish({ model, signerAddress, signedByNemesis }, publish, context) {
    const { registrationType, id, duration, parentId, name } = model as Registration;
    const root = registrationType.value === REGISTRATION_TYPE.root;
    const blocks = BigInt(duration.value);
    const { rules } = context;
    const sinkAddress = sinksAt(context.network, context.height).namespaceRental;
    publish(ACCOUNT_ADDRESS, { unresolvedAddress: sinkAddress });
    if (!signedByNemesis && !(root && blocks === 0n)) {
      const amount = root ? rules.rootNamespaceRentalFeePerBlock * blocks : rules.childNamespaceRentalFee;
      publishRentalFee(publish, context, { receiptType: RECEIPT_TYPE.namespaceRentalFee, senderAddress: signerAddress, sinkAddress, amount });
    }
    publish(NAMESPACE_REGISTRATION, { registrationType: registrationType.value });
    const namespaceId = idHex(id.value);
    const text = Buffer.from(name).toString('latin1');
    const parent = root ? NO_PARENT : idHex(parentId.value);
    if (root) publish(ROOT_NAMESPACE, { ownerAddress: signerAddress, namespaceId, name: text, duration: blocks });
    else if (registrationType.value === REGISTRATION_TYPE.child) publish(CHILD_NAMESPACE, { ownerAddress: signerAddress, namespaceId, name: text, parentId: parent });
    publish(NAMESPACE_NAME, { namespaceId, parentId: parent, name });
  },
};

const addressAlias: TransactionSupport = {
  type: models.TransactionType.ADDRESS_ALIAS.value,
  publish({ model, signerAddress }, publish) {
    const { namespaceId, address, aliasAction } = model as AddressAlias;
    const id = idHex(namespaceId.value);
    publish(NAMESPACE_REQUIRED, { ownerAddress: signerAddress, namespaceId: id });
    publish(ALIAS_LINK, { namespaceId: id, action: aliasAction.value });
    publish(ALIASED_ADDRESS, { namespaceId: id, action: aliasAction.value, address: toHex(address.bytes) });
  },
};

const mosaicAlias: TransactionSupport = {
  type: models.TransactionType.MOSAIC_ALIAS.value,
  publish({ model, signerAddress }, publish) {
    const { namespaceId, mosaicId, aliasAction } = model as MosaicAlias;
    const id = idHex(namespaceId.value);
    const mosaic = idHex(mosaicId.value);
    publish(NAMESPACE_REQUIRED, { ownerAddress: signerAddress, namespaceId: id });
    publish(ALIAS_LINK, { namespaceId: id, action: aliasAction.value });
    publish(ALIASED_MOSAIC, { namespaceId: id, action: aliasAction.value, mosaicId: mosaic });
    if (aliasAction.value === ALIAS_ACTION.link) publish(MOSAIC_REQUIRED, { ownerAddress: signerAddress, unresolvedMosaicId: mosaic, requiredFlags: MOSAIC_FLAGS.none });
  },
};

/** The namespace tree holds one value per root: the root with its children (catapult's root namespace history). */
const namespaceTree: TreeSource<NamespaceEntry> = {
  touched: (key, before, after) => [rootId((after ?? before)!)],
  keyHash: (id) => namespaceTreeKey(id),
  value(id, view) {
    const root = view.get(id);
    if (!root) return undefined;
    return serializeRootNamespace(root, (root.descendants ?? []).map((child) => view.get(child)).filter((child): child is NamespaceEntry => child !== undefined));
  },
};

/**
 * Namespaces (catapult's namespace plugin): root registrations and renewals with their
 * rental fee, children to the network's depth, the grace period and expiry, address and
 * mosaic aliases, and the resolution of aliases wherever a transaction names an account
 * or a mosaic.
 */
export function namespacePlugin(environment: PluginEnvironment): ChainPlugin & { readonly namespaces: NamespaceStore } {
  const namespaces = new NamespaceStore(environment.state.register(NAMESPACES, { tree: 'namespace', cacheId: 3, source: namespaceTree }), environment.nextId, environment.height);
  return {
    name: 'namespace',
    namespaces,
    transactions: [registration, addressAlias, mosaicAlias],
    statelessValidators: [
      validator(NAMESPACE_REGISTRATION, validateRegistrationType),
      validator(NAMESPACE_NAME, validateName),
      validator(ROOT_NAMESPACE, validateRootDuration),
      validator(ALIAS_LINK, validateAliasAction),
    ],
    validators: [
      validator(NAMESPACE_NAME, validateReservedName),
      validator(ROOT_NAMESPACE, validateRootAvailability),
      validator(ROOT_NAMESPACE, validateDurationOverflow),
      validator(CHILD_NAMESPACE, validateChildAvailability),
      validator(CHILD_NAMESPACE, validateMaxChildren),
      validator(NAMESPACE_REQUIRED, validateRequiredNamespace),
      validator(ALIAS_LINK, validateAliasAvailability),
      validator(ALIASED_ADDRESS, validateAddressUnlink),
      validator(ALIASED_MOSAIC, validateMosaicUnlink),
      validator(ALIASED_ADDRESS, validateAliasedAddressKnown),
    ],
    observers: [
      observer(ROOT_NAMESPACE, observeRoot),
      observer(CHILD_NAMESPACE, observeChild),
      observer(ALIASED_ADDRESS, observeAddressAlias),
      observer(ALIASED_MOSAIC, observeMosaicAlias),
    ],
    resolvers: { address: resolveAddressAlias, mosaicId: resolveMosaicAlias },
    blockObservers: [observeNamespaceBlock(namespaces)],
    prune: pruneNamespaces(namespaces),
  };
}
