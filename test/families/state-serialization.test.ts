/**
 * The state entries' serializers (src/families/<family>/serialize.ts) against
 * catbuffer-typescript's state builders (a devDependency, the version symbol-sdk 2.0.7 uses): each
 * entry is built a second time with the builder from the same field values, and the bytes
 * must be equal; our bytes are then parsed back with the builder's `loadFromBinary` and its
 * fields compared with the entry's. The tree keys are checked against SHA3-256 of the key as
 * catbuffer serializes it.
 */
import { createHash } from 'node:crypto';
import {
  AccountKeyTypeFlagsDto,
  AccountRestrictionAddressValueBuilder,
  AccountRestrictionFlagsDto,
  AccountRestrictionMosaicValueBuilder,
  AccountRestrictionsBuilder,
  AccountRestrictionsInfoBuilder,
  AccountRestrictionTransactionTypeValueBuilder,
  AccountStateBuilder,
  AccountStateFormatDto,
  AddressDto,
  AddressKeyValueBuilder,
  AddressKeyValueSetBuilder,
  AmountDto,
  GeneratorUtils,
  GlobalKeyValueBuilder,
  GlobalKeyValueSetBuilder,
  Hash256Dto,
  HashLockInfoBuilder,
  HeightActivityBucketBuilder,
  HeightActivityBucketsBuilder,
  HeightDto,
  ImportanceDto,
  ImportanceHeightDto,
  ImportanceSnapshotBuilder,
  MetadataEntryBuilder,
  MetadataValueBuilder,
  MosaicAddressRestrictionEntryBuilder,
  MosaicBuilder,
  MosaicDefinitionBuilder,
  MosaicEntryBuilder,
  MosaicFlagsDto,
  MosaicGlobalRestrictionEntryBuilder,
  MosaicIdDto,
  MosaicPropertiesBuilder,
  MosaicRestrictionEntryBuilder,
  MosaicRestrictionKeyDto,
  MultisigEntryBuilder,
  NamespaceAliasBuilder,
  NamespaceIdDto,
  NamespaceLifetimeBuilder,
  NamespacePathBuilder,
  PinnedVotingKeyBuilder,
  FinalizationEpochDto,
  PublicKeyDto,
  RestrictionRuleBuilder,
  RootNamespaceHistoryBuilder,
  ScopedMetadataKeyDto,
  SecretLockInfoBuilder,
  VotingPublicKeyDto,
  BlockDurationDto,
} from 'catbuffer-typescript';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_TYPE, type AccountState, type ActivityBucket } from '../../src/memory/account-state.js';
import { accountStateTreeKey, serializeAccountState } from '../../src/families/core/serialize.js';
import type { HashLockEntry } from '../../src/families/lock-hash/state.js';
import { LOCK_STATUS } from '../../src/families/lock-shared/lock-info.js';
import { hashLockTreeKey, serializeHashLockInfo } from '../../src/families/lock-hash/serialize.js';
import { LOCK_HASH_ALGORITHM, compositeHashOf, type SecretLockEntry } from '../../src/families/lock-secret/state.js';
import { secretLockTreeKey, serializeSecretLockInfo } from '../../src/families/lock-secret/serialize.js';
import { METADATA_TYPE, compositeHash as metadataCompositeHash, type MetadataEntry, type MetadataKey } from '../../src/families/metadata/state.js';
import { metadataTreeKey, serializeMetadataEntry } from '../../src/families/metadata/serialize.js';
import { MOSAIC_FLAGS, type MosaicEntry } from '../../src/families/mosaic/state.js';
import { mosaicTreeKey, serializeMosaicEntry } from '../../src/families/mosaic/serialize.js';
import type { MultisigEntry } from '../../src/families/multisig/state.js';
import { multisigTreeKey, serializeMultisigEntry } from '../../src/families/multisig/serialize.js';
import { ALIAS_TYPE, NO_ALIAS, NO_PARENT, type Alias, type NamespaceEntry } from '../../src/families/namespace/state.js';
import { namespaceTreeKey, serializeRootNamespace } from '../../src/families/namespace/serialize.js';
import { DIRECTIONAL_FLAGS, RESTRICTION_FLAGS, emptyRestrictions, valueKey, type AccountRestrictionsEntry } from '../../src/families/restriction-account/state.js';
import { accountRestrictionsTreeKey, serializeAccountRestrictions } from '../../src/families/restriction-account/serialize.js';
import {
  ENTRY_TYPE,
  NO_MOSAIC,
  RESTRICTION_TYPE,
  UNSET_VALUE,
  compositeHash as restrictionCompositeHash,
  type GlobalRule,
  type MosaicAddressRestrictionEntry,
  type MosaicGlobalRestrictionEntry,
} from '../../src/families/restriction-mosaic/state.js';
import { mosaicRestrictionTreeKey, serializeMosaicRestrictionEntry } from '../../src/families/restriction-mosaic/serialize.js';

const MAX_U64 = 0xffff_ffff_ffff_ffffn;
const MAX_U32 = 0xffff_ffff;

// Values.

/** `bytes` bytes of deterministic hex for a label. */
function hexOf(label: string, bytes: number): string {
  let hex = '';
  for (let i = 0; hex.length < bytes * 2; i++) hex += createHash('sha3-256').update(`${label}/${i}`).digest('hex');
  return hex.slice(0, bytes * 2).toUpperCase();
}
const address = (label: string) => hexOf(`address ${label}`, 24);
const hash = (label: string) => hexOf(`hash ${label}`, 32);
/** An id (16 hex) without the top bit (a mosaic id), or any. */
const id = (label: string) => hexOf(`id ${label}`, 8).replace(/^./, (c) => (parseInt(c, 16) & 7).toString(16));

const sha3 = (bytes: Uint8Array) => new Uint8Array(createHash('sha3-256').update(bytes).digest());
const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex').toUpperCase();

// Builder values.

const u64 = (value: bigint): number[] => [Number(value & 0xffff_ffffn), Number(value >> 32n)];
const fromU64 = (value: number[]): bigint => (BigInt(value[1]) << 32n) | BigInt(value[0]);
const idU64 = (hex: string) => u64(BigInt(`0x${hex}`));
const toIdHex = (value: number[]) => fromU64(value).toString(16).toUpperCase().padStart(16, '0');
const addressDto = (hex: string) => new AddressDto(Buffer.from(hex, 'hex'));
const mosaicIdDto = (hex: string) => new MosaicIdDto(idU64(hex));

function expectSameBytes(ours: Uint8Array, builder: { serialize(): Uint8Array }): void {
  expect(ours).toBeInstanceOf(Uint8Array);
  expect(toHex(ours)).toBe(toHex(builder.serialize()));
}

// Mosaic.

describe('mosaic entry', () => {
  const entries: MosaicEntry[] = [
    { id: id('a'), supply: 0n, startHeight: 1n, ownerAddress: address('a'), revision: 1, flags: MOSAIC_FLAGS.none, divisibility: 0, duration: 0n },
    { id: id('b'), supply: 8_999_999_999_000_000n, startHeight: 1n, ownerAddress: address('b'), revision: 1, flags: MOSAIC_FLAGS.transferable, divisibility: 6, duration: 0n },
    { id: id('c'), supply: MAX_U64, startHeight: 123_456_789n, ownerAddress: address('c'), revision: MAX_U32, flags: MOSAIC_FLAGS.all, divisibility: 6, duration: MAX_U64 },
    { id: '7FFFFFFFFFFFFFFF', supply: 1n, startHeight: MAX_U64, ownerAddress: address('d'), revision: 7, flags: MOSAIC_FLAGS.supplyMutable | MOSAIC_FLAGS.revokable, divisibility: 255, duration: 1000n },
  ];

  it.each(entries.map((entry) => [entry.id, entry] as const))('%s: the builder bytes, and back', (_, entry) => {
    const ours = serializeMosaicEntry(entry);
    const builder = new MosaicEntryBuilder(
      1,
      mosaicIdDto(entry.id),
      new AmountDto(u64(entry.supply)),
      new MosaicDefinitionBuilder(
        new HeightDto(u64(entry.startHeight)),
        addressDto(entry.ownerAddress),
        entry.revision,
        new MosaicPropertiesBuilder(GeneratorUtils.toFlags(MosaicFlagsDto, entry.flags), entry.divisibility, new BlockDurationDto(u64(entry.duration))),
      ),
    );
    expectSameBytes(ours, builder);
    expect(ours.length).toBe(2 + 8 + 8 + 8 + 24 + 4 + 1 + 1 + 8);

    const parsed = MosaicEntryBuilder.loadFromBinary(ours);
    expect(parsed.version).toBe(1);
    expect(toIdHex(parsed.mosaicId.mosaicId)).toBe(entry.id);
    expect(fromU64(parsed.supply.amount)).toBe(entry.supply);
    expect(fromU64(parsed.definition.startHeight.height)).toBe(entry.startHeight);
    expect(toHex(parsed.definition.ownerAddress.address)).toBe(entry.ownerAddress);
    expect(parsed.definition.revision).toBe(entry.revision);
    expect(GeneratorUtils.fromFlags(MosaicFlagsDto, parsed.definition.properties.flags)).toBe(entry.flags);
    expect(parsed.definition.properties.divisibility).toBe(entry.divisibility);
    expect(fromU64(parsed.definition.properties.duration.blockDuration)).toBe(entry.duration);

    expect(toHex(mosaicTreeKey(entry.id))).toBe(toHex(sha3(mosaicIdDto(entry.id).serialize())));
  });
});

// Locks.

describe('hash lock info', () => {
  const entries: HashLockEntry[] = [
    { hash: hash('a'), ownerAddress: address('a'), mosaicId: id('currency'), amount: 10_000_000n, endHeight: 481n, status: LOCK_STATUS.unused },
    { hash: hash('b'), ownerAddress: address('b'), mosaicId: id('currency'), amount: 0n, endHeight: 2n, status: LOCK_STATUS.used },
    { hash: 'F'.repeat(64), ownerAddress: 'F'.repeat(48), mosaicId: 'FFFFFFFFFFFFFFFF', amount: MAX_U64, endHeight: MAX_U64, status: LOCK_STATUS.used },
  ];

  it.each(entries.map((entry) => [entry.hash, entry] as const))('%s: the builder bytes, and back', (_, entry) => {
    const ours = serializeHashLockInfo(entry);
    const builder = new HashLockInfoBuilder(
      1,
      addressDto(entry.ownerAddress),
      new MosaicBuilder(mosaicIdDto(entry.mosaicId), new AmountDto(u64(entry.amount))),
      new HeightDto(u64(entry.endHeight)),
      entry.status,
      new Hash256Dto(Buffer.from(entry.hash, 'hex')),
    );
    expectSameBytes(ours, builder);

    const parsed = HashLockInfoBuilder.loadFromBinary(ours);
    expect(parsed.version).toBe(1);
    expect(toHex(parsed.ownerAddress.address)).toBe(entry.ownerAddress);
    expect(toIdHex(parsed.mosaic.mosaicId.mosaicId)).toBe(entry.mosaicId);
    expect(fromU64(parsed.mosaic.amount.amount)).toBe(entry.amount);
    expect(fromU64(parsed.endHeight.height)).toBe(entry.endHeight);
    expect(parsed.status).toBe(entry.status);
    expect(toHex(parsed.hash.hash256)).toBe(entry.hash);

    expect(toHex(hashLockTreeKey(entry.hash))).toBe(toHex(sha3(Buffer.from(entry.hash, 'hex'))));
  });
});

describe('secret lock info', () => {
  const entries: SecretLockEntry[] = Object.values(LOCK_HASH_ALGORITHM).map((hashAlgorithm, i) => {
    const secret = hashAlgorithm === LOCK_HASH_ALGORITHM.hash_160 ? hexOf(`secret ${i}`, 20) + '0'.repeat(24) : hash(`secret ${i}`);
    const recipientAddress = address(`recipient ${i}`);
    return {
      compositeHash: compositeHashOf(secret, recipientAddress),
      ownerAddress: address(`owner ${i}`),
      mosaicId: id(`mosaic ${i}`),
      amount: [1n, 0n, MAX_U64][i],
      endHeight: [2n, 100_000n, MAX_U64][i],
      status: i === 1 ? LOCK_STATUS.used : LOCK_STATUS.unused,
      hashAlgorithm,
      secret,
      recipientAddress,
    };
  });

  it.each(entries.map((entry) => [entry.hashAlgorithm, entry] as const))('hash algorithm %s: the builder bytes, and back', (_, entry) => {
    const ours = serializeSecretLockInfo(entry);
    const builder = new SecretLockInfoBuilder(
      1,
      addressDto(entry.ownerAddress),
      new MosaicBuilder(mosaicIdDto(entry.mosaicId), new AmountDto(u64(entry.amount))),
      new HeightDto(u64(entry.endHeight)),
      entry.status,
      entry.hashAlgorithm,
      new Hash256Dto(Buffer.from(entry.secret, 'hex')),
      addressDto(entry.recipientAddress),
    );
    expectSameBytes(ours, builder);

    const parsed = SecretLockInfoBuilder.loadFromBinary(ours);
    expect(parsed.version).toBe(1);
    expect(toHex(parsed.ownerAddress.address)).toBe(entry.ownerAddress);
    expect(toIdHex(parsed.mosaic.mosaicId.mosaicId)).toBe(entry.mosaicId);
    expect(fromU64(parsed.mosaic.amount.amount)).toBe(entry.amount);
    expect(fromU64(parsed.endHeight.height)).toBe(entry.endHeight);
    expect(parsed.status).toBe(entry.status);
    expect(parsed.hashAlgorithm).toBe(entry.hashAlgorithm);
    expect(toHex(parsed.secret.hash256)).toBe(entry.secret);
    expect(toHex(parsed.recipient.address)).toBe(entry.recipientAddress);
    // The composite hash is not serialized: a node derives it from what is.
    expect(compositeHashOf(toHex(parsed.secret.hash256), toHex(parsed.recipient.address))).toBe(entry.compositeHash);

    expect(toHex(secretLockTreeKey(entry.compositeHash))).toBe(toHex(sha3(Buffer.from(entry.compositeHash, 'hex'))));
  });
});

// Metadata.

describe('metadata entry', () => {
  function entryOf(key: MetadataKey, value: Uint8Array): MetadataEntry {
    return { ...key, compositeHash: metadataCompositeHash(key), value };
  }
  const bytes = (label: string, size: number) => new Uint8Array(Buffer.from(hexOf(label, size), 'hex'));
  const entries: [string, MetadataEntry][] = [
    ['account, 1 byte', entryOf({ sourceAddress: address('s1'), targetAddress: address('t1'), scopedMetadataKey: '0000000000000001', targetId: '0000000000000000', metadataType: METADATA_TYPE.account }, bytes('v1', 1))],
    ['mosaic, 1024 bytes', entryOf({ sourceAddress: address('s2'), targetAddress: address('t2'), scopedMetadataKey: 'FFFFFFFFFFFFFFFF', targetId: id('m'), metadataType: METADATA_TYPE.mosaic }, bytes('v2', 1024))],
    ['namespace, 65535 bytes', entryOf({ sourceAddress: address('s3'), targetAddress: address('s3'), scopedMetadataKey: hexOf('k3', 8), targetId: 'F' + id('n').slice(1), metadataType: METADATA_TYPE.namespace }, bytes('v3', 0xffff))],
  ];

  it.each(entries)('%s: the builder bytes, and back', (_, entry) => {
    const ours = serializeMetadataEntry(entry);
    const builder = new MetadataEntryBuilder(
      1,
      addressDto(entry.sourceAddress),
      addressDto(entry.targetAddress),
      new ScopedMetadataKeyDto(idU64(entry.scopedMetadataKey)),
      idU64(entry.targetId),
      entry.metadataType,
      new MetadataValueBuilder(entry.value),
    );
    expectSameBytes(ours, builder);
    expect(ours.length).toBe(2 + 24 + 24 + 8 + 8 + 1 + 2 + entry.value.length);

    const parsed = MetadataEntryBuilder.loadFromBinary(ours);
    expect(parsed.version).toBe(1);
    expect(toHex(parsed.sourceAddress.address)).toBe(entry.sourceAddress);
    expect(toHex(parsed.targetAddress.address)).toBe(entry.targetAddress);
    expect(toIdHex(parsed.scopedMetadataKey.scopedMetadataKey)).toBe(entry.scopedMetadataKey);
    expect(toIdHex(parsed.targetId)).toBe(entry.targetId);
    expect(parsed.metadataType).toBe(entry.metadataType);
    expect(toHex(parsed.value.data)).toBe(toHex(entry.value));

    expect(toHex(metadataTreeKey(entry.compositeHash))).toBe(toHex(sha3(Buffer.from(entry.compositeHash, 'hex'))));
  });

  it('refuses a value longer than its uint16 size', () => {
    expect(() => serializeMetadataEntry({ ...entries[0][1], value: new Uint8Array(0x10000) })).toThrow(RangeError);
  });
});

// Multisig.

describe('multisig entry', () => {
  const many = (label: string, count: number) => Array.from({ length: count }, (_, i) => address(`${label} ${i}`)).sort();
  const entries: [string, MultisigEntry][] = [
    ['a cosignatory only (no cosignatories)', { accountAddress: address('c'), minApproval: 0, minRemoval: 0, cosignatoryAddresses: [], multisigAddresses: many('m', 1) }],
    ['a multisig only', { accountAddress: address('m'), minApproval: 2, minRemoval: 1, cosignatoryAddresses: many('c', 3), multisigAddresses: [] }],
    ['both, 25 cosignatories', { accountAddress: address('b'), minApproval: 25, minRemoval: 25, cosignatoryAddresses: many('c25', 25), multisigAddresses: many('m25', 25) }],
    ['empty, maximum settings', { accountAddress: address('e'), minApproval: MAX_U32, minRemoval: MAX_U32, cosignatoryAddresses: [], multisigAddresses: [] }],
  ];

  it.each(entries)('%s: the builder bytes, and back', (_, entry) => {
    const ours = serializeMultisigEntry(entry);
    const builder = new MultisigEntryBuilder(
      1,
      entry.minApproval,
      entry.minRemoval,
      addressDto(entry.accountAddress),
      entry.cosignatoryAddresses.map(addressDto),
      entry.multisigAddresses.map(addressDto),
    );
    expectSameBytes(ours, builder);

    const parsed = MultisigEntryBuilder.loadFromBinary(ours);
    expect(parsed.version).toBe(1);
    expect(parsed.minApproval).toBe(entry.minApproval);
    expect(parsed.minRemoval).toBe(entry.minRemoval);
    expect(toHex(parsed.accountAddress.address)).toBe(entry.accountAddress);
    expect(parsed.cosignatoryAddresses.map((each) => toHex(each.address))).toEqual(entry.cosignatoryAddresses);
    expect(parsed.multisigAddresses.map((each) => toHex(each.address))).toEqual(entry.multisigAddresses);

    expect(toHex(multisigTreeKey(entry.accountAddress))).toBe(toHex(sha3(Buffer.from(entry.accountAddress, 'hex'))));
  });

  it('writes addresses in byte order whatever the list order', () => {
    const entry = entries[2][1];
    const shuffled = { ...entry, cosignatoryAddresses: [...entry.cosignatoryAddresses].reverse() };
    expect(toHex(serializeMultisigEntry(shuffled))).toBe(toHex(serializeMultisigEntry(entry)));
  });
});

// Mosaic restrictions.

describe('mosaic restriction entry', () => {
  function globalEntry(mosaicId: string, rules: [bigint, GlobalRule][]): MosaicGlobalRestrictionEntry {
    return { entryType: ENTRY_TYPE.global, compositeHash: restrictionCompositeHash(mosaicId), mosaicId, rules: new Map(rules) };
  }
  function addressEntry(mosaicId: string, targetAddress: string, values: [bigint, bigint][]): MosaicAddressRestrictionEntry {
    return { entryType: ENTRY_TYPE.address, compositeHash: restrictionCompositeHash(mosaicId, targetAddress), mosaicId, targetAddress, values: new Map(values) };
  }
  const entries: [string, MosaicGlobalRestrictionEntry | MosaicAddressRestrictionEntry][] = [
    ['global, one rule', globalEntry(id('g1'), [[1n, { referenceMosaicId: NO_MOSAIC, value: 1n, type: RESTRICTION_TYPE.eq }]])],
    [
      'global, rules of every type in unsorted key order',
      globalEntry(
        id('g2'),
        [MAX_U64, 5n, 0n, 1234567890123n, 77n, 2n].map((key, i) => [key, { referenceMosaicId: i % 2 ? id(`ref ${i}`) : NO_MOSAIC, value: i === 0 ? MAX_U64 : BigInt(i) * 1000n, type: (i % 6) + 1 }]),
      ),
    ],
    ['global, no rules', globalEntry(id('g3'), [])],
    ['global, 255 rules', globalEntry(id('g4'), Array.from({ length: 255 }, (_, i) => [BigInt(i) * 0x1_0000_0001n, { referenceMosaicId: id(`r${i}`), value: BigInt(i), type: RESTRICTION_TYPE.ge }]))],
    ['address, one value', addressEntry(id('a1'), address('a1'), [[1n, 2n]])],
    ['address, values in unsorted key order', addressEntry(id('a2'), address('a2'), [[MAX_U64, 0n], [3n, UNSET_VALUE - 1n], [0n, 1n], [42n, 42n]])],
    ['address, no values', addressEntry(id('a3'), address('a3'), [])],
    ['address, 255 values', addressEntry(id('a4'), address('a4'), Array.from({ length: 255 }, (_, i) => [BigInt(255 - i), BigInt(i)]))],
  ];
  const sortedKeys = (map: ReadonlyMap<bigint, unknown>) => [...map.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

  it.each(entries)('%s: the builder bytes, and back', (_, entry) => {
    const ours = serializeMosaicRestrictionEntry(entry);
    const builder =
      entry.entryType === ENTRY_TYPE.global
        ? new MosaicRestrictionEntryBuilder(
            1,
            entry.entryType,
            undefined,
            new MosaicGlobalRestrictionEntryBuilder(
              mosaicIdDto(entry.mosaicId),
              new GlobalKeyValueSetBuilder(
                sortedKeys(entry.rules).map((key) => {
                  const rule = entry.rules.get(key)!;
                  return new GlobalKeyValueBuilder(new MosaicRestrictionKeyDto(u64(key)), new RestrictionRuleBuilder(mosaicIdDto(rule.referenceMosaicId), u64(rule.value), rule.type));
                }),
              ),
            ),
          )
        : new MosaicRestrictionEntryBuilder(
            1,
            entry.entryType,
            new MosaicAddressRestrictionEntryBuilder(
              mosaicIdDto(entry.mosaicId),
              addressDto(entry.targetAddress),
              new AddressKeyValueSetBuilder(sortedKeys(entry.values).map((key) => new AddressKeyValueBuilder(new MosaicRestrictionKeyDto(u64(key)), u64(entry.values.get(key)!)))),
            ),
            undefined,
          );
    expectSameBytes(ours, builder);

    const parsed = MosaicRestrictionEntryBuilder.loadFromBinary(ours);
    expect(parsed.version).toBe(1);
    expect(parsed.entryType).toBe(entry.entryType);
    if (entry.entryType === ENTRY_TYPE.global) {
      expect(parsed.addressEntry).toBeUndefined();
      expect(toIdHex(parsed.globalEntry!.mosaicId.mosaicId)).toBe(entry.mosaicId);
      const rules = parsed.globalEntry!.keyPairs.keys.map((pair) => [
        fromU64(pair.key.mosaicRestrictionKey),
        { referenceMosaicId: toIdHex(pair.restrictionRule.referenceMosaicId.mosaicId), value: fromU64(pair.restrictionRule.restrictionValue), type: pair.restrictionRule.restrictionType },
      ]);
      expect(rules.map(([key]) => key)).toEqual(sortedKeys(entry.rules));
      expect(new Map(rules as [bigint, GlobalRule][])).toEqual(entry.rules);
    } else {
      expect(parsed.globalEntry).toBeUndefined();
      expect(toIdHex(parsed.addressEntry!.mosaicId.mosaicId)).toBe(entry.mosaicId);
      expect(toHex(parsed.addressEntry!.address.address)).toBe(entry.targetAddress);
      const values = parsed.addressEntry!.keyPairs.keys.map((pair) => [fromU64(pair.key.mosaicRestrictionKey), fromU64(pair.value)] as [bigint, bigint]);
      expect(values.map(([key]) => key)).toEqual(sortedKeys(entry.values));
      expect(new Map(values)).toEqual(entry.values);
    }

    expect(toHex(mosaicRestrictionTreeKey(entry.compositeHash))).toBe(toHex(sha3(Buffer.from(entry.compositeHash, 'hex'))));
  });

  it('refuses more keys than a uint8 counts', () => {
    const entry = addressEntry(id('a5'), address('a5'), Array.from({ length: 256 }, (_, i) => [BigInt(i), 0n]));
    expect(() => serializeMosaicRestrictionEntry(entry)).toThrow(RangeError);
  });
});

// Account restrictions.

describe('account restrictions', () => {
  const [incomingAddress, incomingMosaic, outgoingAddress, outgoingType] = DIRECTIONAL_FLAGS;
  const BLOCK = RESTRICTION_FLAGS.block;
  function entryOf(label: string, values: { flags: number; values: string[] }[]): AccountRestrictionsEntry {
    const empty = emptyRestrictions(address(label));
    return {
      address: empty.address,
      restrictions: empty.restrictions.map((restriction) => {
        const set = values.find((each) => (each.flags & ~BLOCK) === (restriction.flags & ~BLOCK));
        return set ? { flags: set.flags, values: [...set.values].sort() } : restriction;
      }),
    };
  }
  const addresses = (label: string, count: number) => Array.from({ length: count }, (_, i) => valueKey('address', address(`${label} ${i}`)));
  const mosaics = (label: string, count: number) => Array.from({ length: count }, (_, i) => valueKey('mosaicId', id(`${label} ${i}`)));
  const types = [0x4154, 0x414e, 0x4e41, 0x4d41, 0x4142, 0x4148].map((type) => valueKey('transactionType', type));
  const entries: [string, AccountRestrictionsEntry][] = [
    ['none (all empty)', emptyRestrictions(address('none'))],
    ['incoming addresses allowed', entryOf('a', [{ flags: incomingAddress, values: addresses('a', 3) }])],
    ['incoming mosaics blocked', entryOf('m', [{ flags: incomingMosaic | BLOCK, values: mosaics('m', 2) }])],
    ['outgoing transaction types allowed', entryOf('t', [{ flags: outgoingType, values: types }])],
    [
      'all four, 100 values each',
      entryOf('all', [
        { flags: incomingAddress | BLOCK, values: addresses('i', 100) },
        { flags: incomingMosaic, values: mosaics('i', 100) },
        { flags: outgoingAddress | BLOCK, values: addresses('o', 100) },
        { flags: outgoingType | BLOCK, values: Array.from({ length: 100 }, (_, i) => valueKey('transactionType', 0x4000 + i * 3)) },
      ]),
    ],
  ];

  it.each(entries)('%s: the builder bytes, and back', (_, entry) => {
    const ours = serializeAccountRestrictions(entry);
    const held = entry.restrictions.filter((restriction) => restriction.values.length > 0);
    const infos = held.map((restriction) => {
      const flags = GeneratorUtils.toFlags(AccountRestrictionFlagsDto, restriction.flags);
      const has = (flag: number) => (restriction.flags & flag) !== 0;
      return new AccountRestrictionsInfoBuilder(
        flags,
        has(RESTRICTION_FLAGS.address) ? new AccountRestrictionAddressValueBuilder(restriction.values.map(addressDto)) : undefined,
        has(RESTRICTION_FLAGS.mosaicId) ? new AccountRestrictionMosaicValueBuilder(restriction.values.map((value) => new MosaicIdDto(u64(Buffer.from(value, 'hex').readBigUInt64LE())))) : undefined,
        has(RESTRICTION_FLAGS.transactionType) ? new AccountRestrictionTransactionTypeValueBuilder(restriction.values.map((value) => Buffer.from(value, 'hex').readUInt16LE())) : undefined,
      );
    });
    expectSameBytes(ours, new AccountRestrictionsBuilder(1, addressDto(entry.address), infos));

    const parsed = AccountRestrictionsBuilder.loadFromBinary(ours);
    expect(parsed.version).toBe(1);
    expect(toHex(parsed.address.address)).toBe(entry.address);
    expect(parsed.restrictions).toHaveLength(held.length);
    parsed.restrictions.forEach((info, i) => {
      expect(GeneratorUtils.fromFlags(AccountRestrictionFlagsDto, info.restrictionFlags)).toBe(held[i].flags);
      if (info.transactionTypeRestrictions) {
        // catbuffer-typescript 1.0.3's GeneratorUtils.loadFromBinaryEnums reads every value
        // at the first value's offset: only the count and the first value parse back (the
        // bytes of all of them are checked against the builder's serialize() above).
        const types = info.transactionTypeRestrictions.restrictionValues;
        expect(types).toHaveLength(held[i].values.length);
        expect(valueKey('transactionType', types[0])).toBe(held[i].values[0]);
        return;
      }
      const values =
        info.addressRestrictions?.restrictionValues.map((value) => toHex(value.address)) ??
        info.mosaicIdRestrictions!.restrictionValues.map((value) => valueKey('mosaicId', toIdHex(value.mosaicId)));
      expect(values).toEqual(held[i].values);
    });

    expect(toHex(accountRestrictionsTreeKey(entry.address))).toBe(toHex(sha3(Buffer.from(entry.address, 'hex'))));
  });

  it('writes the restrictions by directional flags and values by bytes, whatever the entry order', () => {
    const entry = entries[4][1];
    const shuffled = { ...entry, restrictions: [...entry.restrictions].reverse().map((restriction) => ({ ...restriction, values: [...restriction.values].reverse() })) };
    expect(toHex(serializeAccountRestrictions(shuffled))).toBe(toHex(serializeAccountRestrictions(entry)));
  });
});

// Namespaces.

describe('root namespace history', () => {
  const UINT64_MAX = MAX_U64;
  const nsId = (label: string) => '8' + hexOf(`namespace ${label}`, 8).slice(1);
  function rootOf(label: string, alias: Alias, lifetime: { start: bigint; end: bigint }, childIds: string[]): NamespaceEntry {
    const rootId = nsId(label);
    return { id: rootId, name: label, parentId: NO_PARENT, levels: [rootId], ownerAddress: address(label), alias, lifetime, descendants: childIds };
  }
  function childOf(parent: NamespaceEntry, label: string, alias: Alias = NO_ALIAS): NamespaceEntry {
    const childId = nsId(`${parent.name}.${label}`);
    return { id: childId, name: label, parentId: parent.id, levels: [...parent.levels, childId], ownerAddress: parent.ownerAddress, alias };
  }
  const aliasBuilder = (alias: Alias) =>
    new NamespaceAliasBuilder(alias.type, alias.type === ALIAS_TYPE.mosaic ? mosaicIdDto(alias.mosaicId) : undefined, alias.type === ALIAS_TYPE.address ? addressDto(alias.address) : undefined);

  const cases: [string, NamespaceEntry, NamespaceEntry[]][] = [];
  cases.push(['a root without alias or children', rootOf('plain', NO_ALIAS, { start: 1n, end: 1000n }, []), []]);
  cases.push(['an eternal root with a mosaic alias', rootOf('symbol', { type: ALIAS_TYPE.mosaic, mosaicId: id('currency') }, { start: 1n, end: UINT64_MAX }, []), []]);
  {
    const root = rootOf('tree', { type: ALIAS_TYPE.address, address: address('tree alias') }, { start: 10n, end: 525_610n }, []);
    const a = childOf(root, 'a', { type: ALIAS_TYPE.address, address: address('a alias') });
    const b = childOf(root, 'b', { type: ALIAS_TYPE.mosaic, mosaicId: id('b alias') });
    const aa = childOf(a, 'a');
    const ab = childOf(a, 'b', { type: ALIAS_TYPE.mosaic, mosaicId: id('ab alias') });
    const ba = childOf(b, 'a', { type: ALIAS_TYPE.address, address: address('ba alias') });
    // Given in registration order, not sorted.
    const children = [b, ab, a, ba, aa];
    cases.push(['a root with children of each alias type, two levels deep', { ...root, descendants: children.map((child) => child.id) }, children]);
  }
  {
    const root = rootOf('wide', NO_ALIAS, { start: MAX_U64 - 2n, end: MAX_U64 - 1n }, []);
    const children = Array.from({ length: 100 }, (_, i) => childOf(root, `c${i}`, i % 3 === 1 ? { type: ALIAS_TYPE.mosaic, mosaicId: id(`c${i}`) } : NO_ALIAS));
    cases.push(['a root with 100 children', { ...root, descendants: children.map((child) => child.id) }, children]);
  }

  /** std::lexicographical_compare over the ids' values. */
  function comparePaths(a: string[], b: string[]): number {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const [x, y] = [BigInt(`0x${a[i]}`), BigInt(`0x${b[i]}`)];
      if (x !== y) return x < y ? -1 : 1;
    }
    return a.length - b.length;
  }

  it.each(cases)('%s: the builder bytes, and back', (_, root, children) => {
    const ours = serializeRootNamespace(root, children);
    const sorted = [...children].sort((a, b) => comparePaths(a.levels.slice(1), b.levels.slice(1)));
    const builder = new RootNamespaceHistoryBuilder(
      1,
      new NamespaceIdDto(idU64(root.id)),
      addressDto(root.ownerAddress),
      new NamespaceLifetimeBuilder(new HeightDto(u64(root.lifetime!.start)), new HeightDto(u64(root.lifetime!.end))),
      aliasBuilder(root.alias),
      sorted.map((child) => new NamespacePathBuilder(child.levels.slice(1).map((level) => new NamespaceIdDto(idU64(level))), aliasBuilder(child.alias))),
    );
    expectSameBytes(ours, builder);

    const parsed = RootNamespaceHistoryBuilder.loadFromBinary(ours);
    expect(parsed.version).toBe(1);
    expect(toIdHex(parsed.id.namespaceId)).toBe(root.id);
    expect(toHex(parsed.ownerAddress.address)).toBe(root.ownerAddress);
    expect(fromU64(parsed.lifetime.lifetimeStart.height)).toBe(root.lifetime!.start);
    expect(fromU64(parsed.lifetime.lifetimeEnd.height)).toBe(root.lifetime!.end);
    const aliasOf = (built: NamespaceAliasBuilder): Alias =>
      built.namespaceAliasType === ALIAS_TYPE.mosaic
        ? { type: ALIAS_TYPE.mosaic, mosaicId: toIdHex(built.mosaicAlias!.mosaicId) }
        : built.namespaceAliasType === ALIAS_TYPE.address
          ? { type: ALIAS_TYPE.address, address: toHex(built.addressAlias!.address) }
          : NO_ALIAS;
    expect(aliasOf(parsed.rootAlias)).toEqual(root.alias);
    expect(parsed.paths.map((path) => [root.id, ...path.path.map((level) => toIdHex(level.namespaceId))])).toEqual(sorted.map((child) => child.levels));
    expect(parsed.paths.map((path) => aliasOf(path.alias))).toEqual(sorted.map((child) => child.alias));

    expect(toHex(namespaceTreeKey(root.id))).toBe(toHex(sha3(new NamespaceIdDto(idU64(root.id)).serialize())));
  });

  it('refuses a child as a root, and a namespace of another root as a child', () => {
    const [, root, children] = cases[2];
    expect(() => serializeRootNamespace(children[0], [])).toThrow(RangeError);
    expect(() => serializeRootNamespace(cases[0][1], children)).toThrow(RangeError);
    expect(() => serializeRootNamespace(root, children)).not.toThrow();
  });
});

// Account state.

describe('account state', () => {
  const CURRENCY = '6BED913FA20223F8';
  const bucket = (i: number): ActivityBucket => ({ startHeight: BigInt(1 + 720 * (10 - i)), totalFeesPaid: BigInt(i) * 1000n, beneficiaryCount: i, rawScore: BigInt(i) * 123_456n });
  const base = (label: string): AccountState => ({
    address: address(label),
    addressHeight: 1n,
    publicKey: undefined,
    publicKeyHeight: 0n,
    accountType: ACCOUNT_TYPE.unlinked,
    supplementalPublicKeys: {},
    importance: 0n,
    importanceHeight: 0n,
    activityBuckets: [],
    balances: new Map(),
  });
  const cases: [string, AccountState][] = [
    ['a new account: no public key, no balances', base('new')],
    ['a regular account with balances, the currency not the smallest id', { ...base('regular'), publicKey: hash('regular'), publicKeyHeight: 5n, balances: new Map([['7' + id('x').slice(1), 5n], [CURRENCY, 1_000_000n], ['0000000000000001', MAX_U64], [id('y'), 7n]]) }],
    ['a regular account without the currency', { ...base('no currency'), addressHeight: 99n, balances: new Map([[id('z'), 1n], [id('w'), 2n]]) }],
    [
      'a main account with every supplemental key and 3 voting keys, high value, 2 buckets',
      {
        ...base('main'),
        publicKey: hash('main'),
        publicKeyHeight: 2n,
        accountType: ACCOUNT_TYPE.main,
        supplementalPublicKeys: {
          linked: hash('linked'),
          node: hash('node'),
          vrf: hash('vrf'),
          voting: [1, 2, 3].map((i) => ({ publicKey: hash(`voting ${i}`), startEpoch: i * 100, endEpoch: i * 100 + 99 })),
        },
        importance: 12_345_678n,
        importanceHeight: 720n,
        activityBuckets: [bucket(1), bucket(2)],
        balances: new Map([[CURRENCY, 3_000_000_000_000n]]),
      },
    ],
    [
      'a high value account with 7 buckets (5 written)',
      { ...base('high'), publicKey: hash('high'), publicKeyHeight: 3n, importance: MAX_U64, importanceHeight: 1440n, activityBuckets: [1, 2, 3, 4, 5, 6, 7].map(bucket), balances: new Map([[CURRENCY, 1n]]) },
    ],
    ['a remote account with only a linked key and a node key', { ...base('remote'), publicKey: hash('remote'), publicKeyHeight: 9n, accountType: ACCOUNT_TYPE.remote, supplementalPublicKeys: { linked: hash('its main'), node: hash('its node') } }],
    ['a remote unlinked account with only a VRF key', { ...base('remote unlinked'), accountType: ACCOUNT_TYPE.remoteUnlinked, supplementalPublicKeys: { vrf: hash('vrf only') } }],
  ];

  /** catapult's CompactMosaicMap order: the currency first, then by id. */
  function balanceOrder(balances: ReadonlyMap<string, bigint>): [string, bigint][] {
    const rank = (mosaicId: string) => (mosaicId === CURRENCY ? -1n : BigInt(`0x${mosaicId}`));
    return [...balances].sort(([a], [b]) => (rank(a) < rank(b) ? -1 : 1));
  }

  it.each(cases)('%s: the builder bytes, and back', (_, account) => {
    const ours = serializeAccountState(account, CURRENCY);
    const keys = account.supplementalPublicKeys;
    const mask = (keys.linked ? 1 : 0) | (keys.node ? 2 : 0) | (keys.vrf ? 4 : 0);
    const highValue = account.importanceHeight !== 0n;
    const buckets = Array.from({ length: 5 }, (_, i) => account.activityBuckets[i] ?? { startHeight: 0n, totalFeesPaid: 0n, beneficiaryCount: 0, rawScore: 0n });
    const pk = (hex: string) => new PublicKeyDto(Buffer.from(hex, 'hex'));
    const builder = new AccountStateBuilder(
      1,
      addressDto(account.address),
      new HeightDto(u64(account.addressHeight)),
      pk(account.publicKey ?? '0'.repeat(64)),
      new HeightDto(u64(account.publicKeyHeight)),
      account.accountType,
      highValue ? AccountStateFormatDto.HIGH_VALUE : AccountStateFormatDto.REGULAR,
      GeneratorUtils.toFlags(AccountKeyTypeFlagsDto, mask),
      keys.linked ? pk(keys.linked) : undefined,
      keys.node ? pk(keys.node) : undefined,
      keys.vrf ? pk(keys.vrf) : undefined,
      (keys.voting ?? []).map((key) => new PinnedVotingKeyBuilder(new VotingPublicKeyDto(Buffer.from(key.publicKey, 'hex')), new FinalizationEpochDto(key.startEpoch), new FinalizationEpochDto(key.endEpoch))),
      highValue ? new ImportanceSnapshotBuilder(new ImportanceDto(u64(account.importance)), new ImportanceHeightDto(u64(account.importanceHeight))) : undefined,
      highValue
        ? new HeightActivityBucketsBuilder(
            buckets.map((each) => new HeightActivityBucketBuilder(new ImportanceHeightDto(u64(each.startHeight)), new AmountDto(u64(each.totalFeesPaid)), each.beneficiaryCount, u64(each.rawScore))),
          )
        : undefined,
      balanceOrder(account.balances).map(([mosaicId, amount]) => new MosaicBuilder(mosaicIdDto(mosaicId), new AmountDto(u64(amount)))),
    );
    expectSameBytes(ours, builder);

    const parsed = AccountStateBuilder.loadFromBinary(ours);
    expect(parsed.version).toBe(1);
    expect(toHex(parsed.address.address)).toBe(account.address);
    expect(fromU64(parsed.addressHeight.height)).toBe(account.addressHeight);
    expect(toHex(parsed.publicKey.publicKey)).toBe(account.publicKey ?? '0'.repeat(64));
    expect(fromU64(parsed.publicKeyHeight.height)).toBe(account.publicKeyHeight);
    expect(parsed.accountType).toBe(account.accountType);
    expect(parsed.format).toBe(highValue ? AccountStateFormatDto.HIGH_VALUE : AccountStateFormatDto.REGULAR);
    expect(parsed.linkedPublicKey && toHex(parsed.linkedPublicKey.publicKey)).toBe(keys.linked);
    expect(parsed.nodePublicKey && toHex(parsed.nodePublicKey.publicKey)).toBe(keys.node);
    expect(parsed.vrfPublicKey && toHex(parsed.vrfPublicKey.publicKey)).toBe(keys.vrf);
    expect(parsed.votingPublicKeys.map((key) => ({ publicKey: toHex(key.votingKey.votingPublicKey), startEpoch: key.startEpoch.finalizationEpoch, endEpoch: key.endEpoch.finalizationEpoch }))).toEqual(keys.voting ?? []);
    if (highValue) {
      expect(fromU64(parsed.importanceSnapshots!.importance.importance)).toBe(account.importance);
      expect(fromU64(parsed.importanceSnapshots!.height.importanceHeight)).toBe(account.importanceHeight);
      expect(
        parsed.activityBuckets!.buckets.map((each) => ({
          startHeight: fromU64(each.startHeight.importanceHeight),
          totalFeesPaid: fromU64(each.totalFeesPaid.amount),
          beneficiaryCount: each.beneficiaryCount,
          rawScore: fromU64(each.rawScore),
        })),
      ).toEqual(buckets);
    } else {
      expect(parsed.importanceSnapshots).toBeUndefined();
      expect(parsed.activityBuckets).toBeUndefined();
    }
    expect(parsed.balances.map((mosaic) => [toIdHex(mosaic.mosaicId.mosaicId), fromU64(mosaic.amount.amount)])).toEqual(balanceOrder(account.balances));

    expect(toHex(accountStateTreeKey(account.address))).toBe(toHex(sha3(Buffer.from(account.address, 'hex'))));
  });

  it('puts the currency first, then the other mosaics by id', () => {
    const account = cases[1][1];
    const parsed = AccountStateBuilder.loadFromBinary(serializeAccountState(account, CURRENCY));
    expect(parsed.balances.map((mosaic) => toIdHex(mosaic.mosaicId.mosaicId))).toEqual([CURRENCY, '0000000000000001', ...[...account.balances.keys()].filter((each) => each !== CURRENCY && each !== '0000000000000001').sort()]);
  });
});
