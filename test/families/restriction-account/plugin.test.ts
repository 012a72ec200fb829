/**
 * The account restriction plugin of the in-memory chain, as catapult's restriction_account
 * plugin behaves: real signed address, mosaic and operation restrictions announced over HTTP,
 * their outcome read on the signer's `status` and `unconfirmedAdded` channels, confirmed by a
 * harvest and read back through `/restrictions/account/{address}`; and their enforcement on
 * transfers, balance transfers and the transactions an account signs.
 */
import { Address, generateNamespaceId, models } from 'symbol-sdk/symbol';
import { describe, expect, it } from 'vitest';
import type { ChainAccount } from '../../../src/memory/chain/identity.js';
import type { InMemoryChain } from '../../../src/in-memory-chain.js';
import { pluginHarness } from '../../support/announce.js';
import { startGateway } from '../../support/server.js';
import { XYM_ALIAS, aggregate, embeddedTransfer, transfer, type Signed } from '../../support/signing.js';

type Server = Awaited<ReturnType<typeof startGateway>>;

/** Account restriction flags. */
const ADDRESS = 0x0001;
const MOSAIC = 0x0002;
const OPERATION = 0x0004;
const OUTGOING = 0x4000;
const BLOCK = 0x8000;
/** Transaction types. */
const TRANSFER = models.TransactionType.TRANSFER.value;
const OPERATION_RESTRICTION = models.TransactionType.ACCOUNT_OPERATION_RESTRICTION.value;
const MOSAIC_DEFINITION = models.TransactionType.MOSAIC_DEFINITION.value;
const AGGREGATE_COMPLETE = models.TransactionType.AGGREGATE_COMPLETE.value;

let server: Server;
let chain: InMemoryChain;
let a: ChainAccount;
let b: ChainAccount;
let c: ChainAccount;

const { start, signed, announce, accept, confirmOne } = pluginHarness((started) => {
  server = started;
  chain = started.chain;
  [a, b, c] = chain.fundedAccounts;
});

function addressRestriction(signer: ChainAccount, flags: number, additions: readonly ChainAccount[], deletions: readonly ChainAccount[] = []): Signed {
  return signed(signer, {
    type: 'account_address_restriction_transaction_v1',
    restrictionFlags: flags,
    restrictionAdditions: additions.map((account) => account.address),
    restrictionDeletions: deletions.map((account) => account.address),
  });
}

function mosaicRestriction(signer: ChainAccount, flags: number, additions: readonly bigint[], deletions: readonly bigint[] = []): Signed {
  return signed(signer, { type: 'account_mosaic_restriction_transaction_v1', restrictionFlags: flags, restrictionAdditions: additions, restrictionDeletions: deletions });
}

function operationRestriction(signer: ChainAccount, flags: number, additions: readonly number[], deletions: readonly number[] = []): Signed {
  return signed(signer, { type: 'account_operation_restriction_transaction_v1', restrictionFlags: flags, restrictionAdditions: additions, restrictionDeletions: deletions });
}

async function restrictionsOf(account: ChainAccount): Promise<any[] | undefined> {
  const reply = await server.get(`/restrictions/account/${account.address}`);
  if (reply.status === 404) return undefined;
  expect(reply.status).toBe(200);
  return reply.body.accountRestrictions.restrictions;
}

describe('account address restrictions', () => {
  it('blocks incoming transfers from a blocked sender with Failure_RestrictionAccount_Address_Interaction_Prohibited; others still send', async () => {
    await start();
    await confirmOne(addressRestriction(a, ADDRESS | BLOCK, [b]), a);
    expect(await restrictionsOf(a)).toEqual([{ restrictionFlags: ADDRESS | BLOCK, values: [b.addressHex] }]);

    const blocked = transfer(chain, b, a);
    expect(await announce(blocked, b)).toBe('Failure_RestrictionAccount_Address_Interaction_Prohibited');
    expect((await server.get(`/transactionStatus/${blocked.hash}`)).body).toMatchObject({ group: 'failed', code: 'Failure_RestrictionAccount_Address_Interaction_Prohibited' });
    await accept(transfer(chain, c, a), c);
    // Outgoing is not restricted by an incoming restriction.
    await accept(transfer(chain, a, b), a);
  });

  it('lets only allowed senders in with an allow list, and an allowed account out only to allowed recipients with an outgoing one', async () => {
    await start();
    await confirmOne(addressRestriction(a, ADDRESS, [b]), a);
    await accept(transfer(chain, b, a), b);
    expect(await announce(transfer(chain, c, a), c)).toBe('Failure_RestrictionAccount_Address_Interaction_Prohibited');

    await confirmOne(addressRestriction(c, ADDRESS | OUTGOING | BLOCK, [b]), c);
    expect(await announce(transfer(chain, c, b), c)).toBe('Failure_RestrictionAccount_Address_Interaction_Prohibited');
    // b still sends to c: c blocks only its outgoing interactions with b.
    await accept(transfer(chain, b, c), b);
    expect(await restrictionsOf(c)).toEqual([{ restrictionFlags: ADDRESS | OUTGOING | BLOCK, values: [b.addressHex] }]);
  });

  it('applies to an embedded transfer in an aggregate', async () => {
    await start();
    await confirmOne(addressRestriction(a, ADDRESS | BLOCK, [b]), a);
    const bundle = aggregate(chain, 'complete', b, [embeddedTransfer(chain, b, a)]);
    expect(await announce(bundle, b)).toBe('Failure_RestrictionAccount_Address_Interaction_Prohibited');
  });

  it('applies to a secret lock for a blocked recipient and to a blocked account made a cosignatory, as catapult publishes their address interactions', async () => {
    await start();
    await confirmOne(addressRestriction(a, ADDRESS | BLOCK, [b]), a);
    const lock = signed(b, {
      type: 'secret_lock_transaction_v1',
      recipientAddress: new Address(a.address),
      secret: 'AB'.repeat(32),
      mosaic: { mosaicId: XYM_ALIAS, amount: 1_000_000n },
      duration: 100n,
      hashAlgorithm: 'sha3_256',
    });
    expect(await announce(lock, b)).toBe('Failure_RestrictionAccount_Address_Interaction_Prohibited');
    // b may not make a its cosignatory either (a cosigns, yet a blocks b).
    const modification = chain.facade.transactionFactory.createEmbedded({
      type: 'multisig_account_modification_transaction_v1',
      signerPublicKey: b.keyPair.publicKey,
      minApprovalDelta: 1,
      minRemovalDelta: 1,
      addressAdditions: [new Address(a.address)],
      addressDeletions: [],
    } as never);
    expect(await announce(aggregate(chain, 'complete', b, [modification], { cosigners: [a] }), b)).toBe('Failure_RestrictionAccount_Address_Interaction_Prohibited');
    // c, not blocked, may do both.
    await accept(signed(c, { type: 'secret_lock_transaction_v1', recipientAddress: new Address(a.address), secret: 'CD'.repeat(32), mosaic: { mosaicId: XYM_ALIAS, amount: 1_000_000n }, duration: 100n, hashAlgorithm: 'sha3_256' }), c);
  });

  it('rejects blocking the signer’s own address with Failure_RestrictionAccount_Invalid_Modification_Address', async () => {
    await start();
    expect(await announce(addressRestriction(a, ADDRESS | BLOCK, [a]), a)).toBe('Failure_RestrictionAccount_Invalid_Modification_Address');
    expect(await announce(addressRestriction(a, ADDRESS | OUTGOING, [b, a]), a)).toBe('Failure_RestrictionAccount_Invalid_Modification_Address');
    chain.harvest();
    expect(await restrictionsOf(a)).toBeUndefined();
  });

  it('deletes values; an account whose restrictions are all empty has none (404)', async () => {
    await start();
    await confirmOne(addressRestriction(a, ADDRESS | BLOCK, [b, c]), a);
    const sorted = [b.addressHex, c.addressHex].sort();
    expect(await restrictionsOf(a)).toEqual([{ restrictionFlags: ADDRESS | BLOCK, values: sorted }]);
    await confirmOne(addressRestriction(a, ADDRESS | BLOCK, [], [b]), a);
    expect(await restrictionsOf(a)).toEqual([{ restrictionFlags: ADDRESS | BLOCK, values: [c.addressHex] }]);
    await accept(transfer(chain, b, a), b);
    await confirmOne(addressRestriction(a, ADDRESS | BLOCK, [], [c]), a);
    expect(await restrictionsOf(a)).toBeUndefined();
    await accept(transfer(chain, c, a), c);
  });
});

describe('address aliases', () => {
  it('stores an alias value as the address it names, refuses the signer’s own alias, and checks a transfer to an alias against the account it names', async () => {
    await start({ minNamespaceDuration: 10n });
    const holder = generateNamespaceId('holder');
    await confirmOne(signed(a, { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: 100n, name: 'holder' }), a);
    await confirmOne(signed(a, { type: 'address_alias_transaction_v1', namespaceId: holder, address: c.address, aliasAction: 'link' }), a);
    const alias = Address.fromNamespaceId(new models.NamespaceId(holder), chain.facade.network.identifier);
    const byAlias = (signer: ChainAccount, flags: number) =>
      signed(signer, { type: 'account_address_restriction_transaction_v1', restrictionFlags: flags, restrictionAdditions: [alias], restrictionDeletions: [] });

    await confirmOne(byAlias(b, ADDRESS | BLOCK), b);
    expect(await restrictionsOf(b)).toEqual([{ restrictionFlags: ADDRESS | BLOCK, values: [c.addressHex] }]);
    expect(await announce(transfer(chain, c, b), c)).toBe('Failure_RestrictionAccount_Address_Interaction_Prohibited');
    expect(await announce(byAlias(c, ADDRESS | BLOCK), c)).toBe('Failure_RestrictionAccount_Invalid_Modification_Address');

    await confirmOne(addressRestriction(c, ADDRESS | BLOCK, [a]), c);
    const toAlias = signed(a, { type: 'transfer_transaction_v1', recipientAddress: alias, mosaics: [{ mosaicId: XYM_ALIAS, amount: 1n }] });
    expect(await announce(toAlias, a)).toBe('Failure_RestrictionAccount_Address_Interaction_Prohibited');
  });

  it('does not stop a mosaic revocation: catapult publishes no address interaction for it', async () => {
    await start();
    const nonce = 5;
    await confirmOne(signed(a, { type: 'mosaic_definition_transaction_v1', nonce, flags: 'supply_mutable transferable revokable', divisibility: 0, duration: 0n }), a);
    const id = BigInt(`0x${(await server.get(`/mosaics?ownerAddress=${a.address}`)).body.data[0].mosaic.id}`);
    await confirmOne(signed(a, { type: 'mosaic_supply_change_transaction_v1', mosaicId: id, action: 'increase', delta: 100n }), a);
    await confirmOne(transfer(chain, a, b, { mosaicId: id, amount: 10n }), a);
    await confirmOne(addressRestriction(b, ADDRESS | OUTGOING | BLOCK, [a]), b);
    await confirmOne(addressRestriction(a, ADDRESS | BLOCK, [b]), a);
    await accept(signed(a, { type: 'mosaic_supply_revocation_transaction_v1', sourceAddress: new Address(b.address), mosaic: { mosaicId: id, amount: 4n } }), a);
    expect(await announce(transfer(chain, b, a, { mosaicId: id, amount: 1n }), b)).toBe('Failure_RestrictionAccount_Address_Interaction_Prohibited');
  });
});

describe('modification rules', () => {
  it('rejects flags of no restriction with Failure_RestrictionAccount_Invalid_Restriction_Flags', async () => {
    await start();
    // Mosaics are restricted incoming only, transaction types outgoing only; one kind at a time.
    expect(await announce(mosaicRestriction(a, MOSAIC | OUTGOING, [1n]), a)).toBe('Failure_RestrictionAccount_Invalid_Restriction_Flags');
    expect(await announce(operationRestriction(a, OPERATION | BLOCK, [TRANSFER]), a)).toBe('Failure_RestrictionAccount_Invalid_Restriction_Flags');
    expect(await announce(addressRestriction(a, ADDRESS | MOSAIC, [b]), a)).toBe('Failure_RestrictionAccount_Invalid_Restriction_Flags');
    expect(await announce(addressRestriction(a, 0x0008, [b]), a)).toBe('Failure_RestrictionAccount_Invalid_Restriction_Flags');
  });

  it('rejects flags of another kind than the transaction’s values with Failure_RestrictionAccount_Modification_Operation_Type_Incompatible', async () => {
    await start();
    expect(await announce(addressRestriction(a, MOSAIC | BLOCK, [b]), a)).toBe('Failure_RestrictionAccount_Modification_Operation_Type_Incompatible');
    expect(await announce(mosaicRestriction(a, ADDRESS, [1n]), a)).toBe('Failure_RestrictionAccount_Modification_Operation_Type_Incompatible');
  });

  it('answers 409 at once for a transaction type that is no transaction’s: such a payload does not decode (Failure_RestrictionAccount_Invalid_Value is out of reach)', async () => {
    await start();
    // 0x8143 is a block's type; symbol-sdk's TransactionType knows transaction types only.
    for (const type of [0x8143, 0x0001]) {
      const reply = await server.request('PUT', '/transactions', { body: operationRestriction(a, OPERATION | OUTGOING | BLOCK, [type]).body, headers: { 'content-type': 'application/json' } });
      expect(reply.status).toBe(409);
      expect(reply.body.code).toBe('InvalidArgument');
    }
  });

  it('rejects a value given twice with Failure_RestrictionAccount_Redundant_Modification', async () => {
    await start();
    expect(await announce(addressRestriction(a, ADDRESS | BLOCK, [b, b]), a)).toBe('Failure_RestrictionAccount_Redundant_Modification');
    await confirmOne(addressRestriction(a, ADDRESS | BLOCK, [b]), a);
    expect(await announce(addressRestriction(a, ADDRESS | BLOCK, [c], [c]), a)).toBe('Failure_RestrictionAccount_Redundant_Modification');
  });

  it('rejects impossible changes with Failure_RestrictionAccount_Invalid_Modification', async () => {
    await start();
    // Deletions from an account without restrictions.
    expect(await announce(addressRestriction(a, ADDRESS | BLOCK, [], [b]), a)).toBe('Failure_RestrictionAccount_Invalid_Modification');
    await confirmOne(addressRestriction(a, ADDRESS | BLOCK, [b]), a);
    // A value the restriction holds, one it does not, and allow values in a block list.
    expect(await announce(addressRestriction(a, ADDRESS | BLOCK, [b]), a)).toBe('Failure_RestrictionAccount_Invalid_Modification');
    expect(await announce(addressRestriction(a, ADDRESS | BLOCK, [], [c]), a)).toBe('Failure_RestrictionAccount_Invalid_Modification');
    expect(await announce(addressRestriction(a, ADDRESS, [c]), a)).toBe('Failure_RestrictionAccount_Invalid_Modification');
    expect(await announce(addressRestriction(a, ADDRESS, [], [b]), a)).toBe('Failure_RestrictionAccount_Invalid_Modification');
    // Another restriction of the same account is free to be an allow list.
    await accept(addressRestriction(a, ADDRESS | OUTGOING, [c]), a);
  });

  it('bounds additions plus deletions and the values of a restriction by maxAccountRestrictionValues', async () => {
    await start({ maxAccountRestrictionValues: 2 });
    expect((await server.get('/network/properties')).body.plugins.restrictionaccount.maxAccountRestrictionValues).toBe('2');
    const [d] = chain.fundedAccounts.slice(3);
    expect(await announce(addressRestriction(a, ADDRESS | BLOCK, [b, c, d]), a)).toBe('Failure_RestrictionAccount_Modification_Count_Exceeded');
    await confirmOne(addressRestriction(a, ADDRESS | BLOCK, [b, c]), a);
    expect(await announce(addressRestriction(a, ADDRESS | BLOCK, [d]), a)).toBe('Failure_RestrictionAccount_Values_Count_Exceeded');
    // Deleting more than a restriction holds counts below zero, as a node's unsigned count wraps.
    expect(await announce(mosaicRestriction(a, MOSAIC | BLOCK, [], [1n]), a)).toBe('Failure_RestrictionAccount_Values_Count_Exceeded');
    await accept(addressRestriction(a, ADDRESS | BLOCK, [d], [b]), a);
  });

  it('accepts a restriction transaction without values, which changes nothing', async () => {
    await start();
    await confirmOne(addressRestriction(a, ADDRESS | BLOCK, []), a);
    expect(await restrictionsOf(a)).toBeUndefined();
  });
});

describe('account mosaic restrictions', () => {
  it('refuses a blocked mosaic, named by its alias, with Failure_RestrictionAccount_Mosaic_Transfer_Prohibited', async () => {
    await start();
    const currency = BigInt(`0x${chain.currency.mosaicId}`);
    await confirmOne(mosaicRestriction(a, MOSAIC | BLOCK, [currency]), a);
    expect(await restrictionsOf(a)).toEqual([{ restrictionFlags: MOSAIC | BLOCK, values: [chain.currency.mosaicId] }]);
    expect(await announce(transfer(chain, b, a, { mosaicId: XYM_ALIAS }), b)).toBe('Failure_RestrictionAccount_Mosaic_Transfer_Prohibited');
    expect(await announce(transfer(chain, b, a, { mosaicId: currency }), b)).toBe('Failure_RestrictionAccount_Mosaic_Transfer_Prohibited');
    // a still sends it.
    await accept(transfer(chain, a, b), a);
  });

  it('lets only allowed mosaics in with an allow list, the alias resolved when stored', async () => {
    await start();
    await confirmOne(mosaicRestriction(a, MOSAIC, [XYM_ALIAS]), a);
    expect(await restrictionsOf(a)).toEqual([{ restrictionFlags: MOSAIC, values: [chain.currency.mosaicId] }]);
    await accept(transfer(chain, b, a), b);
    const other = 0x1234n;
    expect(await announce(transfer(chain, b, a, { mosaicId: other, amount: 0n }), b)).toBe('Failure_Mosaic_Expired');
  });
});

describe('account operation restrictions', () => {
  it('refuses a blocked transaction type with Failure_RestrictionAccount_Operation_Type_Prohibited', async () => {
    await start();
    await confirmOne(operationRestriction(a, OPERATION | OUTGOING | BLOCK, [TRANSFER]), a);
    expect(await restrictionsOf(a)).toEqual([{ restrictionFlags: OPERATION | OUTGOING | BLOCK, values: [TRANSFER] }]);
    expect(await announce(transfer(chain, a, b), a)).toBe('Failure_RestrictionAccount_Operation_Type_Prohibited');
    // Others' transfers to a are not a's operations.
    await accept(transfer(chain, b, a), b);
    // As on a node, only the top-level transaction's type is checked: a's transfer inside an aggregate passes.
    await accept(aggregate(chain, 'complete', a, [embeddedTransfer(chain, a, b)]), a);
    await confirmOne(operationRestriction(a, OPERATION | OUTGOING | BLOCK, [AGGREGATE_COMPLETE]), a);
    expect(await announce(aggregate(chain, 'complete', a, [embeddedTransfer(chain, a, b)]), a)).toBe('Failure_RestrictionAccount_Operation_Type_Prohibited');
  });

  it('keeps the account able to change its operation restriction (Failure_RestrictionAccount_Invalid_Modification)', async () => {
    await start();
    // Blocking the operation restriction type itself.
    expect(await announce(operationRestriction(a, OPERATION | OUTGOING | BLOCK, [OPERATION_RESTRICTION]), a)).toBe('Failure_RestrictionAccount_Invalid_Modification');
    // An allow list without it.
    expect(await announce(operationRestriction(a, OPERATION | OUTGOING, [TRANSFER]), a)).toBe('Failure_RestrictionAccount_Invalid_Modification');
    // With it first, other types follow.
    await confirmOne(operationRestriction(a, OPERATION | OUTGOING, [OPERATION_RESTRICTION, TRANSFER]), a);
    // Values in the order a node stores them: by their bytes, little-endian (0x4350 before 0x4154).
    expect(await restrictionsOf(a)).toEqual([{ restrictionFlags: OPERATION | OUTGOING, values: [OPERATION_RESTRICTION, TRANSFER] }]);
    expect(await announce(signed(a, { type: 'mosaic_definition_transaction_v1', nonce: 1, flags: 0, divisibility: 0, duration: 0n }), a)).toBe(
      'Failure_RestrictionAccount_Operation_Type_Prohibited',
    );
    // Deleting it from the allow list.
    expect(await announce(operationRestriction(a, OPERATION | OUTGOING, [], [OPERATION_RESTRICTION]), a)).toBe('Failure_RestrictionAccount_Invalid_Modification');
    await confirmOne(operationRestriction(a, OPERATION | OUTGOING, [MOSAIC_DEFINITION], [TRANSFER]), a);
    expect(await announce(transfer(chain, a, b), a)).toBe('Failure_RestrictionAccount_Operation_Type_Prohibited');
  });
});

describe('all or nothing', () => {
  it('leaves no restriction when a later value of the same transaction fails', async () => {
    await start();
    expect(await announce(addressRestriction(a, ADDRESS | BLOCK, [b, a]), a)).toBe('Failure_RestrictionAccount_Invalid_Modification_Address');
    chain.harvest();
    expect(await restrictionsOf(a)).toBeUndefined();
    await accept(transfer(chain, b, a), b);
  });
});
