/**
 * symbol-sdk 2.0.7's metadata flow against the gateway over the in-memory chain, over real
 * sockets: `MetadataTransactionService` reads `GET /metadata` to build each transaction (a
 * new value, or the XOR of the old and the new one), the wallet wraps it in an aggregate
 * complete and announces it with `TransactionService`, and `MetadataHttp` reads it back.
 * An update is accepted only if the route gave the service the right current value.
 */
import {
  AggregateTransaction,
  KeyGenerator,
  MetadataTransactionService,
  MetadataType,
  MosaicId,
  NamespaceId,
  UInt64,
  type Account,
  type Metadata,
  type MetadataRepository,
  type Transaction,
} from 'symbol-sdk-v2';
import { Address, generateMosaicId } from 'symbol-sdk/symbol';
import { describe, expect, it } from 'vitest';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { confirm, signedBy } from '../support/announce.js';
import { announceConfirmed, firstValue, sdk2Harness, xym, type Sdk2Wallet } from '../support/sdk2.js';
import { startGateway } from '../support/server.js';

type Server = Awaited<ReturnType<typeof startGateway>>;

describe('symbol-sdk 2.0.7 metadata against the gateway', () => {
  let server: Server;
  let chain: InMemoryChain;
  let wallet: Sdk2Wallet;
  let alice: Account;
  let bob: Account;
  let repository: MetadataRepository;
  let service: MetadataTransactionService;
  const key = KeyGenerator.generateUInt64Key('nickname');

  const { start } = sdk2Harness(
    (started) => {
      ({ server, chain, wallet } = started);
      [alice, bob] = started.accounts;
      repository = wallet.factory.createMetadataRepository();
      service = new MetadataTransactionService(repository);
    },
    { chain: { rules: { minNamespaceDuration: 1n } } },
  );

  /** Wraps the service's transaction in an aggregate complete of `signer`, cosigned by `cosigners`, and confirms it through TransactionService. */
  async function announce(transaction: Transaction, signer: Account, cosigners: Account[] = []): Promise<void> {
    const aggregate = AggregateTransaction.createComplete(wallet.deadline(), [transaction.toAggregate(signer.publicAccount)], wallet.networkType, [], xym(1));
    const signed = cosigners.length ? signer.signTransactionWithCosignatories(aggregate, cosigners, wallet.generationHash) : signer.sign(aggregate, wallet.generationHash);
    const confirmed = await announceConfirmed(server, wallet, signed);
    expect(confirmed.transactionInfo?.hash).toBe(signed.hash);
  }

  /** What `MetadataHttp` finds for one key, as the service itself searches. */
  async function read(criteria: Parameters<MetadataRepository['search']>[0]): Promise<Metadata[]> {
    return (await firstValue(repository.search(criteria))).data;
  }

  it('sets, updates and shrinks account metadata through MetadataTransactionService, read back with MetadataHttp', async () => {
    await start();
    const accountValue = () => read({ targetAddress: alice.address, scopedMetadataKey: key.toHex(), sourceAddress: alice.address, metadataType: MetadataType.Account });
    for (const value of ['alice', 'alice in wonderland', 'al']) {
      const transaction = await firstValue(service.createAccountMetadataTransaction(wallet.deadline(), wallet.networkType, alice.address, key, value, alice.address, UInt64.fromUint(0)));
      await announce(transaction, alice);
      const [entry] = await accountValue();
      expect(entry.metadataEntry.value).toBe(value);
      expect(entry.metadataEntry.sourceAddress.plain()).toBe(alice.address.plain());
      expect(entry.metadataEntry.scopedMetadataKey.toHex()).toBe(key.toHex());
      expect(entry.metadataEntry.metadataType).toBe(MetadataType.Account);
    }
    const [entry] = await accountValue();
    const byHash = await firstValue(repository.getMetadata(entry.metadataEntry.compositeHash));
    expect(byHash.metadataEntry.value).toBe('al');
    expect(byHash.id).toBe(entry.id);
  });

  it("sets another account's metadata with that account cosigning the aggregate", async () => {
    await start();
    const transaction = await firstValue(service.createAccountMetadataTransaction(wallet.deadline(), wallet.networkType, alice.address, key, 'friend', bob.address, UInt64.fromUint(0)));
    await announce(transaction, bob, [alice]);
    const [entry] = await read({ targetAddress: alice.address, sourceAddress: bob.address });
    expect([entry.metadataEntry.value, entry.metadataEntry.targetAddress.plain()]).toEqual(['friend', alice.address.plain()]);
  });

  it('sets and updates mosaic and namespace metadata by their owner', async () => {
    await start();
    const [owner] = chain.fundedAccounts;
    const mosaic = new MosaicId(generateMosaicId(new Address(owner.address), 9).toString(16).padStart(16, '0'));
    await confirm(
      server,
      signedBy(chain, owner, { type: 'mosaic_definition_transaction_v1', nonce: 9, flags: 'transferable', divisibility: 0, duration: 0n }),
      signedBy(chain, owner, { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: 100n, name: 'wonderland' }),
    );
    const namespace = new NamespaceId('wonderland');
    for (const value of ['golden key', 'silver']) {
      const onMosaic = await firstValue(service.createMosaicMetadataTransaction(wallet.deadline(), wallet.networkType, alice.address, mosaic, key, value, alice.address, UInt64.fromUint(0)));
      await announce(onMosaic, alice);
      const onNamespace = await firstValue(service.createNamespaceMetadataTransaction(wallet.deadline(), wallet.networkType, alice.address, namespace, key, `${value}!`, alice.address, UInt64.fromUint(0)));
      await announce(onNamespace, alice);
    }
    const [mosaicEntry] = await read({ targetId: mosaic, metadataType: MetadataType.Mosaic });
    expect([mosaicEntry.metadataEntry.value, (mosaicEntry.metadataEntry.targetId as MosaicId).toHex()]).toEqual(['silver', mosaic.toHex()]);
    const [namespaceEntry] = await read({ targetId: namespace, metadataType: MetadataType.Namespace });
    expect([namespaceEntry.metadataEntry.value, (namespaceEntry.metadataEntry.targetId as NamespaceId).toHex()]).toEqual(['silver!', namespace.toHex()]);
  });
});
