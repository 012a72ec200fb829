/**
 * Takes docs/explorer.png, the README's picture of the explorer: a gateway over an in-memory
 * chain with a few blocks of transfers, an aggregate and a namespace, in headless Chromium;
 * docs/explorer-charts.png, its home page (the latest transactions, the charts of the latest
 * blocks); docs/explorer-trace.png, a failed transaction's trace (a development gateway).
 * `npm run screenshot:explorer`
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { generateMosaicId, generateNamespaceId, metadataGenerateKey, models, SymbolFacade } from 'symbol-sdk/symbol';
import { createGateway, InMemoryChain } from '../src/index.js';
import { launchChromium } from '../test/support/browser.js';

const XYM = 0xe74b99ba41f4afeen; // the symbol.xym alias, as wallets name the currency
let now = Date.UTC(2026, 0, 1, 12);
const chain = new InMemoryChain({ blockInterval: false, clock: () => (now += 1_000) });
const gateway = createGateway({ backend: chain, explorer: true, dev: true });
const server = http.createServer(gateway.handle);
gateway.attach(server);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const [alice, bob, carol] = chain.fundedAccounts;
const { facade } = chain;
const recipient = (account: typeof alice) => facade.network.publicKeyToAddress(account.keyPair.publicKey);

// Signs a transaction as a wallet does and announces it over HTTP; its hash.
async function announce(signer: typeof alice, descriptor: Record<string, unknown>): Promise<string> {
  const transaction = facade.transactionFactory.create({ ...descriptor, signerPublicKey: signer.keyPair.publicKey, deadline: chain.networkTime() + 3_600_000n } as never);
  transaction.fee = new models.Amount(BigInt(transaction.size) * 100n);
  const body = facade.transactionFactory.static.attachSignature(transaction, facade.signTransaction(signer.keyPair, transaction));
  const reply = await fetch(`${origin}/transactions`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body });
  if (reply.status !== 202) throw new Error(`announce answered ${reply.status}`);
  return facade.hashTransaction(transaction).toString();
}

// Signs an aggregate complete of `signer`'s embedded transactions and announces it over HTTP.
async function announceAggregate(signer: typeof alice, embedded: Record<string, unknown>[]): Promise<string> {
  const transactions = embedded.map((descriptor) => facade.transactionFactory.createEmbedded({ ...descriptor, signerPublicKey: signer.keyPair.publicKey } as never));
  return announce(signer, { type: 'aggregate_complete_transaction_v3', transactionsHash: SymbolFacade.hashEmbeddedTransactions(transactions), transactions });
}

// Harvests a block and checks that everything announced made it in.
function harvest(expected: number): void {
  chain.processAnnounced();
  const { meta } = chain.harvest();
  if (meta.transactionsCount !== expected) throw new Error(`block has ${meta.transactionsCount} transactions, not ${expected}`);
}

const message = (text: string) => new Uint8Array([0, ...Buffer.from(text)]);
await announce(alice, { type: 'transfer_transaction_v1', recipientAddress: recipient(bob), mosaics: [{ mosaicId: XYM, amount: 125_000_000n }], message: message('invoice 42') });
await announce(bob, { type: 'transfer_transaction_v1', recipientAddress: recipient(carol), mosaics: [{ mosaicId: XYM, amount: 7_500_000n }], message: message('lunch') });
await announce(carol, { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: 86_400n, name: 'carol' });
// A mosaic made as wallets make one: its definition and its first supply in one aggregate.
const ticket = generateMosaicId(recipient(alice), 7);
await announceAggregate(alice, [
  { type: 'mosaic_definition_transaction_v1', id: ticket, nonce: 7, flags: 'supply_mutable transferable', divisibility: 2, duration: 0n },
  { type: 'mosaic_supply_change_transaction_v1', mosaicId: ticket, delta: 500_000n, action: 'increase' },
]);
harvest(4);
await announce(carol, { type: 'address_alias_transaction_v1', namespaceId: generateNamespaceId('carol'), address: recipient(carol), aliasAction: 'link' });
harvest(1);
// More blocks, some busy, for the charts: a few transfers every third block, a slower block now and then.
const [, , , dave] = chain.fundedAccounts;
for (let round = 0; chain.height < 40n; round++) {
  if (round % 3 === 0) {
    for (let i = 0; i <= round % 4; i++) await announce(dave, { type: 'transfer_transaction_v1', recipientAddress: recipient(alice), mosaics: [{ mosaicId: XYM, amount: BigInt(1_000_000 + round * 10 + i) }] });
    chain.processAnnounced();
  }
  if (round % 7 === 0) now += 4_000;
  chain.harvest();
}

// The latest transactions, of several kinds: a child namespace, metadata in an aggregate, a transfer with a message.
await announce(carol, { type: 'namespace_registration_transaction_v1', registrationType: 'child', parentId: generateNamespaceId('carol'), name: 'shop' });
const contact = Buffer.from('alice@example.org');
await announceAggregate(alice, [{ type: 'account_metadata_transaction_v1', targetAddress: recipient(alice), scopedMetadataKey: metadataGenerateKey('contact'), valueSizeDelta: contact.length, value: new Uint8Array(contact) }]);
await announce(bob, { type: 'transfer_transaction_v1', recipientAddress: recipient(alice), mosaics: [{ mosaicId: XYM, amount: 2_000_000n }], message: message('thanks') });
harvest(3);

// A transfer of more than its signer holds: it fails, and its trace says why.
const overdraft = await announce(bob, { type: 'transfer_transaction_v1', recipientAddress: recipient(alice), mosaics: [{ mosaicId: XYM, amount: 5_000_000_000_000n }], message: message('rent') });
chain.processAnnounced();

const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
await page.goto(`${origin}/explorer#/block/2`);
await page.locator('#view table').first().waitFor();
await page.locator('#blocks li').nth(9).waitFor();
await page.locator('#live.on').waitFor();
const file = fileURLToPath(new URL('../docs/explorer.png', import.meta.url));
await page.screenshot({ path: file });
console.log(`wrote ${file}`);
// The home page: the latest transactions and the charts of the latest blocks, in a window tall enough for both.
await page.setViewportSize({ width: 1280, height: 1660 });
await page.goto(`${origin}/explorer#/`);
await page.locator('#latest-transactions tbody tr').first().waitFor();
await page.locator('#chart-block-times rect').first().waitFor();
const charts = fileURLToPath(new URL('../docs/explorer-charts.png', import.meta.url));
await page.screenshot({ path: charts });
await page.setViewportSize({ width: 1280, height: 860 });
console.log(`wrote ${charts}`);
// A failed transaction's page: why it failed.
await page.goto(`${origin}/explorer#/tx/${overdraft}`);
await page.locator('#trace-failure').waitFor();
await page.locator('#trace-failure').scrollIntoViewIfNeeded();
const trace = fileURLToPath(new URL('../docs/explorer-trace.png', import.meta.url));
await page.screenshot({ path: trace });
console.log(`wrote ${trace}`);
await browser.close();
await gateway.close();
server.close();
