/**
 * The explorer's one-line summary of a transaction, for every type the families know, in
 * Chromium: a chain holding each of them (test/support/chain-state.ts's `populate`, and the few
 * it leaves out), each block's page read row by row.
 */
import { createHash } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { Hash256, PrivateKey } from 'symbol-sdk';
import { Address, generateMosaicId, KeyPair } from 'symbol-sdk/symbol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSACTION_TYPES } from '../../src/families/index.js';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { signedBy } from '../support/announce.js';
import { INSTALL_TIMEOUT, launchChromium } from '../support/browser.js';
import { populate, stateChain } from '../support/chain-state.js';
import { startGateway, type TestServer } from '../support/server.js';
import type { Signed } from '../support/signing.js';

const ADDRESS = 'T[A-Z2-7]{9}…[A-Z2-7]{6}';
const SHORT_HEX = '[0-9A-F]{10}…[0-9A-F]{6}';
const KEY = '[0-9A-F]{16}';
const AMOUNT = '[\\d,]+(\\.\\d+)? \\S+';
const BLOCKS = '[\\d,]+ blocks?';

/** What each type's summary says, as the page writes it (its text): one pattern a type. */
const SUMMARIES: Record<string, RegExp> = {
  'transfer': new RegExp(`^to ${ADDRESS}(: ${AMOUNT}(, ${AMOUNT})*)?( “.*”)?$`),
  'mosaic definition': new RegExp(`^mosaic ${KEY}, divisibility \\d+(, [a-z ]+)*$`),
  'mosaic supply change': new RegExp(`^(increase|decrease) supply by ${AMOUNT}$`),
  'mosaic supply revocation': new RegExp(`^revoke ${AMOUNT} from ${ADDRESS}$`),
  'namespace registration': new RegExp(`^(root [a-z0-9_-]+( for ${BLOCKS}|, eternal)|child [a-z0-9_-]+(\\.[a-z0-9_-]+)+)$`),
  'address alias': new RegExp(`^(link|unlink) [a-z0-9_.-]+ → ${ADDRESS}$`),
  'mosaic alias': new RegExp(`^(link|unlink) [a-z0-9_.-]+ → mosaic ${KEY}$`),
  'secret lock': new RegExp(`^lock ${AMOUNT} for ${ADDRESS}, ${BLOCKS}, secret ${SHORT_HEX}$`),
  'secret proof': new RegExp(`^prove secret ${SHORT_HEX} for ${ADDRESS}$`),
  'account address restriction': new RegExp(`^(block|allow only) (incoming|outgoing) addresses(: add ${ADDRESS})?(; remove |: remove )?(${ADDRESS})?$`),
  'account mosaic restriction': /^(block|allow only) incoming mosaics: (add|remove) \S+$/,
  'account operation restriction': /^(block|allow only) (incoming|outgoing) transaction types: (add|remove) [a-z ]+$/,
  'mosaic address restriction': new RegExp(`^key ${KEY} of \\S+ for ${ADDRESS}: ([\\d,]+|unset) \\(was ([\\d,]+|unset)\\)$`),
  'mosaic global restriction': new RegExp(`^key ${KEY} of \\S+: (none|[=≠<≤>≥] [\\d,]+) \\(was (none|[=≠<≤>≥] [\\d,]+)\\)$`),
  'aggregate complete': /^(\d+ inner \(\d+ [a-z ]+(, \d+ [a-z ]+)*\)|1 inner [a-z ]+: .+)(, \d+ cosignatures?)?$/,
  'aggregate bonded': /^(\d+ inner \(\d+ [a-z ]+(, \d+ [a-z ]+)*\)|1 inner [a-z ]+: .+)(, \d+ cosignatures?)?$/,
  'multisig account modification': new RegExp(`^((add|remove) ${ADDRESS}(, ${ADDRESS})*|min (approval|removal) [+−]\\d+)(; ((add|remove) ${ADDRESS}(, ${ADDRESS})*|min (approval|removal) [+−]\\d+))*$`),
  'hash lock': new RegExp(`^lock ${AMOUNT} for ${BLOCKS}, for aggregate ${SHORT_HEX}$`),
  'account metadata': new RegExp(`^key ${KEY} on ${ADDRESS}: (“.+”|\\d+ bytes?|value changed \\(.+\\))$`),
  'mosaic metadata': new RegExp(`^key ${KEY} on mosaic \\S+: (“.+”|\\d+ bytes?|value changed \\(.+\\))$`),
  'namespace metadata': new RegExp(`^key ${KEY} on namespace \\S+: (“.+”|\\d+ bytes?|value changed \\(.+\\))$`),
  'account key link': new RegExp(`^(link|unlink) ${SHORT_HEX}$`),
  'node key link': new RegExp(`^(link|unlink) ${SHORT_HEX}$`),
  'VRF key link': new RegExp(`^(link|unlink) ${SHORT_HEX}$`),
  'voting key link': new RegExp(`^(link|unlink) ${SHORT_HEX}, epochs \\d+ to \\d+$`),
};

/** The types `populate` leaves out, each confirmed in a block of its own after it. */
async function confirmTheRest(chain: InMemoryChain): Promise<void> {
  const [a, b, , , e, f] = chain.fundedAccounts;
  const confirm = (...signed: Signed[]) => {
    for (const each of signed) chain.announcer.announce(each.payload);
    chain.processAnnounced();
    chain.harvest();
  };
  const by = (signer: typeof a, descriptor: Record<string, unknown>) => signedBy(chain, signer, descriptor);
  const key = (seed: string) => new KeyPair(new PrivateKey(createHash('sha256').update(seed).digest())).publicKey;
  const currency = { mosaicId: BigInt(`0x${chain.currency.mosaicId}`), amount: 1_000_000n };
  const proof = Buffer.from('summaries/proof');
  const secret = new Hash256(createHash('sha3-256').update(proof).digest());
  const revokable = generateMosaicId(new Address(e.address), 900);
  confirm(
    by(a, { type: 'secret_lock_transaction_v1', recipientAddress: b.address, secret, mosaic: currency, duration: 100n, hashAlgorithm: 'sha3_256' }),
    by(e, { type: 'mosaic_definition_transaction_v1', id: revokable, nonce: 900, flags: 'transferable revokable', divisibility: 0, duration: 0n }),
    by(f, { type: 'account_mosaic_restriction_transaction_v1', restrictionFlags: 0x8002, restrictionAdditions: [generateMosaicId(new Address(e.address), 901)], restrictionDeletions: [] }),
    by(a, { type: 'account_key_link_transaction_v1', linkedPublicKey: key('remote'), linkAction: 'link' }),
    by(a, { type: 'node_key_link_transaction_v1', linkedPublicKey: key('node'), linkAction: 'link' }),
    by(a, { type: 'vrf_key_link_transaction_v1', linkedPublicKey: key('vrf'), linkAction: 'link' }),
    by(b, { type: 'voting_key_link_transaction_v1', linkedPublicKey: key('voting'), startEpoch: 1, endEpoch: 360, linkAction: 'link' }),
  );
  confirm(
    by(b, { type: 'secret_proof_transaction_v1', recipientAddress: b.address, secret, hashAlgorithm: 'sha3_256', proof: new Uint8Array(proof) }),
    by(e, { type: 'mosaic_supply_change_transaction_v1', mosaicId: revokable, delta: 100n, action: 'increase' }),
  );
  confirm(by(e, { type: 'transfer_transaction_v1', recipientAddress: f.address, mosaics: [{ mosaicId: revokable, amount: 10n }] }));
  confirm(by(e, { type: 'mosaic_supply_revocation_transaction_v1', sourceAddress: f.address, mosaic: { mosaicId: revokable, amount: 4n } }));
}

describe('explorer transaction summaries in Chromium', () => {
  let browser: Browser;
  let server: TestServer & { chain: InMemoryChain };
  beforeAll(async () => {
    const chain = stateChain();
    server = await startGateway({ backend: chain, explorer: true });
    await populate(chain);
    await confirmTheRest(chain);
    browser = await launchChromium();
  }, INSTALL_TIMEOUT);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('says what every type of transaction does, in a line of its own fields', async () => {
    const page = await browser.newPage();
    const complaints: string[] = [];
    page.on('pageerror', (error) => complaints.push(error.message));
    await page.goto(`${server.base}/explorer`);
    // Every block's transactions, top-level and inner: [type, summary].
    const rows: string[][] = [];
    for (let height = 1n; height <= server.chain.height; height++) {
      await page.evaluate((h) => ((globalThis as any).location.hash = `#/block/${h}`), String(height));
      await expect.poll(() => page.textContent('#view h2'), { timeout: 5_000 }).toContain(`Block ${height}`);
      const table = page.locator('#view table').first();
      if ((await table.locator('th').first().textContent()) !== 'Hash') continue; // no transactions: the first table is the receipts'
      // Hash (or '↳ inner'), type, signer, summary.
      const cells = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll(':scope > td')].map((td) => td.textContent ?? '')));
      rows.push(...cells.map(([, type, , summary]) => [type, summary]));
    }
    // The chain holds every type the families know, and the table names a pattern for each.
    const names = TRANSACTION_TYPES.map((type) => type.name);
    expect(new Set(rows.map(([type]) => type))).toEqual(new Set(names));
    expect(Object.keys(SUMMARIES).sort()).toEqual([...names].sort());
    const unlike = rows.filter(([type, summary]) => !SUMMARIES[type].test(summary));
    expect(unlike).toEqual([]);
    expect(complaints).toEqual([]);
  });
});
