/**
 * Fork mode (`InMemoryChain.fork`, `symbol-gateway --fork`): an upstream gateway of ours over an
 * in-memory chain with state made by real transactions (namespaces with aliases, a mosaic,
 * multisig, metadata) is forked at its latest finalized block. The fork answers the upstream's
 * network, its fork block and its state; an upstream account whose key is known sends from it
 * (through an alias, a multisig, a mosaic it holds) with catapult's rules and failure codes,
 * local blocks go on top, and nothing reaches the upstream.
 */
import { Address, generateMosaicId, generateNamespaceId, metadataGenerateKey, models } from 'symbol-sdk/symbol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryChain } from '../../src/in-memory-chain.js';
import { type ChainAccount } from '../../src/memory/chain/identity.js';
import { confirm, hex, outcomeOf, signedBy, unfundedAccount } from '../support/announce.js';
import { finished, listening } from '../support/cli.js';
import { closeServers, finalizeHead, forkOf, type Upstream } from '../support/fork.js';
import { startGateway, testChain, TestServer } from '../support/server.js';
import { aggregate, cosign, embeddedTransfer, transfer, type Signed } from '../support/signing.js';

const JSON_HEADERS = { 'content-type': 'application/json' };
const NAME = metadataGenerateKey('name');


/** `account` as the fork signs for it: the same keys (the fork's network is the upstream's). */
function on(chain: InMemoryChain, account: ChainAccount): ChainAccount {
  expect(chain.facade.network.publicKeyToAddress(account.keyPair.publicKey).toString()).toBe(account.address);
  return account;
}

/** Announces over HTTP, lets the fork fetch what the checks read, harvests one block and checks every transaction was confirmed in it; returns its height. */
async function confirmOnFork(server: TestServer & { chain: InMemoryChain }, ...transactions: Signed[]): Promise<bigint> {
  for (const transaction of transactions) {
    expect((await server.request('PUT', '/transactions', { body: transaction.body, headers: JSON_HEADERS })).status).toBe(202);
  }
  await server.chain.checkAnnounced();
  const height = BigInt(server.chain.harvest().block.height);
  const statuses = await server.chain.transactionStatus.find(transactions.map((transaction) => transaction.hash));
  expect(statuses.map((status) => `${status.group} ${status.code} ${status.height}`)).toEqual(transactions.map(() => `confirmed Success ${height}`));
  return height;
}

const balanceOf = async (server: TestServer, address: string, mosaicId: string): Promise<bigint> => {
  const reply = await server.get(`/accounts/${address}`);
  if (reply.status === 404) return 0n;
  const held = (reply.body.account.mosaics as { id: string; amount: string }[]).find((mosaic) => mosaic.id === mosaicId);
  return BigInt(held?.amount ?? '0');
};

describe('fork mode', () => {
  let upstream: Upstream;
  let fork: TestServer & { chain: InMemoryChain };
  let a: ChainAccount, b: ChainAccount, c: ChainAccount, d: ChainAccount;
  let token: string;
  const vault = generateNamespaceId('vault');
  const coin = generateNamespaceId('coin', vault);

  beforeAll(async () => {
    // The upstream's accounts come from another seed than the fork's own funded accounts.
    upstream = await startGateway({ backend: testChain({ seed: 'fork-upstream', finalizationInterval: 2 }) });
    const chain = upstream.chain;
    [a, b, c, d] = chain.fundedAccounts;
    const mosaicId = generateMosaicId(new Address(a.address), 7);
    token = hex(mosaicId);
    await confirm(
      upstream,
      signedBy(chain, a, { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: 200_000n, name: 'vault' }),
      signedBy(chain, a, { type: 'mosaic_definition_transaction_v1', nonce: 7, flags: 'supply_mutable transferable', divisibility: 0, duration: 0n }),
    );
    await confirm(
      upstream,
      signedBy(chain, a, { type: 'namespace_registration_transaction_v1', registrationType: 'child', parentId: vault, name: 'coin' }),
      signedBy(chain, a, { type: 'mosaic_supply_change_transaction_v1', mosaicId, delta: 5_000n, action: 'increase' }),
    );
    await confirm(
      upstream,
      signedBy(chain, a, { type: 'mosaic_alias_transaction_v1', namespaceId: coin, mosaicId, aliasAction: 'link' }),
      signedBy(chain, a, { type: 'address_alias_transaction_v1', namespaceId: vault, address: b.address, aliasAction: 'link' }),
      transfer(chain, a, b, { mosaicId, amount: 1_000n }),
    );
    // c becomes a 1-of-1 multisig of d.
    const modification = chain.facade.transactionFactory.createEmbedded({
      type: 'multisig_account_modification_transaction_v1',
      signerPublicKey: c.keyPair.publicKey,
      minApprovalDelta: 1,
      minRemovalDelta: 1,
      addressAdditions: [new Address(d.address)],
      addressDeletions: [],
    } as never);
    const metadata = chain.facade.transactionFactory.createEmbedded({
      type: 'account_metadata_transaction_v1',
      signerPublicKey: a.keyPair.publicKey,
      targetAddress: a.address,
      scopedMetadataKey: NAME,
      valueSizeDelta: 5,
      value: new Uint8Array(Buffer.from('alice')),
    } as never);
    await confirm(upstream, aggregate(chain, 'complete', c, [modification], { cosigners: [d] }), aggregate(chain, 'complete', a, [metadata]));
    await finalizeHead(upstream);
    fork = await forkOf(upstream);
  });

  afterAll(() => closeServers(fork, upstream));

  it("starts at the upstream's latest finalized block, on its network", async () => {
    const head = (await upstream.get('/chain/info')).body;
    const forked = (await fork.get('/chain/info')).body;
    expect(forked.height).toBe(head.latestFinalizedBlock.height);
    expect(forked.latestFinalizedBlock).toEqual(head.latestFinalizedBlock);
    expect(fork.chain.fork).toEqual({ url: upstream.base, height: BigInt(head.latestFinalizedBlock.height) });
    expect((await fork.get(`/blocks/${forked.height}`)).body).toEqual((await upstream.get(`/blocks/${forked.height}`)).body);
    expect((await fork.get('/blocks/1')).status).toBe(404);
    const [node, properties] = await Promise.all([fork.get('/node/info'), fork.get('/network/properties')]);
    const [upstreamNode, upstreamProperties] = await Promise.all([upstream.get('/node/info'), upstream.get('/network/properties')]);
    expect(node.body.networkGenerationHashSeed).toBe(upstreamNode.body.networkGenerationHashSeed);
    for (const path of ['network.epochAdjustment', 'network.nemesisSignerPublicKey', 'chain.currencyMosaicId', 'chain.harvestNetworkFeeSinkAddress', 'plugins.namespace.namespaceRentalFeeSinkAddress']) {
      const [section, name] = [path.slice(0, path.indexOf('.')), path.slice(path.indexOf('.') + 1)];
      const read = (body: any) => (section === 'plugins' ? body.plugins[name.split('.')[0]][name.split('.')[1]] : body[section][name]);
      expect(read(properties.body), path).toBe(read(upstreamProperties.body));
    }
  });

  it("reads the upstream's state on first use: accounts, mosaics, namespaces, multisig, metadata", async () => {
    for (const account of [a, b, c, d]) {
      expect((await fork.get(`/accounts/${account.address}`)).body.account).toEqual((await upstream.get(`/accounts/${account.address}`)).body.account);
    }
    expect((await fork.get(`/mosaics/${token}`)).body.mosaic).toEqual((await upstream.get(`/mosaics/${token}`)).body.mosaic);
    for (const id of [hex(vault), hex(coin)]) expect((await fork.get(`/namespaces/${id}`)).body.namespace).toEqual((await upstream.get(`/namespaces/${id}`)).body.namespace);
    const names = { body: JSON.stringify({ namespaceIds: [hex(coin)] }), headers: JSON_HEADERS };
    expect((await fork.request('POST', '/namespaces/names', names)).body).toEqual((await upstream.request('POST', '/namespaces/names', names)).body);
    expect((await fork.get(`/account/${c.address}/multisig`)).body.multisig).toEqual((await upstream.get(`/account/${c.address}/multisig`)).body.multisig);
    expect((await fork.get(`/account/${d.address}/multisig/graph`)).body).toEqual((await upstream.get(`/account/${d.address}/multisig/graph`)).body);
    const [entry] = (await upstream.get(`/metadata?targetAddress=${a.address}`)).body.data;
    expect((await fork.get(`/metadata/${entry.metadataEntry.compositeHash}`)).body.metadataEntry).toEqual(entry.metadataEntry);
    expect((await fork.get(`/accounts/${unfundedAccount(upstream.chain, 'never seen').address}`)).status).toBe(404);
  });

  it('answers a search anew once a read by key fetched an entry it lists', async () => {
    const fresh = await forkOf(upstream);
    try {
      const search = `/metadata?targetAddress=${a.address}`;
      const [entry] = (await upstream.get(search)).body.data;
      expect((await fresh.get(search)).body.data).toEqual([]);
      expect((await fresh.get(`/metadata/${entry.metadataEntry.compositeHash}`)).status).toBe(200);
      expect((await fresh.get(search)).body.data.map((found: any) => found.metadataEntry)).toEqual([entry.metadataEntry]);
    } finally {
      await fresh.close();
      fresh.chain.close();
    }
  });

  it('sends from an upstream account with a known key: through aliases, with its mosaic, as a multisig; nothing reaches the upstream', async () => {
    const chain = fork.chain;
    const x = unfundedAccount(chain, 'fork recipient');
    const before = { a: await balanceOf(upstream, a.address, chain.currency.mosaicId), b: await balanceOf(upstream, b.address, token) };
    // a pays b through the `vault` alias, with its token through the `vault.coin` alias.
    const viaAlias = signedBy(chain, on(chain, a), {
      type: 'transfer_transaction_v1',
      recipientAddress: aliasAddress(chain, vault),
      mosaics: [{ mosaicId: coin, amount: 10n }],
    });
    // c, a multisig upstream, pays x: only d's cosignature makes it complete.
    const multisig = aggregate(chain, 'complete', on(chain, d), [embeddedTransfer(chain, c, x, 2_000_000n)]);
    const height = await confirmOnFork(fork, viaAlias, multisig, transfer(chain, on(chain, a), x, { amount: 3_000_000n }));
    expect(height).toBe(fork.chain.fork!.height + 1n);
    expect(await balanceOf(fork, b.address, token)).toBe(before.b + 10n);
    expect(await balanceOf(fork, x.address, chain.currency.mosaicId)).toBe(5_000_000n);
    const fee = (await fork.get(`/transactions/confirmed/${viaAlias.hash}`)).body.transaction.maxFee;
    expect(await balanceOf(fork, a.address, chain.currency.mosaicId)).toBeLessThan(before.a - 3_000_000n);
    expect(BigInt(fee)).toBeGreaterThan(0n);
    // The block links to the upstream's fork block.
    const block = (await fork.get(`/blocks/${height}`)).body.block;
    expect(block.previousBlockHash).toBe((await upstream.get(`/blocks/${height - 1n}`)).body.meta.hash);
    // The upstream saw none of it.
    expect(await balanceOf(upstream, a.address, chain.currency.mosaicId)).toBe(before.a);
    expect(await balanceOf(upstream, b.address, token)).toBe(before.b);
    expect((await upstream.get(`/transactionStatus/${viaAlias.hash}`)).status).toBe(404);
  });

  it("checks with catapult's rules on the upstream's state: balances, multisig, ownership", async () => {
    const chain = fork.chain;
    const x = unfundedAccount(chain, 'fork rules');
    // b holds 1 010 of the token: not 5 000.
    expect(await outcomeOf(fork, transfer(chain, on(chain, b), x, { mosaicId: BigInt(`0x${token}`), amount: 5_000n }), b)).toBe('Failure_Core_Insufficient_Balance');
    // c is a multisig upstream: it may not sign for itself.
    expect(await outcomeOf(fork, transfer(chain, on(chain, c), x), c)).toBe('Failure_Multisig_Operation_Prohibited_By_Account');
    // The token's supply belongs to a, not to b.
    const supply = signedBy(chain, on(chain, b), { type: 'mosaic_supply_change_transaction_v1', mosaicId: BigInt(`0x${token}`), delta: 1n, action: 'increase' });
    expect(await outcomeOf(fork, supply, b)).toBe('Failure_Mosaic_Owner_Conflict');
    // `vault` is a's: b may not register it again.
    const taken = signedBy(chain, on(chain, b), { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: 200_000n, name: 'vault' });
    expect(await outcomeOf(fork, taken, b)).toBe('Failure_Namespace_Owner_Conflict');
  });

  it('keeps its own funded accounts, credited on top of the upstream', async () => {
    const own = fork.chain.fundedAccounts[0];
    expect(await balanceOf(fork, own.address, fork.chain.currency.mosaicId)).toBeGreaterThanOrEqual(fork.chain.options.accountBalance);
    const x = unfundedAccount(fork.chain, 'from a local account');
    await confirmOnFork(fork, transfer(fork.chain, own, x, { amount: 7_000_000n }));
    expect(await balanceOf(fork, x.address, fork.chain.currency.mosaicId)).toBe(7_000_000n);
  });

  it('completes an aggregate bonded of an upstream multisig with a cosignature, its hash lock paid by another upstream account', async () => {
    const chain = fork.chain;
    const x = unfundedAccount(chain, 'bonded recipient');
    // d approves for c (its multisig); b's part needs b's cosignature.
    const bonded = aggregate(chain, 'bonded', on(chain, d), [embeddedTransfer(chain, c, x, 1_000_000n), embeddedTransfer(chain, b, x, 2_000_000n)]);
    const lock = signedBy(chain, on(chain, a), { type: 'hash_lock_transaction_v1', mosaic: { mosaicId: BigInt(`0x${chain.currency.mosaicId}`), amount: chain.rules.lockedFundsPerAggregate }, duration: 100n, hash: bonded.hash });
    await confirmOnFork(fork, lock);
    expect((await fork.request('PUT', '/transactions/partial', { body: bonded.body, headers: JSON_HEADERS })).status).toBe(202);
    await chain.checkAnnounced();
    expect((await fork.get(`/transactionStatus/${bonded.hash}`)).body).toMatchObject({ group: 'partial' });
    expect((await fork.request('PUT', '/transactions/cosignature', { body: JSON.stringify(cosign(chain, b, bonded)), headers: JSON_HEADERS })).status).toBe(202);
    await chain.checkAnnounced();
    expect((await fork.get(`/transactionStatus/${bonded.hash}`)).body).toMatchObject({ group: 'unconfirmed' });
    chain.harvest();
    expect((await fork.get(`/transactionStatus/${bonded.hash}`)).body).toMatchObject({ group: 'confirmed' });
    expect(await balanceOf(fork, x.address, chain.currency.mosaicId)).toBe(3_000_000n);
  });

  it('sets a balance on top of the upstream state, and refuses to dump', async () => {
    // An upstream account the fork never read.
    const e = upstream.chain.fundedAccounts[5];
    const body = JSON.stringify({ address: e.address, mosaicId: token, amount: '123' });
    expect((await fork.request('PUT', '/dev/balance', { body, headers: JSON_HEADERS, spec: false })).status).toBe(200);
    expect(await balanceOf(fork, e.address, token)).toBe(123n);
    expect(await balanceOf(fork, e.address, fork.chain.currency.mosaicId)).toBe(await balanceOf(upstream, e.address, fork.chain.currency.mosaicId));
    expect(() => fork.chain.dev.dump()).toThrow(/forked chain cannot be dumped/);
    const height = fork.chain.height;
    const reset = await fork.request('POST', '/dev/reset', { spec: false });
    expect([reset.status, reset.body.message]).toEqual([409, `a forked chain cannot be reset: start the fork again to read ${upstream.base} afresh`]);
    expect(fork.chain.height).toBe(height);
  });

  it('forks at a given finalized height, and refuses one the upstream has not finalized', async () => {
    const at = await forkOf(upstream, 2n);
    try {
      expect((await at.get('/chain/info')).body.height).toBe('2');
      expect((await at.get('/blocks/2')).body).toEqual((await upstream.get('/blocks/2')).body);
      expect((await at.get('/chain/info')).body.latestFinalizedBlock).toMatchObject({ height: '2', hash: (await upstream.get('/blocks/2')).body.meta.hash });
    } finally {
      await at.close();
      at.chain.close();
    }
    const beyond = upstream.chain.height + 10n;
    await expect(InMemoryChain.fork({ url: upstream.base, height: beyond })).rejects.toThrow(/finalized height/);
    await expect(InMemoryChain.fork({ url: 'http://127.0.0.1:9', upstream: { retries: 0, timeout: 500 } })).rejects.toThrow(/127\.0\.0\.1:9/);
  });

  it('runs from the command line: npx symbol-gateway --fork <url>', async () => {
    const { base, child, printed } = await listening(['--fork', upstream.base, '--port', '0', '--block-time', '0']);
    try {
      await printed(`forked from ${upstream.base}`);
      const info = (await (await fetch(`${base}/chain/info`)).json()) as { latestFinalizedBlock: unknown };
      expect(info.latestFinalizedBlock).toEqual((await upstream.get('/chain/info')).body.latestFinalizedBlock);
      const account = (await (await fetch(`${base}/accounts/${a.address}`)).json()) as { account: { mosaics: unknown } };
      expect(account.account.mosaics).toEqual((await upstream.get(`/accounts/${a.address}`)).body.account.mosaics);
    } finally {
      child.kill();
    }
    const refused = await finished(['--fork', upstream.base, '--network', 'mainnet']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--network goes without --fork/);
  });
});

/** The address a namespace id stands for in a transaction (an unresolved address). */
function aliasAddress(chain: InMemoryChain, namespaceId: bigint): Address {
  return Address.fromNamespaceId(new models.NamespaceId(namespaceId), chain.symbolNetwork.identifier);
}
