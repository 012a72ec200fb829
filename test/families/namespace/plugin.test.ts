/**
 * The namespace plugin of the in-memory chain, as catapult's namespace plugin behaves: real
 * signed registrations, renewals and aliases announced over HTTP, their outcome read on the
 * signer's `status` and `unconfirmedAdded` channels, then confirmed by a harvest and checked
 * through the routes (`/namespaces`, `/statements`, `/accounts`) and `chain.ledger`. Small
 * rules (durations of a few blocks) reach expiry and the grace period's end quickly.
 */
import { generateMosaicId, generateNamespaceId, models } from 'symbol-sdk/symbol';
import { describe, expect, it } from 'vitest';
import type { ChainAccount } from '../../../src/memory/chain/identity.js';
import type { InMemoryChain } from '../../../src/in-memory-chain.js';
import type { ChainRules } from '../../../src/memory/rules.js';
import { startGateway } from '../../support/server.js';
import { transfer, type Signed } from '../../support/signing.js';
import { hex, pluginHarness, unfundedAccount } from '../../support/announce.js';
import { Client } from '../../support/ws-client.js';

type Server = Awaited<ReturnType<typeof startGateway>>;

const JSON_HEADERS = { 'content-type': 'application/json' };
/** Receipt types (catapult's ReceiptType). */
const NAMESPACE_RENTAL_FEE = 0x134e;
const NAMESPACE_EXPIRED = 0x414e;
const NAMESPACE_DELETED = 0x424e;
/** Short lifetimes: a root lives 10 to 100 blocks, then 5 blocks of grace. */
const SHORT: Partial<ChainRules> = { minNamespaceDuration: 10n, maxNamespaceDuration: 100n, namespaceGracePeriod: 5n };

let server: Server;
let chain: InMemoryChain;
let a: ChainAccount;
let b: ChainAccount;
let c: ChainAccount;

const { start, signed, announce, accept } = pluginHarness((started) => {
  server = started;
  chain = started.chain;
  [a, b, c] = chain.fundedAccounts;
}, SHORT);

const currency = () => chain.currency.mosaicId;

const newAccount = (label: string): ChainAccount => unfundedAccount(chain, label);

/** Harvests until the chain is at `height`. */
function harvestTo(height: number): void {
  while (chain.height < BigInt(height)) chain.harvest();
}

/** A root of `owner` for `duration` blocks; `edit` may replace its name or id before signing. */
function root(owner: ChainAccount, name: string, duration: bigint, edit?: (transaction: any) => void): Signed {
  return signed(owner, { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration, name }, edit);
}

function child(owner: ChainAccount, name: string, parentId: bigint): Signed {
  return signed(owner, { type: 'namespace_registration_transaction_v1', registrationType: 'child', parentId, name });
}

function addressAlias(owner: ChainAccount, namespaceId: bigint, target: ChainAccount | string, aliasAction: 'link' | 'unlink' = 'link'): Signed {
  return signed(owner, { type: 'address_alias_transaction_v1', namespaceId, address: typeof target === 'string' ? target : target.address, aliasAction });
}

function mosaicAlias(owner: ChainAccount, namespaceId: bigint, mosaicId: bigint, aliasAction: 'link' | 'unlink' = 'link'): Signed {
  return signed(owner, { type: 'mosaic_alias_transaction_v1', namespaceId, mosaicId, aliasAction });
}

async function namespaceInfo(id: bigint): Promise<any> {
  const reply = await server.get(`/namespaces/${hex(id)}`);
  expect(reply.status).toBe(200);
  return reply.body;
}

async function receiptsAt(height: number, source = { primaryId: 0, secondaryId: 0 }): Promise<any[]> {
  const statements = (await server.get(`/statements/transaction?height=${height}&pageSize=100`)).body.data;
  const statement = statements.find((entry: any) => entry.statement.source.primaryId === source.primaryId && entry.statement.source.secondaryId === source.secondaryId);
  return statement?.statement.receipts ?? [];
}

/** Defines `owner`'s transferable mosaic of `nonce` (confirmed by the next harvest). */
async function mosaicOf(owner: ChainAccount, nonce: number): Promise<bigint> {
  await accept(signed(owner, { type: 'mosaic_definition_transaction_v1', nonce, flags: 'transferable', divisibility: 0, duration: 0n }), owner);
  return generateMosaicId(chain.facade.network.publicKeyToAddress(owner.keyPair.publicKey), nonce);
}

const ACME = generateNamespaceId('acme');
const SHOP = generateNamespaceId('shop', ACME);

describe('root namespace registration', () => {
  it('registers a root for a duration within [minNamespaceDuration, maxNamespaceDuration]; its end height counts the grace period', async () => {
    await start();
    const client = await Client.connect(server.wsUrl);
    await client.subscribe(`confirmedAdded/${a.address}`);
    const tx = root(a, 'acme', 20n);
    await accept(tx, a);
    chain.harvest();
    expect((await client.next()).data.meta).toMatchObject({ hash: tx.hash, height: '2' });

    const info = await namespaceInfo(ACME);
    expect(info.meta).toEqual({ active: true, index: 0 });
    expect(info.namespace).toEqual({
      version: 1,
      registrationType: 0,
      depth: 1,
      level0: hex(ACME),
      alias: { type: 0 },
      parentId: '0000000000000000',
      ownerAddress: a.addressHex,
      startHeight: '2',
      endHeight: String(2 + 20 + 5),
    });
    const names = (await server.request('POST', '/namespaces/names', { body: JSON.stringify({ namespaceIds: [hex(ACME)] }), headers: JSON_HEADERS })).body;
    expect(names).toEqual([{ id: hex(ACME), name: 'acme' }]);
    // The limits themselves are allowed.
    await accept(root(a, 'shortest', 10n), a);
    await accept(root(a, 'longest', 100n), a);
  });

  it('rejects a duration out of range with Failure_Namespace_Invalid_Duration, and an eternal one after the nemesis block with Failure_Namespace_Eternal_After_Nemesis_Block', async () => {
    await start();
    expect(await announce(root(a, 'acme', 9n), a)).toBe('Failure_Namespace_Invalid_Duration');
    expect(await announce(root(a, 'acme', 101n), a)).toBe('Failure_Namespace_Invalid_Duration');
    expect(await announce(root(a, 'acme', 0n), a)).toBe('Failure_Namespace_Eternal_After_Nemesis_Block');
    chain.harvest();
    expect((await server.get(`/namespaces/${hex(ACME)}`)).status).toBe(404);
  });

  it('rejects names with other characters than a-z, 0-9, _ and - (starting with a letter or digit), or longer than maxNameSize, with Failure_Namespace_Invalid_Name', async () => {
    await start({ maxNameSize: 16 });
    const named = (name: string) =>
      root(a, 'placeholder', 20n, (transaction) => {
        transaction.name = new TextEncoder().encode(name);
      });
    for (const name of ['Acme', '-acme', '_acme', 'ac.me', 'ac me', 'acmé', '', 'a'.repeat(17)]) {
      expect(await announce(named(name), a), name).toBe('Failure_Namespace_Invalid_Name');
    }
    await accept(root(a, 'a-b_c9', 20n), a);
    await accept(root(a, 'a'.repeat(16), 20n), a);
    // A valid name with an id it does not make.
    const mismatched = root(a, 'acme', 20n, (transaction) => {
      transaction.id = new models.NamespaceId(generateNamespaceId('other'));
    });
    expect(await announce(mismatched, a)).toBe('Failure_Namespace_Name_Id_Mismatch');
  });

  it('rejects reserved root names with Failure_Namespace_Root_Name_Reserved; `symbol` is taken for ever and its children are the nemesis account’s', async () => {
    await start();
    for (const name of ['xym', 'nem', 'user', 'symbl']) expect(await announce(root(a, name, 20n), a), name).toBe('Failure_Namespace_Root_Name_Reserved');
    // Catapult checks the existing root before the reserved name: `symbol` is eternal, so no duration renews it.
    expect(await announce(root(a, 'symbol', 20n), a)).toBe('Failure_Namespace_Invalid_Duration');
    // And the owner before the reserved parent: `symbol` belongs to the nemesis account.
    expect(await announce(child(a, 'mine', generateNamespaceId('symbol')), a)).toBe('Failure_Namespace_Owner_Conflict');
    // `xym` is no root: nothing can be registered under it.
    expect(await announce(child(a, 'mine', generateNamespaceId('xym')), a)).toBe('Failure_Namespace_Unknown_Parent');
  });

  it('moves rootNamespaceRentalFeePerBlock × duration × the dynamic fee multiplier to the namespace sink, with a Namespace_Rental_Fee receipt at the transaction’s source', async () => {
    await start();
    const sink = chain.sinks.namespaceRental.addressHex;
    expect((await server.get('/network/fees/rental')).body).toMatchObject({ effectiveRootNamespaceRentalFeePerBlock: '200', effectiveChildNamespaceRentalFee: '10000000' });
    const before = chain.ledger.balance(a.addressHex, currency());
    const tx = root(a, 'acme', 30n);
    await accept(tx, a);
    const block = chain.harvest();

    const fee = BigInt(block.block.feeMultiplier) * BigInt(tx.transaction.size);
    expect(chain.ledger.balance(sink, currency())).toBe(2n * 30n * 100n);
    expect(before - chain.ledger.balance(a.addressHex, currency())).toBe(6_000n + fee);
    expect(await receiptsAt(2, { primaryId: 1, secondaryId: 0 })).toEqual([
      { version: 1, type: NAMESPACE_RENTAL_FEE, mosaicId: currency(), amount: '6000', senderAddress: a.addressHex, recipientAddress: sink },
    ]);
  });

  it('rejects a registration whose signer cannot pay the rental fee with Failure_Core_Insufficient_Balance', async () => {
    await start({ rootNamespaceRentalFeePerBlock: 100_000n });
    const poor = newAccount('poor namespace owner');
    await accept(transfer(chain, a, poor, { amount: 5_000_000n }), a);
    chain.harvest();
    // 100 000 × 20 blocks × 100 = 200 XYM.
    expect(await announce(signed(poor, { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: 20n, name: 'acme', fee: 100_000n }), poor)).toBe(
      'Failure_Core_Insufficient_Balance',
    );
    chain.harvest();
    expect(chain.ledger.balance(poor.addressHex, currency())).toBe(5_000_000n);
  });
});

describe('root namespace renewal', () => {
  it('moves the end by the duration when the owner renews (start, children and alias kept), with the rental fee of the new duration', async () => {
    await start();
    await accept(root(a, 'acme', 20n), a);
    chain.harvest();
    await accept(child(a, 'shop', ACME), a);
    await accept(addressAlias(a, ACME, a), a);
    chain.harvest();
    const sink = chain.sinks.namespaceRental.addressHex;
    const before = chain.ledger.balance(sink, currency());
    await accept(root(a, 'acme', 30n), a);
    chain.harvest();

    expect((await namespaceInfo(ACME)).namespace).toMatchObject({ startHeight: '2', endHeight: String(27 + 30), alias: { type: 2, address: a.addressHex } });
    expect((await namespaceInfo(SHOP)).namespace).toMatchObject({ startHeight: '2', endHeight: '57' });
    expect(chain.ledger.balance(sink, currency()) - before).toBe(2n * 30n * 100n);
  });

  it('rejects a renewal by another account with Failure_Namespace_Owner_Conflict, and one past maxNamespaceDuration from now with Failure_Namespace_Invalid_Duration', async () => {
    await start();
    await accept(root(a, 'acme', 20n), a); // ends at 2 + 20 + 5 = 27
    chain.harvest();
    expect(await announce(root(b, 'acme', 20n), b)).toBe('Failure_Namespace_Owner_Conflict');
    // Checked at height 3: the end may reach 3 + 100.
    expect(await announce(root(a, 'acme', 77n), a)).toBe('Failure_Namespace_Invalid_Duration');
    await accept(root(a, 'acme', 76n), a);
    chain.harvest();
    expect((await namespaceInfo(ACME)).namespace.endHeight).toBe('103');
  });

  it('lets the owner renew during the grace period (from the old end) and nobody else (Failure_Namespace_Owner_Conflict)', async () => {
    await start();
    await accept(root(a, 'acme', 10n), a); // expires at 12, gone at 17
    chain.harvest();
    harvestTo(13);
    expect(await announce(root(b, 'acme', 10n), b)).toBe('Failure_Namespace_Owner_Conflict');
    await accept(root(a, 'acme', 10n), a);
    chain.harvest();
    expect((await namespaceInfo(ACME)).namespace).toMatchObject({ ownerAddress: a.addressHex, startHeight: '2', endHeight: '27' });
    harvestTo(18);
    expect((await namespaceInfo(ACME)).meta.active).toBe(true);
  });
});

describe('child namespaces', () => {
  it('registers children down to maxNamespaceDepth levels, sharing the root’s lifetime; one level more fails with Failure_Namespace_Too_Deep', async () => {
    await start();
    const eu = generateNamespaceId('eu', SHOP);
    await accept(root(a, 'acme', 20n), a);
    await accept(child(a, 'shop', ACME), a);
    await accept(child(a, 'eu', SHOP), a);
    expect(await announce(child(a, 'paris', eu), a)).toBe('Failure_Namespace_Too_Deep');
    chain.harvest();

    expect((await namespaceInfo(eu)).namespace).toEqual({
      version: 1,
      registrationType: 1,
      depth: 3,
      level0: hex(ACME),
      level1: hex(SHOP),
      level2: hex(eu),
      alias: { type: 0 },
      parentId: hex(SHOP),
      ownerAddress: a.addressHex,
      startHeight: '2',
      endHeight: '27',
    });
    const names = (await server.request('POST', '/namespaces/names', { body: JSON.stringify({ namespaceIds: [hex(eu)] }), headers: JSON_HEADERS })).body;
    expect(names).toEqual([
      { id: hex(eu), name: 'eu', parentId: hex(SHOP) },
      { id: hex(SHOP), name: 'shop', parentId: hex(ACME) },
      { id: hex(ACME), name: 'acme' },
    ]);
  });

  it('moves childNamespaceRentalFee × the dynamic fee multiplier (10 XYM) to the namespace sink, with a Namespace_Rental_Fee receipt', async () => {
    await start();
    await accept(root(a, 'acme', 20n), a);
    chain.harvest();
    const sink = chain.sinks.namespaceRental.addressHex;
    const before = chain.ledger.balance(sink, currency());
    await accept(child(a, 'shop', ACME), a);
    chain.harvest();
    expect(chain.ledger.balance(sink, currency()) - before).toBe(10_000_000n);
    expect(await receiptsAt(3, { primaryId: 1, secondaryId: 0 })).toEqual([
      { version: 1, type: NAMESPACE_RENTAL_FEE, mosaicId: currency(), amount: '10000000', senderAddress: a.addressHex, recipientAddress: sink },
    ]);
  });

  it('rejects a child of another’s root (Owner_Conflict), of an unknown parent (Unknown_Parent), and one that exists (Already_Exists)', async () => {
    await start();
    await accept(root(a, 'acme', 20n), a);
    await accept(child(a, 'shop', ACME), a);
    chain.harvest();
    expect(await announce(child(b, 'mine', ACME), b)).toBe('Failure_Namespace_Owner_Conflict');
    expect(await announce(child(a, 'shop', generateNamespaceId('nowhere')), a)).toBe('Failure_Namespace_Unknown_Parent');
    expect(await announce(child(a, 'shop', ACME), a)).toBe('Failure_Namespace_Already_Exists');
  });

  it('rejects more than maxChildNamespaces namespaces under one root, every level counted, with Failure_Namespace_Max_Children_Exceeded', async () => {
    await start({ maxChildNamespaces: 2 });
    await accept(root(a, 'acme', 20n), a);
    await accept(child(a, 'shop', ACME), a);
    await accept(child(a, 'eu', SHOP), a);
    expect(await announce(child(a, 'blog', ACME), a)).toBe('Failure_Namespace_Max_Children_Exceeded');
    chain.harvest();
    expect((await server.get(`/namespaces?level0=${hex(ACME)}`)).body.data).toHaveLength(3);
  });
});

describe('namespace expiry', () => {
  /** a's root `acme` (active [2, 12), grace [12, 17)) with a child `shop` and an alias to a, at height 3. */
  async function startWithAcme(): Promise<void> {
    await start();
    await accept(root(a, 'acme', 10n), a);
    chain.harvest();
    await accept(child(a, 'shop', ACME), a);
    await accept(addressAlias(a, ACME, a), a);
    chain.harvest();
  }

  it('expires at registration height + duration (Namespace_Expired), refuses new children and aliases in the grace period, and is deleted at its end (Namespace_Deleted) with its children and aliases', async () => {
    await startWithAcme();
    harvestTo(11);
    expect((await receiptsAt(11)).map((receipt) => receipt.type)).not.toContain(NAMESPACE_EXPIRED);

    chain.harvest(); // 12
    expect((await receiptsAt(12)).filter((receipt) => receipt.type !== 0x2143)).toEqual([{ version: 1, type: NAMESPACE_EXPIRED, artifactId: hex(ACME) }]);
    expect((await namespaceInfo(ACME)).meta.active).toBe(true);
    expect(await announce(child(a, 'blog', ACME), a)).toBe('Failure_Namespace_Expired');
    expect(await announce(addressAlias(a, SHOP, b), a)).toBe('Failure_Namespace_Expired');
    expect(await announce(addressAlias(a, ACME, a, 'unlink'), a)).toBe('Failure_Namespace_Expired');

    harvestTo(16);
    expect((await receiptsAt(16)).map((receipt) => receipt.type)).not.toContain(NAMESPACE_DELETED);
    expect((await namespaceInfo(SHOP)).namespace.endHeight).toBe('17');
    chain.harvest(); // 17
    expect((await receiptsAt(17)).filter((receipt) => receipt.type !== 0x2143)).toEqual([{ version: 1, type: NAMESPACE_DELETED, artifactId: hex(ACME) }]);
    // Inactive now, still listed until its height is finalized (catapult prunes then), its names gone.
    expect((await namespaceInfo(ACME)).meta.active).toBe(false);
    expect((await namespaceInfo(SHOP)).meta.active).toBe(false);
    const accountNames = (await server.request('POST', '/namespaces/account/names', { body: JSON.stringify({ addresses: [a.address] }), headers: JSON_HEADERS })).body;
    expect(accountNames).toEqual({ accountNames: [{ address: a.addressHex, names: [] }] });
    harvestTo(20); // finalized: pruned with its child
    expect((await server.get(`/namespaces/${hex(ACME)}`)).status).toBe(404);
    expect((await server.get(`/namespaces/${hex(SHOP)}`)).status).toBe(404);

    // Anyone may take the name now, afresh: no children, no alias.
    await accept(root(b, 'acme', 10n), b);
    chain.harvest();
    expect((await namespaceInfo(ACME)).namespace).toMatchObject({ ownerAddress: b.addressHex, startHeight: '21', endHeight: '36', alias: { type: 0 } });
    expect((await server.get(`/namespaces/${hex(SHOP)}`)).status).toBe(404);
    expect((await server.get(`/namespaces?level0=${hex(ACME)}`)).body.data).toHaveLength(1);
  });

  it('lets another take an ended root before it is pruned: it starts afresh, without the old children and alias', async () => {
    await startWithAcme();
    harvestTo(17);
    await accept(root(b, 'acme', 10n), b);
    chain.harvest(); // 18
    expect((await namespaceInfo(ACME)).namespace).toMatchObject({ ownerAddress: b.addressHex, startHeight: '18', endHeight: '33', alias: { type: 0 } });
    expect((await server.get(`/namespaces/${hex(SHOP)}`)).status).toBe(404);
    harvestTo(20); // the finalization prunes nothing that is held
    expect((await namespaceInfo(ACME)).meta.active).toBe(true);
  });

  it('gives an ended root back to its owner with its children and aliases when the owner registers it again before it is pruned', async () => {
    await startWithAcme();
    harvestTo(17);
    expect((await namespaceInfo(ACME)).meta.active).toBe(false);
    await accept(root(a, 'acme', 10n), a);
    chain.harvest(); // 18
    expect((await namespaceInfo(ACME)).namespace).toMatchObject({ ownerAddress: a.addressHex, startHeight: '18', endHeight: '33', alias: { type: 2, address: a.addressHex } });
    expect((await namespaceInfo(SHOP)).namespace).toMatchObject({ startHeight: '18', endHeight: '33' });
    expect((await namespaceInfo(SHOP)).meta.active).toBe(true);
    harvestTo(20); // the finalization prunes nothing that is held
    expect((await server.get(`/namespaces?level0=${hex(ACME)}`)).body.data).toHaveLength(2);
  });

  it('gives both receipts in one block when there is no grace period', async () => {
    await start({ namespaceGracePeriod: 0n });
    await accept(root(a, 'acme', 10n), a);
    chain.harvest();
    harvestTo(12);
    expect((await receiptsAt(12)).filter((receipt) => receipt.type !== 0x2143)).toEqual([
      { version: 1, type: NAMESPACE_EXPIRED, artifactId: hex(ACME) },
      { version: 1, type: NAMESPACE_DELETED, artifactId: hex(ACME) },
    ]);
    expect((await namespaceInfo(ACME)).meta.active).toBe(false);
    harvestTo(20);
    expect((await server.get(`/namespaces/${hex(ACME)}`)).status).toBe(404);
  });
});

describe('aliases', () => {
  it('links an address alias and unlinks it: GET /namespaces shows it, POST /namespaces/account/names names it', async () => {
    await start();
    await accept(root(a, 'acme', 20n), a);
    chain.harvest();
    await accept(addressAlias(a, ACME, b), a);
    chain.harvest();
    expect((await namespaceInfo(ACME)).namespace.alias).toEqual({ type: 2, address: b.addressHex });
    const names = async () =>
      (await server.request('POST', '/namespaces/account/names', { body: JSON.stringify({ addresses: [b.address] }), headers: JSON_HEADERS })).body.accountNames[0].names;
    expect(await names()).toEqual(['acme']);
    expect((await server.get(`/namespaces?aliasType=2&ownerAddress=${a.address}`)).body.data).toHaveLength(1);

    await accept(addressAlias(a, ACME, b, 'unlink'), a);
    chain.harvest();
    expect((await namespaceInfo(ACME)).namespace.alias).toEqual({ type: 0 });
    expect(await names()).toEqual([]);
  });

  it('links a mosaic alias to the owner’s mosaic and unlinks it', async () => {
    await start();
    const id = await mosaicOf(a, 1);
    await accept(root(a, 'acme', 20n), a);
    await accept(child(a, 'token', ACME), a);
    chain.harvest();
    const token = generateNamespaceId('token', ACME);
    await accept(mosaicAlias(a, token, id), a);
    chain.harvest();
    expect((await namespaceInfo(token)).namespace.alias).toEqual({ type: 1, mosaicId: hex(id) });
    const mosaicNames = (await server.request('POST', '/namespaces/mosaic/names', { body: JSON.stringify({ mosaicIds: [hex(id)] }), headers: JSON_HEADERS })).body;
    expect(mosaicNames).toEqual({ mosaicNames: [{ mosaicId: hex(id), names: ['acme.token'] }] });
    await accept(mosaicAlias(a, token, id, 'unlink'), a);
    chain.harvest();
    expect((await namespaceInfo(token)).namespace.alias).toEqual({ type: 0 });
  });

  it('lets only the owner link an alias (Failure_Namespace_Owner_Conflict); an unknown namespace fails with Failure_Namespace_Unknown', async () => {
    await start();
    await accept(root(a, 'acme', 20n), a);
    await accept(child(a, 'shop', ACME), a);
    chain.harvest();
    expect(await announce(addressAlias(b, ACME, b), b)).toBe('Failure_Namespace_Owner_Conflict');
    expect(await announce(addressAlias(b, SHOP, b), b)).toBe('Failure_Namespace_Owner_Conflict');
    expect(await announce(addressAlias(a, generateNamespaceId('nowhere'), a), a)).toBe('Failure_Namespace_Unknown');
  });

  it('keeps one alias per namespace: a second link fails with Failure_Namespace_Alias_Already_Exists until the first is unlinked', async () => {
    await start();
    const id = await mosaicOf(a, 1);
    await accept(root(a, 'acme', 20n), a);
    chain.harvest();
    await accept(addressAlias(a, ACME, a), a);
    chain.harvest();
    expect(await announce(addressAlias(a, ACME, b), a)).toBe('Failure_Namespace_Alias_Already_Exists');
    expect(await announce(mosaicAlias(a, ACME, id), a)).toBe('Failure_Namespace_Alias_Already_Exists');
    await accept(addressAlias(a, ACME, a, 'unlink'), a);
    await accept(mosaicAlias(a, ACME, id), a);
    chain.harvest();
    expect((await namespaceInfo(ACME)).namespace.alias).toEqual({ type: 1, mosaicId: hex(id) });
  });

  it('rejects an unlink of another value (Inconsistent_Unlink_Data), of the other kind (Inconsistent_Unlink_Type), or where no alias is (Unknown_Alias)', async () => {
    await start();
    const id = await mosaicOf(a, 1);
    await accept(root(a, 'acme', 20n), a);
    await accept(child(a, 'shop', ACME), a);
    chain.harvest();
    await accept(addressAlias(a, ACME, a), a);
    chain.harvest();
    expect(await announce(addressAlias(a, ACME, b, 'unlink'), a)).toBe('Failure_Namespace_Alias_Inconsistent_Unlink_Data');
    expect(await announce(mosaicAlias(a, ACME, id, 'unlink'), a)).toBe('Failure_Namespace_Alias_Inconsistent_Unlink_Type');
    expect(await announce(addressAlias(a, SHOP, a, 'unlink'), a)).toBe('Failure_Namespace_Unknown_Alias');
    expect(await announce(mosaicAlias(a, SHOP, id, 'unlink'), a)).toBe('Failure_Namespace_Unknown_Alias');
  });

  it('rejects an address alias to an address the chain never saw with Failure_Namespace_Alias_Invalid_Address', async () => {
    await start();
    await accept(root(a, 'acme', 20n), a);
    chain.harvest();
    const stranger = newAccount('stranger');
    expect(await announce(addressAlias(a, ACME, stranger), a)).toBe('Failure_Namespace_Alias_Invalid_Address');
    // Once the chain has seen it (as a recipient), it may be aliased.
    await accept(transfer(chain, a, stranger, { amount: 1n }), a);
    chain.harvest();
    await accept(addressAlias(a, ACME, stranger), a);
  });

  it('rejects a mosaic alias to another’s mosaic with Failure_Mosaic_Owner_Conflict, and to an unknown one with Failure_Mosaic_Expired', async () => {
    await start();
    const theirs = await mosaicOf(b, 1);
    await accept(root(a, 'acme', 20n), a);
    chain.harvest();
    expect(await announce(mosaicAlias(a, ACME, theirs), a)).toBe('Failure_Mosaic_Owner_Conflict');
    expect(await announce(mosaicAlias(a, ACME, generateMosaicId(chain.facade.network.publicKeyToAddress(a.keyPair.publicKey), 9)), a)).toBe('Failure_Mosaic_Expired');
  });
});

describe('the unconfirmed state', () => {
  it('accepts a registration, a child of it and an alias of it announced before the next block, as a node does', async () => {
    await start();
    const id = await mosaicOf(a, 1);
    await accept(root(a, 'acme', 20n), a);
    await accept(child(a, 'token', ACME), a);
    await accept(addressAlias(a, ACME, c), a);
    await accept(mosaicAlias(a, generateNamespaceId('token', ACME), id), a);
    // A second claim of the same root by another waits on nothing: it is already taken.
    expect(await announce(root(b, 'acme', 20n), b)).toBe('Failure_Namespace_Owner_Conflict');
    const block = chain.harvest();

    expect(block.meta.transactionsCount).toBe(5);
    expect((await namespaceInfo(ACME)).namespace.alias).toEqual({ type: 2, address: c.addressHex });
    expect((await namespaceInfo(generateNamespaceId('token', ACME))).namespace.alias).toEqual({ type: 1, mosaicId: hex(id) });
    expect((await server.get('/transactions/unconfirmed')).body.data).toEqual([]);
  });
});
