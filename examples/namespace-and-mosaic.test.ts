import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createGateway, InMemoryChain } from 'symbol-gateway';
import { createNamedMosaic } from './namespace-and-mosaic.js';

// The example against a gateway on a free port, with a block every 100 ms as npm start has one every 5 s.
const chain = new InMemoryChain({ blockInterval: 100 });
const gateway = createGateway({ backend: chain });
const server = http.createServer(gateway.handle);
gateway.attach(server);
let url = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await gateway.close(); // stops the chain's block timer too
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const get = async (path: string) => {
  const response = await fetch(`${url}${path}`);
  expect(response.status).toBe(200);
  return (await response.json()) as any;
};

it('registers a namespace, creates a mosaic, links them and sends the mosaic by its name', async () => {
  const [newcomer, friend] = chain.fundedAccounts;
  const lines: string[] = [];
  const outcome = await createNamedMosaic(url, newcomer.privateKey, { name: 'tea', recipient: friend.address, log: (line) => lines.push(line) });

  expect(outcome).toMatchObject({ namespace: 'tea', namespaceId: expect.stringMatching(/^[0-9A-F]{16}$/), recipient: friend.address });
  expect(lines.map((line) => line.replace(/ in block \d+$/, ''))).toEqual([
    'registered tea for 25920000 blocks (rent 5184000000 atomic XYM)', // 30 days of 100 ms blocks, 2 × 100 per block
    `created mosaic ${outcome.mosaicId} with a supply of 1000000`,
    `linked tea to ${outcome.mosaicId}`,
    `sent 2500 tea to ${friend.address}`,
  ]);

  // Every step confirmed, one block after the other.
  const heights = [];
  for (const hash of outcome.hashes) heights.push(Number((await get(`/transactions/confirmed/${hash}`)).meta.height));
  expect(heights).toHaveLength(4);
  expect(heights).toEqual([...heights].sort((a, b) => a - b));

  // The namespace is the newcomer's and names the mosaic.
  const namespace = await get(`/namespaces/${outcome.namespaceId}`);
  expect(namespace.namespace).toMatchObject({ ownerAddress: newcomer.addressHex, depth: 1, alias: { type: 1, mosaicId: outcome.mosaicId } });
  const mosaic = await get(`/mosaics/${outcome.mosaicId}`);
  expect(mosaic.mosaic).toMatchObject({ ownerAddress: newcomer.addressHex, supply: '1000000', divisibility: 2, flags: 3 });

  // The friend holds what was sent by name, the newcomer the rest.
  const holding = async (address: string) => (await get(`/accounts/${address}`)).account.mosaics.find((entry: { id: string }) => entry.id === outcome.mosaicId)?.amount;
  expect(await holding(friend.address)).toBe('2500');
  expect(await holding(newcomer.address)).toBe('997500');
});

it('reports a rejection from the status channel instead of waiting forever', async () => {
  // Names like 'nem' are reserved: only the nemesis block may register them.
  const lines: string[] = [];
  await expect(createNamedMosaic(url, chain.fundedAccounts[2].privateKey, { name: 'nem', log: (line) => lines.push(line) })).rejects.toThrow(
    /^[0-9A-F]{64} rejected: Failure_Namespace_Root_Name_Reserved$/,
  );
  expect(lines).toEqual([]);
});
