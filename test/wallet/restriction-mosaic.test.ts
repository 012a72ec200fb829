/**
 * Mosaic restrictions with symbol-sdk 2.0.7 as a wallet uses it, over real sockets: a
 * restrictable mosaic gets a global restriction (key "kyc" must EQ 1) that blocks a transfer
 * until the owner gives the sender and the recipient kyc = 1. `MosaicRestrictionTransactionService`
 * reads `/restrictions/mosaic` to fill each transaction's previous value, `TransactionService`
 * announces, and `RestrictionMosaicHttp` reads the entries back.
 */
import {
  AggregateTransaction,
  KeyGenerator,
  Mosaic,
  MosaicAddressRestrictionTransaction,
  MosaicDefinitionTransaction,
  MosaicFlags,
  MosaicGlobalRestriction,
  MosaicGlobalRestrictionTransaction,
  MosaicId,
  MosaicNonce,
  MosaicRestrictionEntryType,
  MosaicRestrictionTransactionService,
  MosaicRestrictionType,
  MosaicSupplyChangeAction,
  MosaicSupplyChangeTransaction,
  PlainMessage,
  TransferTransaction,
  UInt64,
  type Account,
  type MosaicAddressRestriction,
  type Transaction,
} from 'symbol-sdk-v2';
import { beforeAll, describe, expect, it } from 'vitest';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { announceConfirmed, firstValue, sdk2Harness, subscribers, type Sdk2Wallet } from '../support/sdk2.js';
import { startGateway } from '../support/server.js';

type Server = Awaited<ReturnType<typeof startGateway>>;

const KYC = KeyGenerator.generateUInt64Key('kyc');

describe('symbol-sdk 2.0.7: a mosaic restricted to accounts with kyc = 1', () => {
  let server: Server;
  let chain: InMemoryChain;
  let wallet: Sdk2Wallet;
  let owner: Account;
  let friend: Account;
  let mosaicId: MosaicId;
  let service: MosaicRestrictionTransactionService;

  const sign = (transaction: Transaction) =>
    owner.sign(transaction instanceof AggregateTransaction ? transaction.setMaxFeeForAggregate(100, 0) : transaction.setMaxFee(100), wallet.generationHash);
  const confirm = (transaction: Transaction) => announceConfirmed(server, wallet, sign(transaction));
  const toFriend = () => TransferTransaction.create(wallet.deadline(), friend.address, [new Mosaic(mosaicId, UInt64.fromUint(10))], PlainMessage.create('kyc'), wallet.networkType);
  const restrictions = () => wallet.factory.createRestrictionMosaicRepository();

  /** What the SDK's TransactionService reports for a transaction the chain refuses. */
  async function refusal(transaction: Transaction): Promise<string> {
    const listener = await wallet.openListener();
    try {
      const outcome = firstValue(wallet.transactionService.announce(sign(transaction), listener));
      await subscribers(server, `status/${owner.address.plain()}`, 1);
      chain.processAnnounced();
      return await outcome.then(
        () => 'confirmed',
        (error: Error) => error.message,
      );
    } finally {
      listener.close();
      // Gone before the next announcement, whose own subscription the helpers wait for.
      await subscribers(server, `status/${owner.address.plain()}`, 0);
    }
  }

  const { start } = sdk2Harness(
    (started) => {
      ({ server, chain, wallet } = started);
      [owner, friend] = started.accounts;
    },
    { closeAfter: 'all' },
  );

  beforeAll(async () => {
    await start();
    service = new MosaicRestrictionTransactionService(restrictions(), wallet.factory.createNamespaceRepository());

    const nonce = MosaicNonce.createFromNumber(3);
    mosaicId = MosaicId.createFromNonce(nonce, owner.address);
    const definition = MosaicDefinitionTransaction.create(wallet.deadline(), nonce, mosaicId, MosaicFlags.create(true, true, true, false), 0, UInt64.fromUint(0), wallet.networkType);
    const supply = MosaicSupplyChangeTransaction.create(wallet.deadline(), mosaicId, MosaicSupplyChangeAction.Increase, UInt64.fromUint(1_000), wallet.networkType);
    await confirm(AggregateTransaction.createComplete(wallet.deadline(), [definition.toAggregate(owner.publicAccount), supply.toAggregate(owner.publicAccount)], wallet.networkType, []));
  });

  it('blocks the transfer once the global restriction is set, until the sender and the recipient have kyc = 1; the service fills every previous value from the routes', async () => {
    const global = (await firstValue(service.createMosaicGlobalRestrictionTransaction(wallet.deadline(), wallet.networkType, mosaicId, KYC, '1', MosaicRestrictionType.EQ))) as MosaicGlobalRestrictionTransaction;
    expect([global.previousRestrictionValue.toString(), global.previousRestrictionType]).toEqual(['0', MosaicRestrictionType.NONE]);
    await confirm(global);

    expect(await refusal(toFriend())).toBe('Failure_RestrictionMosaic_Account_Unauthorized');

    // The recipient alone is not enough: catapult checks the sender too, the owner included.
    const forFriend = (await firstValue(service.createMosaicAddressRestrictionTransaction(wallet.deadline(), wallet.networkType, mosaicId, KYC, friend.address, '1'))) as MosaicAddressRestrictionTransaction;
    expect(forFriend.previousRestrictionValue.toHex()).toBe('FFFFFFFFFFFFFFFF');
    await confirm(forFriend);
    expect(await refusal(toFriend())).toBe('Failure_RestrictionMosaic_Account_Unauthorized');

    await confirm(await firstValue(service.createMosaicAddressRestrictionTransaction(wallet.deadline(), wallet.networkType, mosaicId, KYC, owner.address, '1')));
    const sent = await confirm(toFriend());
    expect(sent.transactionInfo?.height.compact()).toBe(Number(chain.height));
    expect(chain.ledger.balance(chain.fundedAccounts[1].addressHex, mosaicId.toHex())).toBe(10n);

    // A change reads the current values back: the previous value is the one set above.
    const raise = (await firstValue(service.createMosaicAddressRestrictionTransaction(wallet.deadline(), wallet.networkType, mosaicId, KYC, friend.address, '2'))) as MosaicAddressRestrictionTransaction;
    expect(raise.previousRestrictionValue.toString()).toBe('1');
    const tighten = (await firstValue(service.createMosaicGlobalRestrictionTransaction(wallet.deadline(), wallet.networkType, mosaicId, KYC, '2', MosaicRestrictionType.GE))) as MosaicGlobalRestrictionTransaction;
    expect([tighten.previousRestrictionValue.toString(), tighten.previousRestrictionType]).toEqual(['1', MosaicRestrictionType.EQ]);
    await confirm(raise);
    await confirm(tighten);
    // The owner's 1 is below 2 now.
    expect(await refusal(toFriend())).toBe('Failure_RestrictionMosaic_Account_Unauthorized');
  });

  it('reads the entries back through RestrictionMosaicHttp: search by mosaic, entry type and address, and by composite hash', async () => {
    const page = await firstValue(restrictions().search({ mosaicId, entryType: MosaicRestrictionEntryType.GLOBAL }));
    expect(page.data).toHaveLength(1);
    const global = page.data[0] as MosaicGlobalRestriction;
    expect(global).toBeInstanceOf(MosaicGlobalRestriction);
    expect([global.mosaicId.toHex(), global.entryType, global.restrictions.length]).toEqual([mosaicId.toHex(), MosaicRestrictionEntryType.GLOBAL, 1]);
    const rule = global.getRestriction(KYC)!;
    expect([rule.referenceMosaicId.toHex(), rule.restrictionValue.toString(), rule.restrictionType]).toEqual(['0000000000000000', '2', MosaicRestrictionType.GE]);

    const values = await firstValue(restrictions().search({ mosaicId, entryType: MosaicRestrictionEntryType.ADDRESS, targetAddress: friend.address }));
    expect(values.data).toHaveLength(1);
    const forFriend = values.data[0] as MosaicAddressRestriction;
    expect([forFriend.targetAddress.plain(), forFriend.getRestriction(KYC)?.restrictionValue.toString()]).toEqual([friend.address.plain(), '2']);
    const all = await firstValue(restrictions().search({ mosaicId }));
    expect(all.data.map((entry) => entry.entryType).sort()).toEqual([MosaicRestrictionEntryType.ADDRESS, MosaicRestrictionEntryType.ADDRESS, MosaicRestrictionEntryType.GLOBAL]);

    const byHash = (await firstValue(restrictions().getMosaicRestrictions(forFriend.compositeHash))) as MosaicAddressRestriction;
    expect([byHash.compositeHash, byHash.targetAddress.plain(), byHash.getRestriction(KYC)?.restrictionValue.toString()]).toEqual([forFriend.compositeHash, friend.address.plain(), '2']);
  });
});
