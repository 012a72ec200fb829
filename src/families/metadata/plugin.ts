import { models } from 'symbol-sdk/symbol';
import { ACCOUNT_ADDRESS } from '../../memory/execution/core-notifications.js';
import { observer, validator, type ChainPlugin, type Publish, type PluginEnvironment, type TransactionModel, type TransactionSupport } from '../../memory/execution/plugin.js';
import { toHex } from '../../memory/keys.js';
import { idHex } from '../../memory/symbol-ids.js';
import { MOSAIC_FLAGS, MOSAIC_REQUIRED } from '../mosaic/state.js';
import { NAMESPACE_REQUIRED } from '../namespace/state.js';
import { observeValue } from './observers.js';
import { validateSizes, validateValue } from './validators.js';
import { METADATA, METADATA_SIZES, METADATA_TYPE, METADATA_VALUE } from './state.js';
import { MetadataStore } from './store.js';
import { entryTree } from '../../memory/state/state-tree.js';
import { metadataTreeKey, serializeMetadataEntry } from './serialize.js';

type AccountMetadata = InstanceType<typeof models.AccountMetadataTransactionV1>;
type MosaicMetadata = InstanceType<typeof models.MosaicMetadataTransactionV1>;
type NamespaceMetadata = InstanceType<typeof models.NamespaceMetadataTransactionV1>;

const NO_TARGET_ID = '0000000000000000';

/**
 * One metadata transaction type: what each publishes (catapult's order: the sizes, the
 * value, then the target's own check) and, inside an aggregate, its target address as a
 * required cosignatory; only inside an aggregate, as in catapult.
 */
function metadataSupport(
  type: number,
  metadataType: number,
  targetIdOf: (model: TransactionModel) => string,
  publishTarget: (publish: Publish, unresolvedTargetAddress: string, targetId: string) => void,
): TransactionSupport {
  return {
    type,
    publish({ model, signerAddress }, publish) {
      const { targetAddress, scopedMetadataKey, valueSizeDelta, value } = model as AccountMetadata;
      const unresolvedTargetAddress = toHex(targetAddress.bytes);
      const targetId = targetIdOf(model);
      publish(METADATA_SIZES, { valueSizeDelta, valueSize: value.length });
      publish(METADATA_VALUE, {
        sourceAddress: signerAddress,
        unresolvedTargetAddress,
        scopedMetadataKey: idHex(scopedMetadataKey),
        targetId,
        metadataType,
        valueSizeDelta,
        valueSize: value.length,
        value,
      });
      publishTarget(publish, unresolvedTargetAddress, targetId);
    },
    embeddedOnly: true,
    additionalCosigners: (model) => [toHex((model as AccountMetadata).targetAddress.bytes)],
  };
}

const accountMetadata = metadataSupport(
  models.TransactionType.ACCOUNT_METADATA.value,
  METADATA_TYPE.account,
  () => NO_TARGET_ID,
  (publish, unresolvedAddress) => publish(ACCOUNT_ADDRESS, { unresolvedAddress }),
);

const mosaicMetadata = metadataSupport(
  models.TransactionType.MOSAIC_METADATA.value,
  METADATA_TYPE.mosaic,
  (model) => idHex((model as MosaicMetadata).targetMosaicId.value),
  (publish, ownerAddress, unresolvedMosaicId) => publish(MOSAIC_REQUIRED, { ownerAddress, unresolvedMosaicId, requiredFlags: MOSAIC_FLAGS.none }),
);

const namespaceMetadata = metadataSupport(
  models.TransactionType.NAMESPACE_METADATA.value,
  METADATA_TYPE.namespace,
  (model) => idHex((model as NamespaceMetadata).targetNamespaceId.value),
  (publish, ownerAddress, namespaceId) => publish(NAMESPACE_REQUIRED, { ownerAddress, namespaceId }),
);

/**
 * Metadata (catapult's metadata plugin): account, mosaic and namespace metadata set by
 * XOR deltas, the sizes checked against the network's `maxValueSize` and against the entry
 * each changes; a mosaic's or namespace's metadata names its owner as the target, and the
 * target cosigns the aggregate (the aggregate plugin checks that).
 */
export function metadataPlugin(environment: PluginEnvironment): ChainPlugin & { readonly metadata: MetadataStore } {
  const metadata = new MetadataStore(environment.state.register(METADATA, { tree: 'metadata', cacheId: 10, source: entryTree((key) => metadataTreeKey(key), serializeMetadataEntry) }), environment.nextId);
  return {
    name: 'metadata',
    metadata,
    transactions: [accountMetadata, mosaicMetadata, namespaceMetadata],
    statelessValidators: [validator(METADATA_SIZES, validateSizes)],
    validators: [validator(METADATA_VALUE, validateValue)],
    observers: [observer(METADATA_VALUE, observeValue)],
  };
}
