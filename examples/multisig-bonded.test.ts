import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createGateway, InMemoryChain } from 'symbol-gateway';
import { payFromMultisig } from './multisig-bonded.js';

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

it('makes a 2-of-2 multisig account and pays from it with an aggregate bonded, its hash lock and a cosignature', async () => {
  const [owner, first, second, friend] = chain.fundedAccounts;
  const lines: string[] = [];
  const before = chain.ledger.balance(friend.addressHex, chain.currency.mosaicId);
  const outcome = await payFromMultisig(url, owner.privateKey, [first.privateKey, second.privateKey], { recipient: friend.address, log: (line) => lines.push(line) });

  expect(outcome).toMatchObject({ multisig: owner.address, recipient: friend.address });
  expect(lines.map((line) => line.replace(/ in block \d+$/, ''))).toEqual([
    `made ${owner.address} a 2-of-2 multisig account`,
    'locked 10000000 atomic XYM for 1728000 blocks', // 2 days of 100 ms blocks
    `proposed 1000000 atomic XYM from ${owner.address} to ${friend.address}: waiting for cosignatures`,
    'cosigned and confirmed',
  ]);

  // The account is multisig, its payment confirmed with the second cosignatory's cosignature, the lock used.
  const { multisig } = await get(`/account/${owner.address}/multisig`);
  expect(multisig).toMatchObject({ minApproval: 2, minRemoval: 2, cosignatoryAddresses: [first.addressHex, second.addressHex].sort() });
  const bonded = await get(`/transactions/confirmed/${outcome.hashes.bonded}`);
  expect(bonded.transaction.cosignatures.map((cosignature: { signerPublicKey: string }) => cosignature.signerPublicKey)).toEqual([second.publicKey]);
  expect((await get(`/lock/hash/${outcome.hashes.bonded}`)).lock).toMatchObject({ ownerAddress: first.addressHex, status: 1 });
  expect(chain.ledger.balance(friend.addressHex, chain.currency.mosaicId)).toBe(before + 1_000_000n);
});

it('reports a rejection from the status channel instead of waiting forever', async () => {
  // The first account is multisig now: it cannot be made multisig of the same cosignatories again.
  const [owner, first, second] = chain.fundedAccounts;
  await expect(payFromMultisig(url, owner.privateKey, [first.privateKey, second.privateKey], { log: () => {} })).rejects.toThrow(
    /^[0-9A-F]{64} rejected: Failure_Multisig_Operation_Prohibited_By_Account$/,
  );
});
