import { generateNamespaceId } from 'symbol-sdk/symbol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGenesisPreset, type GenesisPreset } from '../../src/genesis/index.js';
import { ensureGenesisPresets } from '../../scripts/genesis-presets.js';
import { confirm } from '../support/announce.js';
import { startGateway, testChain } from '../support/server.js';
import { transfer } from '../support/signing.js';

type Server = Awaited<ReturnType<typeof startGateway>>;

const hex = (id: bigint) => id.toString(16).toUpperCase().padStart(16, '0');

describe("a chain of symbol-bootstrap's own bootstrap preset (the nemesis block symbol-bootstrap generates)", () => {
  let preset: GenesisPreset;
  let server: Server;

  beforeAll(async () => {
    preset = await readGenesisPreset(`${await ensureGenesisPresets()}/bootstrap`);
    server = await startGateway({ backend: testChain(preset.options) });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it('names cat.currency and cat.harvest, the nemesis signer’s mosaics of nonces 0 and 1', async () => {
    const { chain } = server;
    const cat = generateNamespaceId('cat');
    const ids = [cat, generateNamespaceId('currency', cat), generateNamespaceId('harvest', cat)].map(hex);
    const names = (await server.request('POST', '/namespaces/names', { body: JSON.stringify({ namespaceIds: ids }), headers: { 'content-type': 'application/json' } })).body;
    expect(names.map((entry: any) => entry.name).sort()).toEqual(['cat', 'currency', 'harvest']);
    const currency = (await server.get(`/namespaces/${ids[1]}`)).body.namespace.alias;
    const harvest = (await server.get(`/namespaces/${ids[2]}`)).body.namespace.alias;
    expect(currency).toEqual({ type: 1, mosaicId: chain.currency.mosaicId });
    expect(harvest).toEqual({ type: 1, mosaicId: chain.currency.harvestingMosaicId });
    expect(chain.currency.aliasId).toBe(ids[1]);
    const mosaics = (await server.request('POST', '/mosaics', { body: JSON.stringify({ mosaicIds: [currency.mosaicId, harvest.mosaicId] }), headers: { 'content-type': 'application/json' } })).body;
    const byId = new Map(mosaics.map((entry: any) => [entry.mosaic.id, entry.mosaic]));
    expect(byId.get(currency.mosaicId)).toMatchObject({ divisibility: 6, supply: '8998999998000000', flags: 2 });
    // Supply mutable and transferable.
    expect(byId.get(harvest.mosaicId)).toMatchObject({ divisibility: 3, supply: '15000000', flags: 3 });
    const properties = (await server.get('/network/properties')).body.chain;
    expect(properties.harvestingMosaicId).toBe(`0x${harvest.mosaicId.match(/.{4}/g).join("'")}`);
  });

  it("hands each supply out as symbol-bootstrap does: among the mosaic's new accounts and the harvesters, the first account the rest", async () => {
    const { chain } = server;
    const [currencyPlan, harvestPlan] = preset.nemesisPlan!.mosaics;
    expect(chain.fundedAccounts).toHaveLength(currencyPlan.accounts + harvestPlan.accounts);
    const sharing = BigInt(currencyPlan.accounts + chain.harvesters.length);
    const balanceOf = async (address: string, mosaicId: string) =>
      BigInt((await server.get(`/accounts/${address}`)).body.account.mosaics.find((mosaic: any) => mosaic.id === mosaicId)?.amount ?? '0');
    const currencyAccounts = chain.fundedAccounts.slice(0, currencyPlan.accounts);
    const harvestAccounts = chain.fundedAccounts.slice(currencyPlan.accounts);
    let total = 0n;
    for (const account of [...currencyAccounts, ...chain.harvesters]) total += await balanceOf(account.address, chain.currency.mosaicId);
    expect(total).toBe(currencyPlan.supply);
    expect(await balanceOf(currencyAccounts[1].address, chain.currency.mosaicId)).toBe(currencyPlan.supply / sharing);
    expect(await balanceOf(harvestAccounts[0].address, chain.currency.mosaicId)).toBe(0n);
    let harvestTotal = 0n;
    for (const account of [...harvestAccounts, ...chain.harvesters]) harvestTotal += await balanceOf(account.address, chain.currency.harvestingMosaicId);
    expect(harvestTotal).toBe(harvestPlan.supply);
  });

  it('gives importance by the harvesting mosaic, and confirms a transfer of cat.currency', async () => {
    const { chain } = server;
    const [first] = chain.fundedAccounts;
    // A currency account holds no cat.harvest: no importance, however much currency it has.
    expect((await server.get(`/accounts/${first.address}`)).body.account.importance).toBe('0');
    const harvester = (await server.get(`/accounts/${chain.harvesters[0].address}`)).body.account;
    expect(BigInt(harvester.importance)).toBeGreaterThan(0n);
    const payment = transfer(chain, first, chain.fundedAccounts[1], { amount: 1_000_000n, mosaicId: BigInt(`0x${chain.currency.aliasId}`) });
    await confirm(server, payment);
    expect((await server.get(`/transactions/confirmed/${payment.hash}`)).status).toBe(200);
  });
});
