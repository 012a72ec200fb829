/**
 * `GET /network/currency/supply/{circulating,total,max}` over the in-memory chain (and PostgreSQL):
 * text/plain amounts in whole units that agree with what the test reads of the currency's supply,
 * the network's properties and every account's balance (paged through `/accounts`), with and
 * without an uncirculating account configured; errors stay JSON.
 */
import { PublicKey } from 'symbol-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, ServiceUnavailableError, type GatewayBackend } from '../../src/index.js';
import type { ChainAccount } from '../../src/memory/chain/identity.js';
import { confirm, signedBy } from '../support/announce.js';
import { startGateway, testChain } from '../support/server.js';
import { transfer, XYM_ALIAS } from '../support/signing.js';

type Server = Awaited<ReturnType<typeof startGateway>>;

/** What the test reads of the chain through the gateway's JSON routes. */
interface Reading {
  currencyMosaicId: string;
  nemesisSignerPublicKey: string;
  maxMosaicAtomicUnits: bigint;
  supply: bigint;
  divisibility: number;
  /** Currency balance by public key (derived accounts too: keyed by address as well). */
  balances: Map<string, bigint>;
}

async function read(server: Server): Promise<Reading> {
  const { body: properties } = await server.get('/network/properties');
  const currencyMosaicId = properties.chain.currencyMosaicId.replace(/'/g, '').replace(/^0x/, '').padStart(16, '0');
  const { body: currency } = await server.get(`/mosaics/${currencyMosaicId}`);
  const balances = new Map<string, bigint>();
  // Every account, page after page, as a client would.
  for (let pageNumber = 1; ; pageNumber++) {
    const { body } = await server.get(`/accounts?pageSize=100&pageNumber=${pageNumber}&order=asc`);
    for (const { account } of body.data) {
      const amount = BigInt(account.mosaics.find((mosaic: any) => mosaic.id === currencyMosaicId)?.amount ?? 0);
      balances.set(account.address, amount);
    }
    if (pageNumber >= body.pagination.totalPages) break;
  }
  return {
    currencyMosaicId,
    nemesisSignerPublicKey: properties.network.nemesisSignerPublicKey,
    maxMosaicAtomicUnits: BigInt(properties.chain.maxMosaicAtomicUnits.replace(/'/g, '')),
    supply: BigInt(currency.mosaic.supply),
    divisibility: currency.mosaic.divisibility,
    balances,
  };
}

/** An amount of atomic units as whole units with `divisibility` decimals, by dividing. */
function whole(atomic: bigint, divisibility: number): string {
  const unit = 10n ** BigInt(divisibility);
  return divisibility === 0 ? `${atomic}` : `${atomic / unit}.${(atomic % unit).toString().padStart(divisibility, '0')}`;
}

async function supplyOf(server: Server, kind: 'circulating' | 'total' | 'max'): Promise<string> {
  // The 1.0.5 spec has no such route; the head spec's answer is text/plain '^\d+\.\d+$'.
  const reply = await server.get(`/network/currency/supply/${kind}`);
  expect(reply.status).toBe(200);
  expect(reply.headers['content-type']).toMatch(/^text\/plain/);
  expect(reply.text).toMatch(/^\d+\.\d+$/);
  return reply.text;
}

/** The address of a public key on the server's chain, and its 48-hex form. */
const addressOfKey = (server: Server, publicKey: string) => server.chain.facade.network.publicKeyToAddress(new PublicKey(publicKey));
const hexOf = (server: Server, publicKey: string): string => Buffer.from(addressOfKey(server, publicKey).bytes).toString('hex').toUpperCase();

/** a sends the nemesis signer 5 XYM, so what it holds is more than nothing; b, the treasury, sends c some. */
async function activity(server: Server, [a, b, c]: readonly ChainAccount[]): Promise<void> {
  const nemesis = server.chain.nemesisPublicKey;
  await confirm(
    server,
    signedBy(server.chain, a, { type: 'transfer_transaction_v1', recipientAddress: addressOfKey(server, nemesis), mosaics: [{ mosaicId: XYM_ALIAS, amount: 5_000_000n }] }),
    transfer(server.chain, b, c, { amount: 3_000_000n }),
  );
}

describe('GET /network/currency/supply/* with no uncirculating account configured', () => {
  let server: Server;

  beforeAll(async () => {
    server = await startGateway({ backend: testChain() });
    await activity(server, server.chain.fundedAccounts);
  });
  afterAll(() => server.close());

  it('total is the currency mosaic\'s supply in whole units, and every account\'s balance adds up to it', async () => {
    const reading = await read(server);
    expect(await supplyOf(server, 'total')).toBe(whole(reading.supply, reading.divisibility));
    expect([...reading.balances.values()].reduce((sum, amount) => sum + amount, 0n)).toBe(reading.supply);
  });

  it('circulating is the supply less the nemesis signer\'s balance', async () => {
    const reading = await read(server);
    const nemesis = reading.balances.get(hexOf(server, reading.nemesisSignerPublicKey)) ?? 0n;
    expect(nemesis).toBeGreaterThanOrEqual(5_000_000n);
    expect(await supplyOf(server, 'circulating')).toBe(whole(reading.supply - nemesis, reading.divisibility));
  });

  it('max is the network\'s maxMosaicAtomicUnits in whole units', async () => {
    const reading = await read(server);
    expect(await supplyOf(server, 'max')).toBe(whole(reading.maxMosaicAtomicUnits, reading.divisibility));
  });

  it('answers text/plain each time it is asked, and follows the chain (the answer memo keeps JSON answers only)', async () => {
    const before = await supplyOf(server, 'circulating');
    expect(await supplyOf(server, 'circulating')).toBe(before);
    const [a] = server.chain.fundedAccounts;
    await confirm(server, signedBy(server.chain, a, { type: 'transfer_transaction_v1', recipientAddress: addressOfKey(server, server.chain.nemesisPublicKey), mosaics: [{ mosaicId: XYM_ALIAS, amount: 1_000_000n }] }));
    const reading = await read(server);
    const after = await supplyOf(server, 'circulating');
    expect(after).not.toBe(before);
    expect(after).toBe(whole(reading.supply - reading.balances.get(hexOf(server, reading.nemesisSignerPublicKey))!, reading.divisibility));
  });
});

describe('GET /network/currency/supply/circulating with an uncirculating account configured', () => {
  let server: Server;
  let treasury: ChainAccount;

  beforeAll(async () => {
    const chain = testChain();
    treasury = chain.fundedAccounts[1];
    server = await startGateway({ backend: chain, uncirculatingAccounts: [treasury.publicKey.toLowerCase(), chain.nemesisPublicKey] });
    await activity(server, chain.fundedAccounts);
  });
  afterAll(() => server.close());

  it('is the supply less what the nemesis signer and the uncirculating account hold (each once)', async () => {
    const reading = await read(server);
    const nemesis = reading.balances.get(hexOf(server, reading.nemesisSignerPublicKey))!;
    const held = reading.balances.get(treasury.addressHex)!;
    expect(held).toBeGreaterThan(0n);
    expect(await supplyOf(server, 'circulating')).toBe(whole(reading.supply - nemesis - held, reading.divisibility));
    expect(await supplyOf(server, 'total')).toBe(whole(reading.supply, reading.divisibility));
  });
});

describe('GET /network/currency/supply/* errors', () => {
  it('answers 503 ServiceUnavailable as JSON {code, message} when the backend is down', async () => {
    const chain = testChain();
    const backend: GatewayBackend = {
      ...chain,
      blocks: chain.blocks,
      chain: chain.chain,
      node: chain.node,
      accounts: chain.accounts,
      mosaics: chain.mosaics,
      network: {
        type: () => chain.network.type(),
        properties: () => {
          throw new ServiceUnavailableError('the database is unreachable');
        },
      },
    };
    const server = await startGateway({ backend });
    for (const kind of ['circulating', 'total', 'max']) {
      const reply = await server.get(`/network/currency/supply/${kind}`);
      expect(reply.status, kind).toBe(503);
      expect(reply.headers['content-type']).toMatch(/^application\/json/);
      expect(reply.body).toEqual({ code: 'ServiceUnavailable', message: 'the database is unreachable' });
    }
    await server.close();
    chain.close();
  });

  it('refuses an uncirculatingAccounts option that is not a list of 64-hex public keys', () => {
    expect(() => createGateway({ backend: testChain(), uncirculatingAccounts: ['ABCD'] })).toThrow(TypeError);
    expect(() => createGateway({ backend: testChain(), uncirculatingAccounts: ['ABCD'] })).toThrow("uncirculatingAccounts[0] must be a public key of 64 hex characters, not \"ABCD\"");
    expect(() => createGateway({ backend: testChain(), uncirculatingAccounts: 'AB' as never })).toThrow('uncirculatingAccounts must be an array of public keys');
  });
});
