/**
 * The mosaic plugin of the in-memory chain, as catapult's mosaic plugin behaves: real signed
 * definitions, supply changes and revocations announced over HTTP, their outcome read on
 * the signer's `status` and `unconfirmedAdded` channels, then confirmed by a harvest and
 * checked through the routes (`/mosaics`, `/accounts`, `/statements`) and `chain.ledger`.
 */
import { Address, generateMosaicId, generateNamespaceId, models } from 'symbol-sdk/symbol';
import { describe, expect, it } from 'vitest';
import type { ChainAccount } from '../../../src/memory/chain/identity.js';
import type { InMemoryChain } from '../../../src/in-memory-chain.js';
import { startGateway } from '../../support/server.js';
import { transfer, type Signed } from '../../support/signing.js';
import { hex, pluginHarness, unfundedAccount } from '../../support/announce.js';
import { Client } from '../../support/ws-client.js';

type Server = Awaited<ReturnType<typeof startGateway>>;

/** Receipt types (catapult's ReceiptType). */
const MOSAIC_RENTAL_FEE = 0x124d;
const MOSAIC_EXPIRED = 0x414d;
/** Mosaic flags. */
const SUPPLY_MUTABLE = 1;
const TRANSFERABLE = 2;
const REVOKABLE = 8;

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

const currency = () => chain.currency.mosaicId;

const newAccount = (label: string): ChainAccount => unfundedAccount(chain, label);

/** The id `owner`'s mosaic of `nonce` has (symbol-sdk's generateMosaicId). */
function mosaicIdOf(owner: ChainAccount, nonce: number): bigint {
  return generateMosaicId(chain.facade.network.publicKeyToAddress(owner.keyPair.publicKey), nonce);
}

interface Definition {
  nonce: number;
  flags?: number;
  divisibility?: number;
  duration?: bigint;
  id?: bigint;
}

/** A definition; symbol-sdk makes the id from the nonce and the signer, unless `id` is given to replace it. */
function definition(owner: ChainAccount, { nonce, flags = SUPPLY_MUTABLE | TRANSFERABLE, divisibility = 0, duration = 0n, id }: Definition): Signed {
  return signed(owner, { type: 'mosaic_definition_transaction_v1', nonce, flags, divisibility, duration }, (transaction) => {
    if (id !== undefined) transaction.id = new models.MosaicId(id);
  });
}

function supplyChange(owner: ChainAccount, mosaicId: bigint, action: 'increase' | 'decrease', delta: bigint): Signed {
  return signed(owner, { type: 'mosaic_supply_change_transaction_v1', mosaicId, action, delta });
}

function sendMosaic(from: ChainAccount, to: ChainAccount, mosaicId: bigint, amount: bigint): Signed {
  return transfer(chain, from, to, { mosaicId, amount });
}

/** Defines `owner`'s mosaic of `nonce`, mints `supply` to it (if any) and confirms both. */
async function mosaicWithSupply(owner: ChainAccount, nonce: number, supply: bigint, flags = SUPPLY_MUTABLE | TRANSFERABLE): Promise<bigint> {
  const id = mosaicIdOf(owner, nonce);
  await accept(definition(owner, { nonce, flags }), owner);
  chain.harvest();
  if (supply > 0n) {
    await accept(supplyChange(owner, id, 'increase', supply), owner);
    chain.harvest();
  }
  return id;
}

async function mosaicInfo(id: bigint): Promise<any> {
  const reply = await server.get(`/mosaics/${hex(id)}`);
  expect(reply.status).toBe(200);
  return reply.body.mosaic;
}

async function statementsAt(height: bigint): Promise<any[]> {
  return (await server.get(`/statements/transaction?height=${height}&pageSize=100`)).body.data;
}

describe('mosaic definition', () => {
  it('defines a mosaic whose id is made from the nonce and the owner (generateMosaicId), listed by GET /mosaics', async () => {
    await start();
    const id = mosaicIdOf(a, 42);
    const client = await Client.connect(server.wsUrl);
    await client.subscribe(`confirmedAdded/${a.address}`);
    const tx = definition(a, { nonce: 42, flags: SUPPLY_MUTABLE | TRANSFERABLE, divisibility: 2, duration: 1_000n });
    await accept(tx, a);
    chain.harvest();
    expect((await client.next()).data.meta).toMatchObject({ hash: tx.hash, height: '2' });

    expect(await mosaicInfo(id)).toEqual({
      version: 1,
      id: hex(id),
      supply: '0',
      startHeight: '2',
      ownerAddress: a.addressHex,
      revision: 1,
      flags: 3,
      divisibility: 2,
      duration: '1000',
    });
    const owned = (await server.get(`/mosaics?ownerAddress=${a.address}`)).body.data.map((entry: any) => entry.mosaic.id);
    expect(owned).toEqual([hex(id)]);
  });

  it('rejects an id that the nonce and the owner do not make with Failure_Mosaic_Id_Mismatch', async () => {
    await start();
    expect(await announce(definition(a, { nonce: 2, id: mosaicIdOf(a, 1) }), a)).toBe('Failure_Mosaic_Id_Mismatch');
    // Another account's nonce gives another id: nobody defines a mosaic in someone else's name.
    expect(await announce(definition(b, { nonce: 1, id: mosaicIdOf(a, 1) }), b)).toBe('Failure_Mosaic_Id_Mismatch');
    expect(await announce(definition(a, { nonce: 1, id: 0n }), a)).toBe('Failure_Mosaic_Invalid_Id');
    chain.harvest();
    expect((await server.get(`/mosaics/${hex(mosaicIdOf(a, 1))}`)).status).toBe(404);
  });

  it('rejects flags outside 0x0F, divisibility over maxMosaicDivisibility and durations over maxMosaicDuration', async () => {
    await start({ maxMosaicDuration: 100n });
    expect(await announce(definition(a, { nonce: 1, flags: 0x10 }), a)).toBe('Failure_Mosaic_Invalid_Flags');
    expect(await announce(definition(a, { nonce: 2, divisibility: 7 }), a)).toBe('Failure_Mosaic_Invalid_Divisibility');
    expect(await announce(definition(a, { nonce: 3, duration: 101n }), a)).toBe('Failure_Mosaic_Invalid_Duration');
    // At the limits, and with every flag (revokable and restrictable included).
    await accept(definition(a, { nonce: 4, flags: 0x0f, divisibility: 6, duration: 100n }), a);
    chain.harvest();
    expect(await mosaicInfo(mosaicIdOf(a, 4))).toMatchObject({ flags: 15, divisibility: 6, duration: '100' });
  });

  it('moves mosaicRentalFee × the dynamic fee multiplier (50 XYM) to the mosaic sink, with a Mosaic_Rental_Fee receipt at the transaction’s source', async () => {
    await start();
    const sink = chain.sinks.mosaicRental.addressHex;
    const before = { owner: chain.ledger.balance(a.addressHex, currency()), sink: chain.ledger.balance(sink, currency()) };
    expect((await server.get('/network/fees/rental')).body.effectiveMosaicRentalFee).toBe('50000000');
    const tx = definition(a, { nonce: 7 });
    await accept(tx, a);
    const block = chain.harvest();

    const fee = BigInt(block.block.feeMultiplier) * BigInt(tx.transaction.size);
    expect(chain.ledger.balance(sink, currency()) - before.sink).toBe(50_000_000n);
    expect(before.owner - chain.ledger.balance(a.addressHex, currency())).toBe(50_000_000n + fee);
    const statements = await statementsAt(2n);
    const atTransaction = statements.find((entry) => entry.statement.source.primaryId === 1);
    expect(atTransaction.statement).toEqual({
      height: '2',
      source: { primaryId: 1, secondaryId: 0 },
      receipts: [{ version: 1, type: MOSAIC_RENTAL_FEE, mosaicId: currency(), amount: '50000000', senderAddress: a.addressHex, recipientAddress: sink }],
    });
    const bySender = (await server.get(`/statements/transaction?receiptType=${MOSAIC_RENTAL_FEE}&senderAddress=${a.address}`)).body.data;
    expect(bySender.map((entry: any) => entry.statement.height)).toEqual(['2']);
  });

  it('multiplies the rental fee by the dynamic fee multiplier: the median of recent blocks’ multipliers, padded with defaultDynamicFeeMultiplier', async () => {
    await start({ mosaicRentalFee: 1_000n, defaultDynamicFeeMultiplier: 20 });
    const sink = chain.sinks.mosaicRental.addressHex;
    await accept(definition(a, { nonce: 1 }), a);
    chain.harvest();
    // One block paid 100: the window of 60 is mostly the default, 20.
    expect(chain.ledger.balance(sink, currency())).toBe(20_000n);
    const receipts = (await statementsAt(2n)).flatMap((entry) => entry.statement.receipts);
    expect(receipts.filter((receipt) => receipt.type === MOSAIC_RENTAL_FEE).map((receipt) => receipt.amount)).toEqual(['20000']);
  });

  it('rejects a definition whose signer cannot pay the rental fee with Failure_Core_Insufficient_Balance, and moves nothing', async () => {
    await start();
    const poor = newAccount('poor mosaic owner');
    await accept(transfer(chain, a, poor, { amount: 5_000_000n }), a);
    chain.harvest();
    const tx = signed(poor, { type: 'mosaic_definition_transaction_v1', id: mosaicIdOf(poor, 1), nonce: 1, flags: TRANSFERABLE, divisibility: 0, duration: 0n, fee: 100_000n });
    expect(await announce(tx, poor)).toBe('Failure_Core_Insufficient_Balance');
    chain.harvest();
    expect(chain.ledger.balance(poor.addressHex, currency())).toBe(5_000_000n);
    expect((await server.get(`/mosaics/${hex(mosaicIdOf(poor, 1))}`)).status).toBe(404);
    expect((await server.get(`/transactionStatus/${tx.hash}`)).body).toMatchObject({ group: 'failed', code: 'Failure_Core_Insufficient_Balance' });
  });
});

describe('mosaic redefinition', () => {
  it('changes flags and divisibility by xor and adds to the duration while the supply is 0; revision + 1, start unchanged; the rental fee is paid again', async () => {
    await start();
    const id = mosaicIdOf(a, 1);
    const sink = chain.sinks.mosaicRental.addressHex;
    await accept(definition(a, { nonce: 1, flags: SUPPLY_MUTABLE, divisibility: 1, duration: 10n }), a);
    chain.harvest();
    await accept(definition(a, { nonce: 1, flags: TRANSFERABLE, divisibility: 3, duration: 5n }), a);
    chain.harvest();
    expect(await mosaicInfo(id)).toMatchObject({ startHeight: '2', revision: 2, flags: SUPPLY_MUTABLE | TRANSFERABLE, divisibility: 1 ^ 3, duration: '15' });
    expect(chain.ledger.balance(sink, currency())).toBe(100_000_000n);

    // The same flag again turns it off.
    await accept(definition(a, { nonce: 1, flags: TRANSFERABLE, divisibility: 0, duration: 0n }), a);
    chain.harvest();
    expect(await mosaicInfo(id)).toMatchObject({ revision: 3, flags: SUPPLY_MUTABLE, divisibility: 2, duration: '15' });
  });

  it('rejects a redefinition that changes nothing with Failure_Mosaic_Modification_No_Changes, and one of a mosaic with supply with Failure_Mosaic_Modification_Disallowed', async () => {
    await start();
    const id = mosaicIdOf(a, 1);
    await accept(definition(a, { nonce: 1, duration: 10n }), a);
    chain.harvest();
    expect(await announce(definition(a, { nonce: 1, flags: 0, divisibility: 0, duration: 0n }), a)).toBe('Failure_Mosaic_Modification_No_Changes');

    await accept(supplyChange(a, id, 'increase', 100n), a);
    chain.harvest();
    expect(await announce(definition(a, { nonce: 1, flags: 0, divisibility: 1, duration: 0n }), a)).toBe('Failure_Mosaic_Modification_Disallowed');
    expect(await announce(definition(a, { nonce: 1, flags: 0, divisibility: 0, duration: 5n }), a)).toBe('Failure_Mosaic_Modification_Disallowed');
    // No change is reported before the supply.
    expect(await announce(definition(a, { nonce: 1, flags: 0, divisibility: 0, duration: 0n }), a)).toBe('Failure_Mosaic_Modification_No_Changes');
    chain.harvest();
    expect(await mosaicInfo(id)).toMatchObject({ revision: 1, divisibility: 0, duration: '10', supply: '100' });
  });

  it('rejects a new duration of an eternal mosaic, and a total duration over maxMosaicDuration, with Failure_Mosaic_Invalid_Duration', async () => {
    await start({ maxMosaicDuration: 100n });
    await accept(definition(a, { nonce: 1, flags: TRANSFERABLE, duration: 0n }), a);
    await accept(definition(a, { nonce: 2, flags: TRANSFERABLE, duration: 60n }), a);
    chain.harvest();
    // A duration alone changes nothing of an eternal mosaic; with a flag it is a change, and the duration is refused.
    expect(await announce(definition(a, { nonce: 1, flags: 0, duration: 5n }), a)).toBe('Failure_Mosaic_Modification_No_Changes');
    expect(await announce(definition(a, { nonce: 1, flags: SUPPLY_MUTABLE, duration: 5n }), a)).toBe('Failure_Mosaic_Invalid_Duration');
    expect(await announce(definition(a, { nonce: 2, flags: 0, duration: 41n }), a)).toBe('Failure_Mosaic_Invalid_Duration');
    await accept(definition(a, { nonce: 2, flags: 0, duration: 40n }), a);
    chain.harvest();
    expect(await mosaicInfo(mosaicIdOf(a, 2))).toMatchObject({ duration: '100', revision: 2 });
  });

  it('rejects a divisibility that the xor takes past maxMosaicDivisibility with Failure_Mosaic_Invalid_Divisibility', async () => {
    await start({ maxMosaicDivisibility: 6 });
    await accept(definition(a, { nonce: 1, divisibility: 6 }), a);
    chain.harvest();
    // 6 ^ 1 = 7
    expect(await announce(definition(a, { nonce: 1, flags: 0, divisibility: 1 }), a)).toBe('Failure_Mosaic_Invalid_Divisibility');
    // 6 ^ 2 = 4
    await accept(definition(a, { nonce: 1, flags: 0, divisibility: 2 }), a);
    chain.harvest();
    expect((await mosaicInfo(mosaicIdOf(a, 1))).divisibility).toBe(4);
  });
});

describe('mosaic supply change', () => {
  it('lets the owner increase and decrease the supply: the owner’s balance and the supply move together', async () => {
    await start();
    const id = await mosaicWithSupply(a, 1, 1_000n);
    expect(await mosaicInfo(id)).toMatchObject({ supply: '1000' });
    expect(chain.ledger.balance(a.addressHex, hex(id))).toBe(1_000n);

    await accept(supplyChange(a, id, 'decrease', 300n), a);
    chain.harvest();
    expect(await mosaicInfo(id)).toMatchObject({ supply: '700' });
    const account = (await server.get(`/accounts/${a.address}`)).body.account;
    expect(account.mosaics).toContainEqual({ id: hex(id), amount: '700' });

    // Down to 0: the owner no longer holds it.
    await accept(supplyChange(a, id, 'decrease', 700n), a);
    chain.harvest();
    expect(chain.ledger.holdings(a.addressHex).has(hex(id))).toBe(false);
    expect(await mosaicInfo(id)).toMatchObject({ supply: '0' });
  });

  it('rejects a change by another account with Failure_Mosaic_Owner_Conflict, of an unknown mosaic with Failure_Mosaic_Expired, of nothing with Failure_Mosaic_Invalid_Supply_Change_Amount', async () => {
    await start();
    const id = await mosaicWithSupply(a, 1, 10n);
    expect(await announce(supplyChange(b, id, 'increase', 5n), b)).toBe('Failure_Mosaic_Owner_Conflict');
    expect(await announce(supplyChange(a, mosaicIdOf(a, 99), 'increase', 5n), a)).toBe('Failure_Mosaic_Expired');
    expect(await announce(supplyChange(a, id, 'increase', 0n), a)).toBe('Failure_Mosaic_Invalid_Supply_Change_Amount');
    chain.harvest();
    expect(await mosaicInfo(id)).toMatchObject({ supply: '10' });
  });

  it('lets the owner change an immutable supply while holding all of it, and rejects it with Failure_Mosaic_Supply_Immutable once tokens left the owner', async () => {
    await start();
    const id = await mosaicWithSupply(a, 1, 1_000n, TRANSFERABLE);
    await accept(supplyChange(a, id, 'increase', 500n), a);
    chain.harvest();
    expect(await mosaicInfo(id)).toMatchObject({ supply: '1500' });

    await accept(sendMosaic(a, b, id, 10n), a);
    chain.harvest();
    expect(await announce(supplyChange(a, id, 'increase', 1n), a)).toBe('Failure_Mosaic_Supply_Immutable');
    expect(await announce(supplyChange(a, id, 'decrease', 1n), a)).toBe('Failure_Mosaic_Supply_Immutable');

    // Back with the owner, the whole supply is the owner's again.
    await accept(sendMosaic(b, a, id, 10n), b);
    chain.harvest();
    await accept(supplyChange(a, id, 'decrease', 1_500n), a);
    chain.harvest();
    expect(await mosaicInfo(id)).toMatchObject({ supply: '0' });
  });

  it('rejects a decrease past the owner’s balance with Failure_Mosaic_Supply_Negative', async () => {
    await start();
    const id = await mosaicWithSupply(a, 1, 100n);
    await accept(sendMosaic(a, b, id, 60n), a);
    chain.harvest();
    expect(await announce(supplyChange(a, id, 'decrease', 41n), a)).toBe('Failure_Mosaic_Supply_Negative');
    await accept(supplyChange(a, id, 'decrease', 40n), a);
    chain.harvest();
    expect(await mosaicInfo(id)).toMatchObject({ supply: '60' });
    expect(chain.ledger.balance(b.addressHex, hex(id))).toBe(60n);
  });

  it('rejects an increase past maxMosaicAtomicUnits with Failure_Mosaic_Supply_Exceeded', async () => {
    // The currency's supply must fit too: the limit is above it.
    const max = 8_000_000_000_000_000n;
    await start({ maxMosaicAtomicUnits: max });
    const id = await mosaicWithSupply(a, 1, max - 1n);
    expect(await announce(supplyChange(a, id, 'increase', 2n), a)).toBe('Failure_Mosaic_Supply_Exceeded');
    await accept(supplyChange(a, id, 'increase', 1n), a);
    chain.harvest();
    expect(await mosaicInfo(id)).toMatchObject({ supply: max.toString() });
  });

  it('rejects an increase that would give the owner more than maxMosaicsPerAccount mosaics with Failure_Mosaic_Max_Mosaics_Exceeded', async () => {
    await start({ maxMosaicsPerAccount: 2 });
    // The owner holds the currency and one mosaic: a second is one too many, more of the first is not.
    const first = await mosaicWithSupply(a, 1, 10n);
    const second = await mosaicWithSupply(a, 2, 0n);
    expect(await announce(supplyChange(a, second, 'increase', 10n), a)).toBe('Failure_Mosaic_Max_Mosaics_Exceeded');
    await accept(supplyChange(a, first, 'increase', 10n), a);
    chain.harvest();
    expect([...chain.ledger.holdings(a.addressHex).keys()].sort()).toEqual([currency(), hex(first)].sort());
  });

  it('changes the supply of the mosaic an alias names, with a mosaic resolution statement at the transaction’s source', async () => {
    await start({ minNamespaceDuration: 10n });
    const id = await mosaicWithSupply(a, 1, 0n);
    const alias = generateNamespaceId('tokens');
    await accept(signed(a, { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: 100n, name: 'tokens', id: alias }), a);
    chain.harvest();
    await accept(signed(a, { type: 'mosaic_alias_transaction_v1', namespaceId: alias, mosaicId: id, aliasAction: 'link' }), a);
    chain.harvest();
    await accept(supplyChange(a, alias, 'increase', 250n), a);
    const block = chain.harvest();

    expect(await mosaicInfo(id)).toMatchObject({ supply: '250' });
    expect(chain.ledger.balance(a.addressHex, hex(id))).toBe(250n);
    const resolutions = (await server.get(`/statements/resolutions/mosaic?height=${block.block.height}`)).body.data;
    expect(resolutions.map((entry: any) => entry.statement)).toEqual([
      { height: block.block.height, unresolved: hex(alias), resolutionEntries: [{ source: { primaryId: 1, secondaryId: 0 }, resolved: hex(id) }] },
    ]);
  });
});

describe('mosaic supply revocation', () => {
  function revocation(owner: ChainAccount, source: ChainAccount, mosaicId: bigint, amount: bigint): Signed {
    return signed(owner, { type: 'mosaic_supply_revocation_transaction_v1', sourceAddress: source.address, mosaic: { mosaicId, amount } });
  }

  it('moves a revokable mosaic from the holder back to the owner; the supply is unchanged and no receipt is made', async () => {
    await start();
    const id = await mosaicWithSupply(a, 1, 1_000n, SUPPLY_MUTABLE | TRANSFERABLE | REVOKABLE);
    await accept(sendMosaic(a, b, id, 400n), a);
    chain.harvest();
    await accept(revocation(a, b, id, 150n), a);
    const block = chain.harvest();

    expect(chain.ledger.balance(b.addressHex, hex(id))).toBe(250n);
    expect(chain.ledger.balance(a.addressHex, hex(id))).toBe(750n);
    expect(await mosaicInfo(id)).toMatchObject({ supply: '1000' });
    const sources = (await statementsAt(BigInt(block.block.height))).map((entry) => entry.statement.source);
    expect(sources).toEqual([{ primaryId: 0, secondaryId: 0 }]);
  });

  // Catapult resolves the source (a ResolvableAddress), as every balance transfer's sender.
  it('revokes from the account an address alias names', async () => {
    await start({ minNamespaceDuration: 10n });
    const id = await mosaicWithSupply(a, 1, 1_000n, SUPPLY_MUTABLE | TRANSFERABLE | REVOKABLE);
    const holder = generateNamespaceId('holder');
    await accept(signed(a, { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: 100n, name: 'holder' }), a);
    await accept(sendMosaic(a, b, id, 400n), a);
    chain.harvest();
    await accept(signed(a, { type: 'address_alias_transaction_v1', namespaceId: holder, address: b.address, aliasAction: 'link' }), a);
    chain.harvest();
    const source = Address.fromNamespaceId(new models.NamespaceId(holder), chain.facade.network.identifier);
    await accept(signed(a, { type: 'mosaic_supply_revocation_transaction_v1', sourceAddress: source, mosaic: { mosaicId: id, amount: 100n } }), a);
    chain.harvest();
    expect(chain.ledger.balance(b.addressHex, hex(id))).toBe(300n);
  });

  it('rejects the revocation of a mosaic without the revokable flag with Failure_Mosaic_Required_Property_Flag_Unset', async () => {
    await start();
    const id = await mosaicWithSupply(a, 1, 1_000n);
    await accept(sendMosaic(a, b, id, 400n), a);
    chain.harvest();
    expect(await announce(revocation(a, b, id, 1n), a)).toBe('Failure_Mosaic_Required_Property_Flag_Unset');
  });

  it('rejects a revocation by another than the owner with Failure_Mosaic_Owner_Conflict, and of more than the holder has with Failure_Core_Insufficient_Balance', async () => {
    await start();
    const id = await mosaicWithSupply(a, 1, 1_000n, SUPPLY_MUTABLE | TRANSFERABLE | REVOKABLE);
    await accept(sendMosaic(a, b, id, 400n), a);
    chain.harvest();
    expect(await announce(revocation(c, b, id, 1n), c)).toBe('Failure_Mosaic_Owner_Conflict');
    expect(await announce(revocation(a, b, id, 401n), a)).toBe('Failure_Core_Insufficient_Balance');
    chain.harvest();
    expect(chain.ledger.balance(b.addressHex, hex(id))).toBe(400n);
  });
});

describe('mosaic expiry', () => {
  it('moves the expiry when a redefinition adds to the duration: no receipt at the old height, one at the new', async () => {
    await start();
    const id = mosaicIdOf(a, 1);
    const other = mosaicIdOf(a, 2);
    await accept(definition(a, { nonce: 1, duration: 3n }), a); // block 2: would expire at 5
    await accept(definition(a, { nonce: 2, duration: 5n }), a); // expires at 7
    chain.harvest();
    await accept(definition(a, { nonce: 1, flags: 0, duration: 2n }), a); // now expires at 7 too
    chain.harvest();
    const expiredAt = async (height: bigint) =>
      (await statementsAt(height)).flatMap((entry) => entry.statement.receipts).filter((receipt) => receipt.type === MOSAIC_EXPIRED).map((receipt) => receipt.artifactId);
    while (chain.height < 7n) chain.harvest();
    expect(await expiredAt(5n)).toEqual([]);
    // Two at one height: in id order.
    expect(await expiredAt(7n)).toEqual([hex(id), hex(other)].sort());
  });

  it('expires at start + duration with a Mosaic_Expired receipt of the block; transfers of it then fail with Failure_Mosaic_Expired and balances stay', async () => {
    await start();
    const id = mosaicIdOf(a, 1);
    await accept(definition(a, { nonce: 1, duration: 3n }), a); // block 2: active on [2, 5)
    chain.harvest();
    await accept(supplyChange(a, id, 'increase', 100n), a);
    chain.harvest();
    await accept(sendMosaic(a, b, id, 30n), a);
    chain.harvest(); // block 4, the last one it is active in
    expect((await statementsAt(4n)).flatMap((entry) => entry.statement.receipts).some((receipt) => receipt.type === MOSAIC_EXPIRED)).toBe(false);

    const client = await Client.connect(server.wsUrl);
    await client.subscribe('block');
    const block = chain.harvest();
    expect((await client.next()).data.block.height).toBe('5');
    const atBlock = (await statementsAt(5n)).find((entry) => entry.statement.source.primaryId === 0);
    expect(atBlock.statement.source).toEqual({ primaryId: 0, secondaryId: 0 });
    expect(atBlock.statement.receipts.filter((receipt: any) => receipt.type === MOSAIC_EXPIRED)).toEqual([{ version: 1, type: MOSAIC_EXPIRED, artifactId: hex(id) }]);
    expect(block.block.height).toBe('5');

    expect(await announce(sendMosaic(b, c, id, 1n), b)).toBe('Failure_Mosaic_Expired');
    expect(await announce(sendMosaic(a, c, id, 1n), a)).toBe('Failure_Mosaic_Expired');
    expect(await announce(supplyChange(a, id, 'increase', 1n), a)).toBe('Failure_Mosaic_Expired');
    expect(await announce(definition(a, { nonce: 1, flags: 0, duration: 10n }), a)).toBe('Failure_Mosaic_Expired');
    chain.harvest();
    expect(chain.ledger.balance(a.addressHex, hex(id))).toBe(70n);
    expect(chain.ledger.balance(b.addressHex, hex(id))).toBe(30n);
    // An expired mosaic stays listed (catapult never prunes mosaics).
    expect(await mosaicInfo(id)).toMatchObject({ supply: '100', startHeight: '2', duration: '3' });
  });
});
