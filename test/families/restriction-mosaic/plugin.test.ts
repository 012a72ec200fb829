/**
 * The mosaic restriction plugin of the in-memory chain, as catapult's restriction_mosaic plugin
 * behaves: real signed global and address restrictions announced over HTTP, their outcome read
 * on the signer's `status` and `unconfirmedAdded` channels, transfers of the restricted mosaic
 * allowed or refused by the rules, the state read back through `/restrictions/mosaic`.
 */
import { Address, generateMosaicId, generateNamespaceId, models, mosaicRestrictionGenerateKey } from 'symbol-sdk/symbol';
import { describe, expect, it } from 'vitest';
import type { ChainAccount } from '../../../src/memory/chain/identity.js';
import type { InMemoryChain } from '../../../src/in-memory-chain.js';
import { hex, pluginHarness } from '../../support/announce.js';
import { startGateway } from '../../support/server.js';
import { aggregate, type Signed } from '../../support/signing.js';

type Server = Awaited<ReturnType<typeof startGateway>>;

/** Mosaic flags. */
const SUPPLY_MUTABLE = 1;
const TRANSFERABLE = 2;
const RESTRICTABLE = 4;
/** An address restriction's "no value" (catapult's Sentinel_Removal_Value). */
const UNSET = 0xffff_ffff_ffff_ffffn;
const KYC = mosaicRestrictionGenerateKey('kyc');
const AGE = mosaicRestrictionGenerateKey('age');

type RuleType = 'none' | 'eq' | 'ne' | 'lt' | 'le' | 'gt' | 'ge';

let server: Server;
let chain: InMemoryChain;
let a: ChainAccount;
let b: ChainAccount;
let c: ChainAccount;

const { start, signed, announce, accept } = pluginHarness((started) => {
  server = started;
  chain = started.chain;
  [a, b, c] = chain.fundedAccounts;
});

function mosaicIdOf(owner: ChainAccount, nonce: number): bigint {
  return generateMosaicId(chain.facade.network.publicKeyToAddress(owner.keyPair.publicKey), nonce);
}

/** Defines `owner`'s mosaic of `nonce` (restrictable unless told), mints 1 000 000 to it and confirms both. */
async function mosaic(owner: ChainAccount, nonce: number, flags = SUPPLY_MUTABLE | TRANSFERABLE | RESTRICTABLE): Promise<bigint> {
  const id = mosaicIdOf(owner, nonce);
  await accept(signed(owner, { type: 'mosaic_definition_transaction_v1', nonce, flags, divisibility: 0, duration: 0n }), owner);
  await accept(signed(owner, { type: 'mosaic_supply_change_transaction_v1', mosaicId: id, action: 'increase', delta: 1_000_000n }), owner);
  chain.harvest();
  return id;
}

interface GlobalChange {
  key?: bigint;
  previous?: [value: bigint, type: RuleType];
  next: [value: bigint, type: RuleType];
  reference?: bigint;
}

function globalRestriction(signer: ChainAccount, mosaicId: bigint, { key = KYC, previous = [0n, 'none'], next, reference = 0n }: GlobalChange): Signed {
  return signed(signer, {
    type: 'mosaic_global_restriction_transaction_v1',
    mosaicId,
    referenceMosaicId: reference,
    restrictionKey: key,
    previousRestrictionValue: previous[0],
    previousRestrictionType: previous[1],
    newRestrictionValue: next[0],
    newRestrictionType: next[1],
  });
}

function addressRestriction(signer: ChainAccount, mosaicId: bigint, target: ChainAccount | InstanceType<typeof Address>, next: bigint, previous = UNSET, key = KYC): Signed {
  const targetAddress = target instanceof Address ? target : new Address(target.address);
  return signed(signer, { type: 'mosaic_address_restriction_transaction_v1', mosaicId, restrictionKey: key, targetAddress, previousRestrictionValue: previous, newRestrictionValue: next });
}

function send(from: ChainAccount, to: ChainAccount | InstanceType<typeof Address>, mosaicId: bigint, amount = 10n): Signed {
  const recipientAddress = to instanceof Address ? to : new Address(to.address);
  return signed(from, { type: 'transfer_transaction_v1', recipientAddress, mosaics: [{ mosaicId, amount }] });
}

async function restrictions(query: string): Promise<any[]> {
  const reply = await server.get(`/restrictions/mosaic?pageSize=100&order=asc&${query}`);
  expect(reply.status).toBe(200);
  return reply.body.data.map((entry: any) => entry.mosaicRestrictionEntry);
}

function aliasAddress(namespaceId: bigint): InstanceType<typeof Address> {
  return Address.fromNamespaceId(new models.NamespaceId(namespaceId), chain.facade.network.identifier);
}

describe('mosaic global restriction', () => {
  it('lets the owner of a restrictable mosaic set, change and remove rules; an entry left without rules is gone', async () => {
    await start();
    const id = await mosaic(a, 1);
    await accept(globalRestriction(a, id, { next: [1n, 'eq'] }), a);
    await accept(globalRestriction(a, id, { key: AGE, next: [18n, 'ge'] }), a);
    chain.harvest();
    const [entry] = await restrictions(`mosaicId=${hex(id)}`);
    expect(entry).toMatchObject({
      entryType: 1,
      mosaicId: hex(id),
      restrictions: [
        { key: KYC.toString(), restriction: { referenceMosaicId: '0000000000000000', restrictionValue: '1', restrictionType: 1 } },
        { key: AGE.toString(), restriction: { referenceMosaicId: '0000000000000000', restrictionValue: '18', restrictionType: 6 } },
      ].sort((x, y) => (BigInt(x.key) < BigInt(y.key) ? -1 : 1)),
    });
    // Changes on the unconfirmed state follow each other within a block.
    await accept(globalRestriction(a, id, { key: AGE, previous: [18n, 'ge'], next: [21n, 'gt'] }), a);
    await accept(globalRestriction(a, id, { previous: [1n, 'eq'], next: [0n, 'none'] }), a);
    chain.harvest();
    expect((await restrictions(`mosaicId=${hex(id)}`))[0].restrictions).toEqual([
      { key: AGE.toString(), restriction: { referenceMosaicId: '0000000000000000', restrictionValue: '21', restrictionType: 5 } },
    ]);
    await accept(globalRestriction(a, id, { key: AGE, previous: [21n, 'gt'], next: [0n, 'none'] }), a);
    chain.harvest();
    expect(await restrictions(`mosaicId=${hex(id)}`)).toEqual([]);
    expect((await server.get(`/restrictions/mosaic/${entry.compositeHash}`)).status).toBe(404);
  });

  it('requires an active mosaic of the signer with the restrictable flag (Failure_Mosaic_Expired, _Owner_Conflict, _Required_Property_Flag_Unset)', async () => {
    await start();
    const plain = await mosaic(a, 1, SUPPLY_MUTABLE | TRANSFERABLE);
    const restrictable = await mosaic(a, 2);
    expect(await announce(globalRestriction(a, mosaicIdOf(a, 9), { next: [1n, 'eq'] }), a)).toBe('Failure_Mosaic_Expired');
    expect(await announce(globalRestriction(b, restrictable, { next: [1n, 'eq'] }), b)).toBe('Failure_Mosaic_Owner_Conflict');
    expect(await announce(globalRestriction(a, plain, { next: [1n, 'eq'] }), a)).toBe('Failure_Mosaic_Required_Property_Flag_Unset');
    await accept(globalRestriction(a, restrictable, { next: [1n, 'eq'] }), a);
    expect(await announce(addressRestriction(a, mosaicIdOf(a, 9), b, 1n), a)).toBe('Failure_Mosaic_Expired');
    expect(await announce(addressRestriction(b, restrictable, b, 1n), b)).toBe('Failure_Mosaic_Owner_Conflict');
    expect(await announce(addressRestriction(a, plain, b, 1n), a)).toBe('Failure_Mosaic_Required_Property_Flag_Unset');
  });

  it('checks the previous value and type: Failure_RestrictionMosaic_Previous_Value_Must_Be_Zero for a new rule, _Previous_Value_Mismatch for an existing one', async () => {
    await start();
    const id = await mosaic(a, 1);
    const other = await mosaic(a, 2);
    expect(await announce(globalRestriction(a, id, { previous: [1n, 'none'], next: [1n, 'eq'] }), a)).toBe('Failure_RestrictionMosaic_Previous_Value_Must_Be_Zero');
    expect(await announce(globalRestriction(a, id, { previous: [0n, 'eq'], next: [1n, 'eq'] }), a)).toBe('Failure_RestrictionMosaic_Previous_Value_Must_Be_Zero');
    await accept(globalRestriction(a, id, { next: [1n, 'eq'] }), a);
    await accept(globalRestriction(a, other, { next: [5n, 'ge'] }), a);
    expect(await announce(globalRestriction(a, id, { previous: [0n, 'none'], next: [2n, 'eq'] }), a)).toBe('Failure_RestrictionMosaic_Previous_Value_Mismatch');
    expect(await announce(globalRestriction(a, id, { previous: [2n, 'eq'], next: [2n, 'eq'] }), a)).toBe('Failure_RestrictionMosaic_Previous_Value_Mismatch');
    expect(await announce(globalRestriction(a, id, { previous: [1n, 'ne'], next: [2n, 'eq'] }), a)).toBe('Failure_RestrictionMosaic_Previous_Value_Mismatch');
    // The previous rule is compared with the transaction's reference mosaic: a change of reference does not match.
    expect(await announce(globalRestriction(a, id, { previous: [1n, 'eq'], next: [2n, 'eq'], reference: other }), a)).toBe('Failure_RestrictionMosaic_Previous_Value_Mismatch');
    await accept(globalRestriction(a, id, { previous: [1n, 'eq'], next: [2n, 'eq'] }), a);
  });

  it('refuses to remove a rule that does not exist with Failure_RestrictionMosaic_Cannot_Delete_Nonexistent_Restriction', async () => {
    await start();
    const id = await mosaic(a, 1);
    expect(await announce(globalRestriction(a, id, { next: [0n, 'none'] }), a)).toBe('Failure_RestrictionMosaic_Cannot_Delete_Nonexistent_Restriction');
    await accept(globalRestriction(a, id, { next: [1n, 'eq'] }), a);
    expect(await announce(globalRestriction(a, id, { key: AGE, next: [0n, 'none'] }), a)).toBe('Failure_RestrictionMosaic_Cannot_Delete_Nonexistent_Restriction');
  });

  it('holds at most maxMosaicRestrictionValues rules (Failure_RestrictionMosaic_Max_Restrictions_Exceeded); changing one at the limit is allowed', async () => {
    await start({ maxMosaicRestrictionValues: 2 });
    const id = await mosaic(a, 1);
    await accept(globalRestriction(a, id, { key: 1n, next: [1n, 'eq'] }), a);
    await accept(globalRestriction(a, id, { key: 2n, next: [1n, 'eq'] }), a);
    expect(await announce(globalRestriction(a, id, { key: 3n, next: [1n, 'eq'] }), a)).toBe('Failure_RestrictionMosaic_Max_Restrictions_Exceeded');
    await accept(globalRestriction(a, id, { key: 2n, previous: [1n, 'eq'], next: [7n, 'ne'] }), a);
    expect((await server.get('/network/properties')).body.plugins.restrictionmosaic).toEqual({ maxMosaicRestrictionValues: '2' });
  });

  it('requires the reference mosaic to have the rule’s key (Failure_RestrictionMosaic_Unknown_Global_Restriction)', async () => {
    await start();
    const id = await mosaic(a, 1);
    const reference = await mosaic(b, 1);
    expect(await announce(globalRestriction(a, id, { next: [1n, 'eq'], reference }), a)).toBe('Failure_RestrictionMosaic_Unknown_Global_Restriction');
    await accept(globalRestriction(b, reference, { next: [0n, 'ne'] }), b);
    // Another account's mosaic may serve as the reference: its owner's values decide.
    await accept(globalRestriction(a, id, { next: [1n, 'eq'], reference }), a);
    chain.harvest();
    expect((await restrictions(`mosaicId=${hex(id)}`))[0].restrictions).toEqual([
      { key: KYC.toString(), restriction: { referenceMosaicId: hex(reference), restrictionValue: '1', restrictionType: 1 } },
    ]);
  });
});

describe('mosaic address restriction', () => {
  it('sets, changes and removes an address’s values; requires the key in the mosaic’s global restriction (Failure_RestrictionMosaic_Unknown_Global_Restriction)', async () => {
    await start();
    const id = await mosaic(a, 1);
    expect(await announce(addressRestriction(a, id, b, 1n), a)).toBe('Failure_RestrictionMosaic_Unknown_Global_Restriction');
    await accept(globalRestriction(a, id, { next: [1n, 'eq'] }), a);
    await accept(addressRestriction(a, id, b, 1n), a);
    chain.harvest();
    const [entry] = await restrictions(`mosaicId=${hex(id)}&entryType=0`);
    expect(entry).toMatchObject({ entryType: 0, mosaicId: hex(id), targetAddress: b.addressHex, restrictions: [{ key: KYC.toString(), value: '1' }] });
    await accept(addressRestriction(a, id, b, 5n, 1n), a);
    chain.harvest();
    expect((await server.get(`/restrictions/mosaic/${entry.compositeHash}`)).body.mosaicRestrictionEntry.restrictions).toEqual([{ key: KYC.toString(), value: '5' }]);
    await accept(addressRestriction(a, id, b, UNSET, 5n), a);
    chain.harvest();
    expect((await server.get(`/restrictions/mosaic/${entry.compositeHash}`)).status).toBe(404);
  });

  it('checks the previous value (Failure_RestrictionMosaic_Previous_Value_Must_Be_Zero, _Previous_Value_Mismatch) and refuses to remove a value that does not exist', async () => {
    await start();
    const id = await mosaic(a, 1);
    await accept(globalRestriction(a, id, { next: [1n, 'eq'] }), a);
    expect(await announce(addressRestriction(a, id, b, 1n, 0n), a)).toBe('Failure_RestrictionMosaic_Previous_Value_Must_Be_Zero');
    expect(await announce(addressRestriction(a, id, b, UNSET, UNSET), a)).toBe('Failure_RestrictionMosaic_Cannot_Delete_Nonexistent_Restriction');
    await accept(addressRestriction(a, id, b, 1n), a);
    expect(await announce(addressRestriction(a, id, b, 2n, 3n), a)).toBe('Failure_RestrictionMosaic_Previous_Value_Mismatch');
    expect(await announce(addressRestriction(a, id, b, 2n), a)).toBe('Failure_RestrictionMosaic_Previous_Value_Mismatch');
  });

  it('holds at most maxMosaicRestrictionValues values per address (Failure_RestrictionMosaic_Max_Restrictions_Exceeded)', async () => {
    await start({ maxMosaicRestrictionValues: 2 });
    const id = await mosaic(a, 1);
    await accept(globalRestriction(a, id, { key: 1n, next: [1n, 'eq'] }), a);
    await accept(globalRestriction(a, id, { key: 2n, next: [1n, 'eq'] }), a);
    await accept(addressRestriction(a, id, b, 1n, UNSET, 1n), a);
    await accept(addressRestriction(a, id, b, 1n, UNSET, 2n), a);
    // A global rule removed and another added: the address keeps its two values, and a third is too many.
    await accept(globalRestriction(a, id, { key: 2n, previous: [1n, 'eq'], next: [0n, 'none'] }), a);
    await accept(globalRestriction(a, id, { key: 3n, next: [1n, 'eq'] }), a);
    expect(await announce(addressRestriction(a, id, b, 1n, UNSET, 3n), a)).toBe('Failure_RestrictionMosaic_Max_Restrictions_Exceeded');
    // A value of a key the global restriction no longer has can not even be removed.
    expect(await announce(addressRestriction(a, id, b, UNSET, 1n, 2n), a)).toBe('Failure_RestrictionMosaic_Unknown_Global_Restriction');
    await accept(addressRestriction(a, id, b, UNSET, 1n, 1n), a);
    await accept(addressRestriction(a, id, b, 1n, UNSET, 3n), a);
  });

  it('resolves a mosaic alias and an address alias: the entry holds the mosaic id and the address they stand for', async () => {
    await start({ minNamespaceDuration: 10n });
    const id = await mosaic(a, 1);
    const token = generateNamespaceId('token');
    const holder = generateNamespaceId('holder');
    await accept(signed(a, { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: 100n, name: 'token' }), a);
    await accept(signed(a, { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: 100n, name: 'holder' }), a);
    chain.harvest();
    await accept(signed(a, { type: 'mosaic_alias_transaction_v1', namespaceId: token, mosaicId: id, aliasAction: 'link' }), a);
    await accept(signed(a, { type: 'address_alias_transaction_v1', namespaceId: holder, address: new Address(b.address), aliasAction: 'link' }), a);
    chain.harvest();
    await accept(globalRestriction(a, token, { next: [1n, 'eq'] }), a);
    await accept(addressRestriction(a, token, aliasAddress(holder), 1n), a);
    const block = chain.harvest();
    const [global] = await restrictions(`mosaicId=${hex(id)}&entryType=1`);
    expect(global.restrictions.map((rule: any) => rule.key)).toEqual([KYC.toString()]);
    const [values] = await restrictions(`targetAddress=${b.address}`);
    expect(values).toMatchObject({ mosaicId: hex(id), targetAddress: b.addressHex, restrictions: [{ key: KYC.toString(), value: '1' }] });
    // Both resolutions are in the block's resolution statements.
    const mosaicResolutions = (await server.get(`/statements/resolutions/mosaic?height=${block.block.height}`)).body.data;
    expect(mosaicResolutions.map((entry: any) => [entry.statement.unresolved, entry.statement.resolutionEntries[0].resolved])).toEqual([[hex(token), hex(id)]]);
    const addressResolutions = (await server.get(`/statements/resolutions/address?height=${block.block.height}`)).body.data;
    expect(addressResolutions.map((entry: any) => entry.statement.resolutionEntries[0].resolved)).toEqual([b.addressHex]);
    // The previous value is read through the aliases too.
    expect(await announce(addressRestriction(a, id, b, 2n), a)).toBe('Failure_RestrictionMosaic_Previous_Value_Mismatch');
    await accept(addressRestriction(a, id, b, 2n, 1n), a);
  });
});

describe('transfers of a restricted mosaic', () => {
  it('needs the sender and the recipient to pass every rule (Failure_RestrictionMosaic_Account_Unauthorized); the owner is not exempt', async () => {
    await start();
    const id = await mosaic(a, 1);
    await accept(send(a, b, id), a);
    await accept(globalRestriction(a, id, { next: [1n, 'eq'] }), a);
    chain.harvest();
    expect(await announce(send(a, b, id), a)).toBe('Failure_RestrictionMosaic_Account_Unauthorized');
    await accept(addressRestriction(a, id, b, 1n), a);
    // The recipient passes; the sender, the owner, has no value.
    expect(await announce(send(a, b, id), a)).toBe('Failure_RestrictionMosaic_Account_Unauthorized');
    expect(await announce(send(b, c, id), b)).toBe('Failure_RestrictionMosaic_Account_Unauthorized');
    await accept(addressRestriction(a, id, a, 1n), a);
    await accept(send(a, b, id), a);
    await accept(addressRestriction(a, id, c, 2n), a);
    expect(await announce(send(b, c, id), b)).toBe('Failure_RestrictionMosaic_Account_Unauthorized');
    await accept(addressRestriction(a, id, c, 1n, 2n), a);
    await accept(send(b, c, id), b);
    chain.harvest();
    expect(chain.ledger.balance(c.addressHex, hex(id))).toBe(10n);
    // Other mosaics move freely.
    await accept(send(b, c, BigInt(`0x${chain.currency.mosaicId}`), 1n), b);
  });

  it('compares the account’s value as catapult does for each rule type; an account without a value passes only NE', async () => {
    await start();
    const id = await mosaic(a, 1);
    let current: [bigint, RuleType] = [0n, 'none'];
    const rule = async (value: bigint, type: RuleType) => {
      await accept(globalRestriction(a, id, { previous: current, next: [value, type] }), a);
      current = [value, type];
    };
    await rule(4n, 'ne');
    // Neither a nor b has a value yet: NE passes.
    await accept(send(a, b, id, 1n), a);
    await rule(4n, 'eq');
    expect(await announce(send(a, b, id, 1n), a)).toBe('Failure_RestrictionMosaic_Account_Unauthorized');
    await rule(4n, 'ge');
    expect(await announce(send(a, b, id, 1n), a)).toBe('Failure_RestrictionMosaic_Account_Unauthorized');
    await accept(addressRestriction(a, id, a, 5n), a);
    await accept(addressRestriction(a, id, b, 5n), a);
    const cases: [bigint, RuleType, boolean][] = [
      [5n, 'eq', true], [4n, 'eq', false],
      [4n, 'ne', true], [5n, 'ne', false],
      [6n, 'lt', true], [5n, 'lt', false],
      [5n, 'le', true], [4n, 'le', false],
      [4n, 'gt', true], [5n, 'gt', false],
      [5n, 'ge', true], [6n, 'ge', false],
    ];
    const outcomes = [];
    for (const [value, type] of cases) {
      await rule(value, type);
      outcomes.push([value, type, (await announce(send(a, b, id, 1n), a)) === 'Success']);
    }
    expect(outcomes).toEqual(cases);
  });

  it('reads the values of the reference mosaic for a rule that names one', async () => {
    await start();
    const id = await mosaic(a, 1);
    const reference = await mosaic(b, 1);
    await accept(globalRestriction(b, reference, { next: [0n, 'ne'] }), b);
    await accept(globalRestriction(a, id, { next: [1n, 'eq'], reference }), a);
    // Values of the restricted mosaic itself do not count.
    await accept(globalRestriction(a, id, { key: AGE, next: [0n, 'ne'] }), a);
    await accept(addressRestriction(a, id, a, 1n), a);
    await accept(addressRestriction(a, id, c, 1n), a);
    expect(await announce(send(a, c, id), a)).toBe('Failure_RestrictionMosaic_Account_Unauthorized');
    // The reference mosaic's owner sets them.
    await accept(addressRestriction(b, reference, a, 1n), b);
    await accept(addressRestriction(b, reference, c, 1n), b);
    await accept(send(a, c, id), a);
  });

  it('checks a transfer to an address alias against the address it stands for, and a revocation against its source', async () => {
    await start({ minNamespaceDuration: 10n });
    const id = await mosaic(a, 1, SUPPLY_MUTABLE | TRANSFERABLE | RESTRICTABLE | 8);
    const holder = generateNamespaceId('holder');
    await accept(send(a, b, id), a);
    await accept(signed(a, { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: 100n, name: 'holder' }), a);
    chain.harvest();
    await accept(signed(a, { type: 'address_alias_transaction_v1', namespaceId: holder, address: new Address(c.address), aliasAction: 'link' }), a);
    await accept(globalRestriction(a, id, { next: [1n, 'eq'] }), a);
    await accept(addressRestriction(a, id, a, 1n), a);
    chain.harvest();
    expect(await announce(send(a, aliasAddress(holder), id), a)).toBe('Failure_RestrictionMosaic_Account_Unauthorized');
    // A revocation moves the mosaic from b to the owner: b needs a value too.
    const revoke = () => signed(a, { type: 'mosaic_supply_revocation_transaction_v1', sourceAddress: new Address(b.address), mosaic: { mosaicId: id, amount: 1n } });
    expect(await announce(revoke(), a)).toBe('Failure_RestrictionMosaic_Account_Unauthorized');
    await accept(addressRestriction(a, id, c, 1n), a);
    await accept(send(a, aliasAddress(holder), id), a);
    await accept(addressRestriction(a, id, b, 1n), a);
    await accept(revoke(), a);
  });

  it('leaves nothing of an aggregate whose transfer is refused: its restrictions are not set', async () => {
    await start();
    const id = await mosaic(a, 1);
    const embedded = (descriptor: Record<string, unknown>) => chain.facade.transactionFactory.createEmbedded({ ...descriptor, signerPublicKey: a.keyPair.publicKey } as never);
    const inner = [
      embedded({ type: 'mosaic_global_restriction_transaction_v1', mosaicId: id, referenceMosaicId: 0n, restrictionKey: KYC, previousRestrictionValue: 0n, previousRestrictionType: 'none', newRestrictionValue: 1n, newRestrictionType: 'eq' }),
      embedded({ type: 'mosaic_address_restriction_transaction_v1', mosaicId: id, restrictionKey: KYC, targetAddress: new Address(b.address), previousRestrictionValue: UNSET, newRestrictionValue: 1n }),
      embedded({ type: 'transfer_transaction_v1', recipientAddress: new Address(b.address), mosaics: [{ mosaicId: id, amount: 1n }] }),
    ];
    expect(await announce(aggregate(chain, 'complete', a, inner), a)).toBe('Failure_RestrictionMosaic_Account_Unauthorized');
    chain.harvest();
    expect(await restrictions(`mosaicId=${hex(id)}`)).toEqual([]);
    // With the owner's own value set first, the same aggregate passes.
    const allowed = [...inner.slice(0, 2), embedded({ type: 'mosaic_address_restriction_transaction_v1', mosaicId: id, restrictionKey: KYC, targetAddress: new Address(a.address), previousRestrictionValue: UNSET, newRestrictionValue: 1n }), inner[2]];
    await accept(aggregate(chain, 'complete', a, allowed), a);
    chain.harvest();
    expect((await restrictions(`mosaicId=${hex(id)}`)).map((entry) => entry.entryType)).toEqual([1, 0, 0]);
  });
});
