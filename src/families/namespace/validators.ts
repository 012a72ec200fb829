/**
 * The namespace plugin's validators (catapult's plugins/txes/namespace), each one rule, in
 * the order catapult registers them: registrations, renewals, aliases.
 */
import { generateNamespaceId, isValidNamespaceName } from 'symbol-sdk/symbol';
import type { FailureCode, Payload } from '../../memory/execution/notification.js';
import type { StateReader, ValidationContext } from '../../memory/execution/plugin.js';
import { ACCOUNTS } from '../../memory/account-state.js';
import { idHex, idValue, UINT64_MAX } from '../../memory/symbol-ids.js';
import {
  ALIAS_ACTION,
  ALIAS_TYPE,
  NAMESPACES,
  NO_PARENT,
  REGISTRATION_TYPE,
  isActive,
  isActiveExcludingGrace,
  rootId,
  type ALIAS_LINK,
  type ALIASED_ADDRESS,
  type ALIASED_MOSAIC,
  type Alias,
  type CHILD_NAMESPACE,
  type NAMESPACE_NAME,
  type NAMESPACE_REGISTRATION,
  type NAMESPACE_REQUIRED,
  type ROOT_NAMESPACE,
} from './state.js';

// Stateless.

/** A registration that is neither a root nor a child. */
export function validateRegistrationType({ registrationType }: Payload<typeof NAMESPACE_REGISTRATION>): FailureCode | undefined {
  return registrationType > REGISTRATION_TYPE.child ? 'Failure_Namespace_Invalid_Registration_Type' : undefined;
}

/** A name too long or with characters other than a-z, 0-9, _ and - (starting alphanumeric), or an id it does not make. */
export function validateName({ namespaceId, parentId, name }: Payload<typeof NAMESPACE_NAME>, context: ValidationContext): FailureCode | undefined {
  const text = Buffer.from(name).toString('latin1');
  if (name.length > context.rules.maxNameSize || !isValidNamespaceName(text)) return 'Failure_Namespace_Invalid_Name';
  return idHex(generateNamespaceId(text, idValue(parentId))) === namespaceId ? undefined : 'Failure_Namespace_Name_Id_Mismatch';
}

/** A root duration outside the network's range (0, eternal, is checked with the state). */
export function validateRootDuration({ duration }: Payload<typeof ROOT_NAMESPACE>, context: ValidationContext): FailureCode | undefined {
  if (duration === 0n) return undefined;
  const { minNamespaceDuration, maxNamespaceDuration } = context.rules;
  return duration < minNamespaceDuration || duration > maxNamespaceDuration ? 'Failure_Namespace_Invalid_Duration' : undefined;
}

/** An alias action that is neither link nor unlink. */
export function validateAliasAction({ action }: Payload<typeof ALIAS_LINK>): FailureCode | undefined {
  return action > ALIAS_ACTION.link ? 'Failure_Namespace_Alias_Invalid_Action' : undefined;
}

// Stateful.

/** A root with a reserved name, or a child of one (after the nemesis block). */
export function validateReservedName({ namespaceId, parentId }: Payload<typeof NAMESPACE_NAME>, context: ValidationContext): FailureCode | undefined {
  if (context.height === 1n) return undefined;
  const checked = parentId === NO_PARENT ? namespaceId : parentId;
  const reserved = context.rules.reservedRootNamespaceNames.some((name) => idHex(generateNamespaceId(name)) === checked);
  return reserved ? 'Failure_Namespace_Root_Name_Reserved' : undefined;
}

/** An eternal root after the nemesis block, a renewal of an eternal root or by another owner. */
export function validateRootAvailability({ ownerAddress, namespaceId, duration }: Payload<typeof ROOT_NAMESPACE>, context: ValidationContext): FailureCode | undefined {
  if (context.height !== 1n && duration === 0n) return 'Failure_Namespace_Eternal_After_Nemesis_Block';
  const root = context.state.cache(NAMESPACES).get(namespaceId);
  if (!root?.lifetime) return undefined;
  if (root.lifetime.end === UINT64_MAX || duration === 0n) return 'Failure_Namespace_Invalid_Duration';
  if (!isActive(root.lifetime, context.height)) return undefined;
  // The owner named may be an alias (a metadata transaction's target address).
  return root.ownerAddress === context.resolveAddress(ownerAddress) ? undefined : 'Failure_Namespace_Owner_Conflict';
}

/** A renewal that would hold the root longer than the network's longest duration from now. */
export function validateDurationOverflow({ namespaceId, duration }: Payload<typeof ROOT_NAMESPACE>, context: ValidationContext): FailureCode | undefined {
  const root = context.state.cache(NAMESPACES).get(namespaceId);
  if (!root?.lifetime || !isActive(root.lifetime, context.height)) return undefined;
  return root.lifetime.end + duration > context.height + context.rules.maxNamespaceDuration ? 'Failure_Namespace_Invalid_Duration' : undefined;
}

/** A child that exists, has no parent, is too deep, under an expired root or another's. */
export function validateChildAvailability({ ownerAddress, namespaceId, parentId }: Payload<typeof CHILD_NAMESPACE>, context: ValidationContext): FailureCode | undefined {
  const namespaces = context.state.cache(NAMESPACES);
  if (namespaces.get(namespaceId)) return 'Failure_Namespace_Already_Exists';
  const parent = namespaces.get(parentId);
  if (!parent) return 'Failure_Namespace_Unknown_Parent';
  if (parent.levels.length >= context.rules.maxNamespaceDepth) return 'Failure_Namespace_Too_Deep';
  const root = namespaces.get(rootId(parent))!;
  if (!isActiveExcludingGrace(root.lifetime!, context.height, context.rules.namespaceGracePeriod, UINT64_MAX)) return 'Failure_Namespace_Expired';
  // The owner named may be an alias (a metadata transaction's target address).
  return root.ownerAddress === context.resolveAddress(ownerAddress) ? undefined : 'Failure_Namespace_Owner_Conflict';
}

/** One namespace more under a root than the network allows. */
export function validateMaxChildren({ parentId }: Payload<typeof CHILD_NAMESPACE>, context: ValidationContext): FailureCode | undefined {
  const namespaces = context.state.cache(NAMESPACES);
  const parent = namespaces.get(parentId);
  if (!parent) return undefined;
  const root = namespaces.get(rootId(parent))!;
  return (root.descendants?.length ?? 0) >= context.rules.maxChildNamespaces ? 'Failure_Namespace_Max_Children_Exceeded' : undefined;
}

/** A namespace that is not there, expired, or another's. */
export function validateRequiredNamespace({ ownerAddress, namespaceId }: Payload<typeof NAMESPACE_REQUIRED>, context: ValidationContext): FailureCode | undefined {
  const namespaces = context.state.cache(NAMESPACES);
  const entry = namespaces.get(namespaceId);
  if (!entry) return 'Failure_Namespace_Unknown';
  const root = namespaces.get(rootId(entry))!;
  if (!isActiveExcludingGrace(root.lifetime!, context.height, context.rules.namespaceGracePeriod, UINT64_MAX)) return 'Failure_Namespace_Expired';
  // The owner named may be an alias (a metadata transaction's target address).
  return root.ownerAddress === context.resolveAddress(ownerAddress) ? undefined : 'Failure_Namespace_Owner_Conflict';
}

/** A link where an alias is, or an unlink where none is. */
export function validateAliasAvailability({ namespaceId, action }: Payload<typeof ALIAS_LINK>, context: ValidationContext): FailureCode | undefined {
  const entry = context.state.cache(NAMESPACES).get(namespaceId);
  if (!entry) return 'Failure_Namespace_Unknown';
  if (action === ALIAS_ACTION.link && entry.alias.type !== ALIAS_TYPE.none) return 'Failure_Namespace_Alias_Already_Exists';
  return action === ALIAS_ACTION.unlink && entry.alias.type === ALIAS_TYPE.none ? 'Failure_Namespace_Unknown_Alias' : undefined;
}

/** An unlink of an address alias that names another address, or is a mosaic alias. */
export function validateAddressUnlink({ namespaceId, action, address }: Payload<typeof ALIASED_ADDRESS>, context: ValidationContext): FailureCode | undefined {
  return validateUnlink(context.state, namespaceId, action, { type: ALIAS_TYPE.address, address });
}

/** An unlink of a mosaic alias that names another mosaic, or is an address alias. */
export function validateMosaicUnlink({ namespaceId, action, mosaicId }: Payload<typeof ALIASED_MOSAIC>, context: ValidationContext): FailureCode | undefined {
  return validateUnlink(context.state, namespaceId, action, { type: ALIAS_TYPE.mosaic, mosaicId });
}

function validateUnlink(state: StateReader, namespaceId: string, action: number, given: Alias): FailureCode | undefined {
  if (action !== ALIAS_ACTION.unlink) return undefined;
  const entry = state.cache(NAMESPACES).get(namespaceId);
  if (!entry) return 'Failure_Namespace_Unknown';
  if (entry.alias.type !== given.type) return 'Failure_Namespace_Alias_Inconsistent_Unlink_Type';
  return aliasValue(entry.alias) === aliasValue(given) ? undefined : 'Failure_Namespace_Alias_Inconsistent_Unlink_Data';
}

/** An address alias to an address the chain has never seen. */
export function validateAliasedAddressKnown({ address }: Payload<typeof ALIASED_ADDRESS>, context: ValidationContext): FailureCode | undefined {
  return context.state.cache(ACCOUNTS).get(address) ? undefined : 'Failure_Namespace_Alias_Invalid_Address';
}

function aliasValue(alias: Alias): string {
  return alias.type === ALIAS_TYPE.address ? alias.address : alias.type === ALIAS_TYPE.mosaic ? alias.mosaicId : '';
}
