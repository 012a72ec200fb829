/**
 * The "done when": against the gateway over the in-memory chain (as `npm start` serves
 * it, on port 0 and harvesting when the test says), a newcomer with a funded key and only
 * symbol-sdk 2.0.7 registers a root namespace and a child, creates a mosaic, links the child
 * to the mosaic and the root to their address, sends the mosaic to the address alias by
 * namespace id, and reads all of it back through the SDK's repositories.
 *
 * Each step is one transaction announced with `TransactionService.announce` and confirmed in
 * its own block: root 2, child 3, mosaic 4, mosaic alias 5, address alias 6, the transfer by
 * aliases 7, a payment to a friend 8.
 */
import {
  AccountOrderBy,
  AddressAliasTransaction,
  AggregateTransaction,
  AliasAction,
  AliasType,
  BalanceChangeReceipt,
  BalanceTransferReceipt,
  CurrencyService,
  Mosaic,
  MosaicAliasTransaction,
  MosaicDefinitionTransaction,
  MosaicFlags,
  MosaicId,
  MosaicNonce,
  MosaicSupplyChangeAction,
  MosaicSupplyChangeTransaction,
  NamespaceId,
  NamespaceRegistrationTransaction,
  NamespaceRegistrationType,
  Order,
  PlainMessage,
  ReceiptType,
  TransactionType,
  TransactionService,
  TransferTransaction,
  UInt64,
  type Account,
  type Address,
  type RentalFees,
  type Transaction,
  type TransactionRepository,
} from 'symbol-sdk-v2';
import { map } from 'rxjs'; // symbol-sdk 2's own dependency
import { beforeAll, describe, expect, it } from 'vitest';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { announceConfirmed, firstValue, sdk2Harness, type Sdk2Wallet } from '../support/sdk2.js';
import { startGateway } from '../support/server.js';

type Server = Awaited<ReturnType<typeof startGateway>>;

const ROOT = 'shop';
const CHILD = 'coin';
const ROOT_DURATION = 1_000_000; // blocks (about 58 days at 5 s)
const SUPPLY = 1_000_000; // 10 000.00 at divisibility 2
const TO_OURSELVES = 250;
const TO_FRIEND = 400;

describe('a newcomer with symbol-sdk 2.0.7: namespaces, a mosaic, aliases and a transfer by alias', () => {
  let server: Server;
  let chain: InMemoryChain;
  let wallet: Sdk2Wallet;
  let newcomer: Account;
  let friend: Address;
  let feeMultiplier: number;
  const rootId = new NamespaceId(ROOT);
  const childId = new NamespaceId(`${ROOT}.${CHILD}`);
  let mosaicId: MosaicId;
  /** What `getRentalFees` answered right before each step that pays one. */
  const quoted: Record<'root' | 'child' | 'mosaic', RentalFees | undefined> = { root: undefined, child: undefined, mosaic: undefined };
  /** What the SDK resolved each step with. */
  const confirmed: Record<string, Transaction> = {};

  const network = () => wallet.factory.createNetworkRepository();
  const namespaces = () => wallet.factory.createNamespaceRepository();
  const receipts = () => wallet.factory.createReceiptRepository();
  const confirm = (transaction: Transaction) => announceConfirmed(server, wallet, newcomer.sign(transaction, wallet.generationHash));
  const atomicXym = () => chain.ledger.balance(chain.fundedAccounts[0].addressHex, chain.currency.mosaicId);

  const { start } = sdk2Harness(
    (started) => {
      ({ server, chain, wallet } = started);
      newcomer = started.accounts[0];
      friend = started.accounts[1].address;
    },
    { closeAfter: 'all' },
  );

  beforeAll(async () => {
    await start();
    const { networkType } = wallet;
    // A wallet's "normal" fee: the median multiplier of the latest blocks.
    feeMultiplier = (await firstValue(network().getTransactionFees())).medianFeeMultiplier;

    quoted.root = await firstValue(network().getRentalFees());
    confirmed.root = await confirm(NamespaceRegistrationTransaction.createRootNamespace(wallet.deadline(), ROOT, UInt64.fromUint(ROOT_DURATION), networkType).setMaxFee(feeMultiplier));

    quoted.child = await firstValue(network().getRentalFees());
    confirmed.child = await confirm(NamespaceRegistrationTransaction.createSubNamespace(wallet.deadline(), CHILD, ROOT, networkType).setMaxFee(feeMultiplier));

    // The definition and the supply in one aggregate complete, as wallets create a mosaic.
    const nonce = MosaicNonce.createFromNumber(7);
    mosaicId = MosaicId.createFromNonce(nonce, newcomer.address);
    quoted.mosaic = await firstValue(network().getRentalFees());
    const definition = MosaicDefinitionTransaction.create(wallet.deadline(), nonce, mosaicId, MosaicFlags.create(true, true, false, false), 2, UInt64.fromUint(0), networkType);
    const supply = MosaicSupplyChangeTransaction.create(wallet.deadline(), mosaicId, MosaicSupplyChangeAction.Increase, UInt64.fromUint(SUPPLY), networkType);
    confirmed.mosaic = await confirm(
      AggregateTransaction.createComplete(wallet.deadline(), [definition.toAggregate(newcomer.publicAccount), supply.toAggregate(newcomer.publicAccount)], networkType, []).setMaxFeeForAggregate(
        feeMultiplier,
        0,
      ),
    );

    confirmed.mosaicAlias = await confirm(MosaicAliasTransaction.create(wallet.deadline(), AliasAction.Link, childId, mosaicId, networkType).setMaxFee(feeMultiplier));
    confirmed.addressAlias = await confirm(AddressAliasTransaction.create(wallet.deadline(), AliasAction.Link, rootId, newcomer.address, networkType).setMaxFee(feeMultiplier));

    // To `shop` (their own address, by its alias), `shop.coin` by its alias.
    confirmed.byAlias = await confirm(
      TransferTransaction.create(wallet.deadline(), rootId, [new Mosaic(childId, UInt64.fromUint(TO_OURSELVES))], PlainMessage.create('to myself, by name'), networkType).setMaxFee(feeMultiplier),
    );
    confirmed.toFriend = await confirm(
      TransferTransaction.create(wallet.deadline(), friend, [new Mosaic(mosaicId, UInt64.fromUint(TO_FRIEND))], PlainMessage.create('for you'), networkType).setMaxFee(feeMultiplier),
    );
  });

  it('confirms every step in its own block, and the SDK parses each confirmed transaction back to what it signed', () => {
    const steps = Object.entries(confirmed).map(([step, transaction]) => [step, transaction.type, transaction.transactionInfo?.height.toString()]);
    expect(steps).toEqual([
      ['root', TransactionType.NAMESPACE_REGISTRATION, '2'],
      ['child', TransactionType.NAMESPACE_REGISTRATION, '3'],
      ['mosaic', TransactionType.AGGREGATE_COMPLETE, '4'],
      ['mosaicAlias', TransactionType.MOSAIC_ALIAS, '5'],
      ['addressAlias', TransactionType.ADDRESS_ALIAS, '6'],
      ['byAlias', TransactionType.TRANSFER, '7'],
      ['toFriend', TransactionType.TRANSFER, '8'],
    ]);
    const root = confirmed.root as NamespaceRegistrationTransaction;
    expect([root.registrationType, root.namespaceName, root.namespaceId.toHex(), root.duration?.toString()]).toEqual([
      NamespaceRegistrationType.RootNamespace,
      ROOT,
      rootId.toHex(),
      String(ROOT_DURATION),
    ]);
    const child = confirmed.child as NamespaceRegistrationTransaction;
    expect([child.registrationType, child.namespaceName, child.namespaceId.toHex(), child.parentId?.toHex()]).toEqual([
      NamespaceRegistrationType.SubNamespace,
      CHILD,
      childId.toHex(),
      rootId.toHex(),
    ]);
    const [definition, supply] = (confirmed.mosaic as AggregateTransaction).innerTransactions as [MosaicDefinitionTransaction, MosaicSupplyChangeTransaction];
    expect([definition.mosaicId.toHex(), definition.nonce.toHex(), definition.divisibility, definition.flags.supplyMutable, definition.flags.transferable]).toEqual([
      mosaicId.toHex(),
      MosaicNonce.createFromNumber(7).toHex(),
      2,
      true,
      true,
    ]);
    expect([supply.mosaicId.toHex(), supply.action, supply.delta.toString()]).toEqual([mosaicId.toHex(), MosaicSupplyChangeAction.Increase, String(SUPPLY)]);
    const mosaicAlias = confirmed.mosaicAlias as MosaicAliasTransaction;
    expect([mosaicAlias.aliasAction, mosaicAlias.namespaceId.toHex(), mosaicAlias.mosaicId.toHex()]).toEqual([AliasAction.Link, childId.toHex(), mosaicId.toHex()]);
    const addressAlias = confirmed.addressAlias as AddressAliasTransaction;
    expect([addressAlias.aliasAction, addressAlias.namespaceId.toHex(), addressAlias.address.plain()]).toEqual([AliasAction.Link, rootId.toHex(), newcomer.address.plain()]);
    const byAlias = confirmed.byAlias as TransferTransaction;
    expect((byAlias.recipientAddress as NamespaceId).toHex()).toBe(rootId.toHex());
    expect(byAlias.mosaics.map((mosaic) => [mosaic.id.toHex(), mosaic.amount.toString()])).toEqual([[childId.toHex(), String(TO_OURSELVES)]]);
    for (const transaction of Object.values(confirmed)) {
      expect(transaction.signer?.publicKey).toBe(newcomer.publicKey);
      expect(transaction.isConfirmed()).toBe(true);
    }
  });

  describe('NamespaceHttp', () => {
    it('getNamespace: the root and the child, owned by the newcomer, active, with their aliases', async () => {
      const root = await firstValue(namespaces().getNamespace(rootId));
      expect(root.isRoot()).toBe(true);
      expect([root.active, root.depth, root.registrationType, root.levels.map((id) => id.toHex()), root.parentId.toHex()]).toEqual([
        true,
        1,
        NamespaceRegistrationType.RootNamespace,
        [rootId.toHex()],
        '0000000000000000',
      ]);
      expect(root.ownerAddress.plain()).toBe(newcomer.address.plain());
      // The end counts the grace period, as catapult's lifetime does.
      expect([root.startHeight.toString(), root.endHeight.toString()]).toEqual(['2', String(2n + BigInt(ROOT_DURATION) + chain.rules.namespaceGracePeriod)]);
      expect(root.alias.type).toBe(AliasType.Address);
      expect(root.alias.address?.plain()).toBe(newcomer.address.plain());

      const child = await firstValue(namespaces().getNamespace(childId));
      expect(child.isSubnamespace()).toBe(true);
      expect([child.depth, child.levels.map((id) => id.toHex()), child.parentId.toHex()]).toEqual([2, [rootId.toHex(), childId.toHex()], rootId.toHex()]);
      // A child lives as long as its root.
      expect([child.startHeight.toString(), child.endHeight.toString()]).toEqual([root.startHeight.toString(), root.endHeight.toString()]);
      expect(child.alias.type).toBe(AliasType.Mosaic);
      expect(child.alias.mosaicId?.toHex()).toBe(mosaicId.toHex());
    });

    it('search by owner: the newcomer\'s two namespaces, and only them', async () => {
      const page = await firstValue(namespaces().search({ ownerAddress: newcomer.address, order: Order.Asc }));
      expect(page.data.map((info) => info.id.toHex())).toEqual([rootId.toHex(), childId.toHex()]);
      expect(page.isLastPage).toBe(true);
      const children = await firstValue(namespaces().search({ level0: rootId, registrationType: NamespaceRegistrationType.SubNamespace }));
      expect(children.data.map((info) => info.id.toHex())).toEqual([childId.toHex()]);
    });

    it('getLinkedAddress and getLinkedMosaicId: what the aliases point at', async () => {
      expect((await firstValue(namespaces().getLinkedAddress(rootId)))?.plain()).toBe(newcomer.address.plain());
      expect((await firstValue(namespaces().getLinkedMosaicId(childId)))?.toHex()).toBe(mosaicId.toHex());
    });

    it('getAccountsNames, getMosaicsNames and getNamespacesNames', async () => {
      const [accountNames] = await firstValue(namespaces().getAccountsNames([newcomer.address]));
      expect(accountNames.address.plain()).toBe(newcomer.address.plain());
      expect(accountNames.names.map((name) => [name.name, name.namespaceId.toHex()])).toEqual([[ROOT, rootId.toHex()]]);

      const mosaicNames = await firstValue(namespaces().getMosaicsNames([mosaicId]));
      expect(mosaicNames.map((names) => [names.mosaicId.toHex(), names.names.map((name) => name.name)])).toEqual([[mosaicId.toHex(), [`${ROOT}.${CHILD}`]]]);

      const names = await firstValue(namespaces().getNamespacesNames([rootId, childId]));
      const byId = new Map(names.map((name) => [name.namespaceId.toHex(), [name.name, name.parentId?.toHex()]]));
      expect(byId).toEqual(
        new Map([
          [rootId.toHex(), [ROOT, undefined]],
          [childId.toHex(), [CHILD, rootId.toHex()]],
        ]),
      );
    });
  });

  describe('MosaicHttp', () => {
    it('getMosaic: the definition and the supply', async () => {
      const mosaic = await firstValue(wallet.factory.createMosaicRepository().getMosaic(mosaicId));
      expect(mosaic.id.toHex()).toBe(mosaicId.toHex());
      expect([mosaic.supply.toString(), mosaic.startHeight.toString(), mosaic.divisibility, mosaic.duration.toString(), mosaic.revision]).toEqual([String(SUPPLY), '4', 2, '0', 1]);
      expect([mosaic.isSupplyMutable(), mosaic.isTransferable(), mosaic.isRestrictable(), mosaic.isRevokable()]).toEqual([true, true, false, false]);
      expect(mosaic.ownerAddress.plain()).toBe(newcomer.address.plain());
    });

    it('search by owner: the newcomer\'s one mosaic', async () => {
      const page = await firstValue(wallet.factory.createMosaicRepository().search({ ownerAddress: newcomer.address }));
      expect(page.data.map((mosaic) => [mosaic.id.toHex(), mosaic.supply.toString()])).toEqual([[mosaicId.toHex(), String(SUPPLY)]]);
    });
  });

  describe('AccountHttp', () => {
    it('getAccountInfo: the mosaic beside the currency, the fees and rentals paid', async () => {
      const info = await firstValue(wallet.factory.createAccountRepository().getAccountInfo(newcomer.address));
      expect(info.publicKey).toBe(newcomer.publicKey);
      const holdings = new Map(info.mosaics.map((mosaic) => [mosaic.id.toHex(), mosaic.amount.toString()]));
      // Sent to themselves by alias, then some to the friend.
      expect(holdings.get(mosaicId.toHex())).toBe(String(SUPPLY - TO_FRIEND));
      expect(holdings.get(chain.currency.mosaicId)).toBe(String(atomicXym()));

      // Every XYM that left: the effective fee of each transaction and the three rentals.
      const transactions = wallet.factory.createTransactionRepository();
      let fees = 0n;
      for (const transaction of Object.values(confirmed)) fees += BigInt(await firstValue(transactions.getTransactionEffectiveFee(transaction.transactionInfo!.hash!)));
      const rentals = BigInt(quoted.root!.effectiveRootNamespaceRentalFeePerBlock.toString()) * BigInt(ROOT_DURATION) +
        BigInt(quoted.child!.effectiveChildNamespaceRentalFee.toString()) +
        BigInt(quoted.mosaic!.effectiveMosaicRentalFee.toString());
      expect(fees).toBeGreaterThan(0n);
      expect(atomicXym()).toBe(chain.options.accountBalance - fees - rentals);
    });

    it('search by mosaicId ordered by balance: the holders, richest first (or last)', async () => {
      const accounts = wallet.factory.createAccountRepository();
      const descending = await firstValue(accounts.search({ mosaicId, orderBy: AccountOrderBy.Balance, order: Order.Desc }));
      const holding = (page: typeof descending) =>
        page.data.map((info) => [info.address.plain(), info.mosaics.find((mosaic) => mosaic.id.toHex() === mosaicId.toHex())?.amount.toString()]);
      expect(holding(descending)).toEqual([
        [newcomer.address.plain(), String(SUPPLY - TO_FRIEND)],
        [friend.plain(), String(TO_FRIEND)],
      ]);
      const ascending = await firstValue(accounts.search({ mosaicId, orderBy: AccountOrderBy.Balance, order: Order.Asc }));
      expect(holding(ascending)).toEqual(holding(descending).reverse());
    });
  });

  describe('ReceiptHttp', () => {
    it('searchReceipts: each rental fee, from the newcomer to its sink, equal to what getRentalFees quoted', async () => {
      const rentals = await firstValue(
        receipts().searchReceipts({ senderAddress: newcomer.address, receiptTypes: [ReceiptType.Namespace_Rental_Fee, ReceiptType.Mosaic_Rental_Fee], order: Order.Asc }),
      );
      const paid = rentals.data.flatMap((statement) =>
        statement.receipts.map((receipt) => {
          const transfer = receipt as BalanceTransferReceipt;
          return [statement.height.toString(), receipt.type, transfer.senderAddress.plain(), transfer.recipientAddress.plain(), transfer.mosaicId.toHex(), transfer.amount.toString()];
        }),
      );
      const xym = chain.currency.mosaicId;
      expect(paid).toEqual([
        ['2', ReceiptType.Namespace_Rental_Fee, newcomer.address.plain(), chain.sinks.namespaceRental.address, xym, String(BigInt(quoted.root!.effectiveRootNamespaceRentalFeePerBlock.toString()) * BigInt(ROOT_DURATION))],
        ['3', ReceiptType.Namespace_Rental_Fee, newcomer.address.plain(), chain.sinks.namespaceRental.address, xym, quoted.child!.effectiveChildNamespaceRentalFee.toString()],
        ['4', ReceiptType.Mosaic_Rental_Fee, newcomer.address.plain(), chain.sinks.mosaicRental.address, xym, quoted.mosaic!.effectiveMosaicRentalFee.toString()],
      ]);
      // At the testnet's default multiplier (100): 2 per block, 10 XYM a child, 50 XYM a mosaic.
      expect([quoted.root, quoted.child, quoted.mosaic].map((fees) => [fees!.effectiveRootNamespaceRentalFeePerBlock.toString(), fees!.effectiveChildNamespaceRentalFee.toString(), fees!.effectiveMosaicRentalFee.toString()])).toEqual(
        Array(3).fill(['200', '10000000', '50000000']),
      );
    });

    it('searchReceipts: the harvest fees of each block add up to the fees its transaction paid', async () => {
      const transactions = wallet.factory.createTransactionRepository();
      for (const transaction of Object.values(confirmed)) {
        const height = transaction.transactionInfo!.height;
        const page = await firstValue(receipts().searchReceipts({ height, receiptTypes: [ReceiptType.Harvest_Fee] }));
        const harvested = page.data.flatMap((statement) => statement.receipts as BalanceChangeReceipt[]);
        expect(harvested.length).toBeGreaterThan(0);
        expect(harvested.every((receipt) => receipt.mosaicId.toHex() === chain.currency.mosaicId)).toBe(true);
        const total = harvested.reduce((sum, receipt) => sum + BigInt(receipt.amount.toString()), 0n);
        expect(total).toBe(BigInt(await firstValue(transactions.getTransactionEffectiveFee(transaction.transactionInfo!.hash!))));
      }
    });

    it('searchAddressResolutionStatements and searchMosaicResolutionStatements: the transfer\'s two aliases, resolved', async () => {
      const height = confirmed.byAlias.transactionInfo!.height;
      const addresses = await firstValue(receipts().searchAddressResolutionStatements({ height }));
      expect(addresses.data.map((statement) => [statement.height.toString(), (statement.unresolved as NamespaceId).toHex(), statement.resolutionEntries.map((entry) => [(entry.resolved as Address).plain(), entry.source.primaryId, entry.source.secondaryId])])).toEqual([
        ['7', rootId.toHex(), [[newcomer.address.plain(), 1, 0]]],
      ]);
      const mosaics = await firstValue(receipts().searchMosaicResolutionStatements({ height }));
      expect(mosaics.data.map((statement) => [statement.height.toString(), (statement.unresolved as NamespaceId).toHex(), statement.resolutionEntries.map((entry) => [(entry.resolved as MosaicId).toHex(), entry.source.primaryId, entry.source.secondaryId])])).toEqual([
        ['7', childId.toHex(), [[mosaicId.toHex(), 1, 0]]],
      ]);
    });

    /** The transfer by aliases, resolved by `service` from the resolution statements at its height. */
    async function resolvedByAlias(service: TransactionService): Promise<unknown[]> {
      const [resolved] = await firstValue(service.resolveAliases([confirmed.byAlias.transactionInfo!.hash!]));
      const transfer = resolved as TransferTransaction;
      return [(transfer.recipientAddress as Address).plain(), transfer.mosaics.map((mosaic) => [mosaic.id.toHex(), mosaic.amount.toString()])];
    }
    const RESOLVED = () => [newcomer.address.plain(), [[mosaicId.toHex(), String(TO_OURSELVES)]]];

    it('TransactionService resolves the transfer\'s aliases from those statements', async () => {
      // resolveAliases fetches the transactions with POST /transactions/confirmed {transactionIds: hashes}
      // (see the next test); this repository fetches each by hash instead, the rest is the SDK's.
      const transactions = wallet.factory.createTransactionRepository();
      const byHash = Object.create(transactions) as TransactionRepository;
      byHash.getTransactionsById = (hashes, group) => transactions.getTransaction(hashes[0], group).pipe(map((transaction) => [transaction]));
      expect(await resolvedByAlias(new TransactionService(byHash, receipts()))).toEqual(RESOLVED());
    });

    // resolveAliases sends the hashes as `transactionIds`, which catapult-rest (and the gateway) take as hashes when they are 64 characters long.
    it('TransactionService.resolveAliases with the SDK\'s own repository', async () => {
      expect(await resolvedByAlias(wallet.transactionService)).toEqual(RESOLVED());
    });
  });

  describe('NetworkHttp and CurrencyService', () => {
    it('getRentalFees, getTransactionFees and getNetworkProperties describe the chain', async () => {
      const rental = await firstValue(network().getRentalFees());
      expect([rental.effectiveRootNamespaceRentalFeePerBlock.toString(), rental.effectiveChildNamespaceRentalFee.toString(), rental.effectiveMosaicRentalFee.toString()]).toEqual([
        String(chain.rules.rootNamespaceRentalFeePerBlock * 100n),
        String(chain.rules.childNamespaceRentalFee * 100n),
        String(chain.rules.mosaicRentalFee * 100n),
      ]);
      const fees = await firstValue(network().getTransactionFees());
      expect(feeMultiplier).toBe(100);
      // Every block since the nemesis was paid at the multiplier the newcomer offered.
      expect([fees.medianFeeMultiplier, fees.averageFeeMultiplier, fees.highestFeeMultiplier, fees.lowestFeeMultiplier, fees.minFeeMultiplier]).toEqual([100, 100, 100, 0, 10]);

      const properties = await firstValue(network().getNetworkProperties());
      expect(properties.network.identifier).toBe('testnet');
      expect(properties.network.epochAdjustment).toBe(`${chain.options.epochAdjustment}s`);
      expect(properties.network.generationHashSeed).toBe(chain.options.generationHashSeed);
      expect(properties.chain.currencyMosaicId?.replace(/^0x/, '').replaceAll("'", '')).toBe(chain.currency.mosaicId);
    });

    it('getNetworkCurrencies: the currency is symbol.xym with divisibility 6', async () => {
      const { currency, harvest } = await firstValue(new CurrencyService(wallet.factory).getNetworkCurrencies());
      expect(currency.namespaceId?.fullName).toBe('symbol.xym');
      expect(currency.namespaceId?.toHex()).toBe(chain.currency.aliasId);
      expect(currency.mosaicId?.toHex()).toBe(chain.currency.mosaicId);
      expect([currency.divisibility, currency.transferable, currency.supplyMutable, currency.restrictable]).toEqual([6, true, false, false]);
      expect(harvest.mosaicId?.toHex()).toBe(chain.currency.mosaicId);
    });
  });
});
