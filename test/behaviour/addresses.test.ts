/**
 * Every route that takes an address (in its path, its query or its body) checks it as a wallet
 * would want: a valid address of the chain's network is answered, another network's valid
 * address is refused naming both networks, and a mistyped one (wrong checksum) says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, testChain } from '../support/server.js';

type Server = Awaited<ReturnType<typeof startGateway>>;

/** A valid mainnet address (its checksum holds). */
const MAINNET = 'NCWYXKVYBMO4NBCUF3AXKJMXCGVSYQOS72UNKDY';
const JSON_HEADERS = { 'content-type': 'application/json' };

/** A request that takes an address, by what it becomes for an address. */
type AddressRequest = (address: string) => { method: 'GET' | 'POST'; path: string; body?: unknown };

const REQUESTS: Record<string, AddressRequest> = {
  'GET /accounts/{accountId}': (a) => ({ method: 'GET', path: `/accounts/${a}` }),
  'GET /accounts/{accountId}/merkle': (a) => ({ method: 'GET', path: `/accounts/${a}/merkle` }),
  'GET /accounts?address': (a) => ({ method: 'GET', path: `/accounts?address=${a}` }),
  'POST /accounts': (a) => ({ method: 'POST', path: '/accounts', body: { addresses: [a] } }),
  'GET /account/{address}/multisig': (a) => ({ method: 'GET', path: `/account/${a}/multisig` }),
  'GET /account/{address}/multisig/graph': (a) => ({ method: 'GET', path: `/account/${a}/multisig/graph` }),
  'GET /account/{address}/multisig/merkle': (a) => ({ method: 'GET', path: `/account/${a}/multisig/merkle` }),
  'GET /account/{address}/lock/hash': (a) => ({ method: 'GET', path: `/account/${a}/lock/hash` }),
  'GET /account/{address}/lock/secret': (a) => ({ method: 'GET', path: `/account/${a}/lock/secret` }),
  'GET /lock/hash?address': (a) => ({ method: 'GET', path: `/lock/hash?address=${a}` }),
  'GET /lock/secret?address': (a) => ({ method: 'GET', path: `/lock/secret?address=${a}` }),
  'GET /restrictions/account?address': (a) => ({ method: 'GET', path: `/restrictions/account?address=${a}` }),
  'GET /restrictions/account/{address}': (a) => ({ method: 'GET', path: `/restrictions/account/${a}` }),
  'GET /restrictions/account/{address}/merkle': (a) => ({ method: 'GET', path: `/restrictions/account/${a}/merkle` }),
  'POST /restrictions/account': (a) => ({ method: 'POST', path: '/restrictions/account', body: { addresses: [a] } }),
  'GET /restrictions/mosaic?targetAddress': (a) => ({ method: 'GET', path: `/restrictions/mosaic?targetAddress=${a}` }),
  'GET /metadata?sourceAddress': (a) => ({ method: 'GET', path: `/metadata?sourceAddress=${a}` }),
  'GET /metadata?targetAddress': (a) => ({ method: 'GET', path: `/metadata?targetAddress=${a}` }),
  'GET /namespaces?ownerAddress': (a) => ({ method: 'GET', path: `/namespaces?ownerAddress=${a}` }),
  'POST /namespaces/account/names': (a) => ({ method: 'POST', path: '/namespaces/account/names', body: { addresses: [a] } }),
  'GET /mosaics?ownerAddress': (a) => ({ method: 'GET', path: `/mosaics?ownerAddress=${a}` }),
  'GET /transactions/confirmed?address': (a) => ({ method: 'GET', path: `/transactions/confirmed?address=${a}` }),
  'GET /transactions/unconfirmed?recipientAddress': (a) => ({ method: 'GET', path: `/transactions/unconfirmed?recipientAddress=${a}` }),
  'GET /blocks?beneficiaryAddress': (a) => ({ method: 'GET', path: `/blocks?beneficiaryAddress=${a}` }),
  'GET /statements/transaction?recipientAddress': (a) => ({ method: 'GET', path: `/statements/transaction?recipientAddress=${a}` }),
  'GET /statements/transaction?senderAddress': (a) => ({ method: 'GET', path: `/statements/transaction?senderAddress=${a}` }),
  'GET /statements/transaction?targetAddress': (a) => ({ method: 'GET', path: `/statements/transaction?targetAddress=${a}` }),
};

/** The address with one character changed (its checksum then fails). */
function mistyped(address: string): string {
  const at = 20;
  return address.slice(0, at) + (address[at] === 'A' ? 'B' : 'A') + address.slice(at + 1);
}

describe('addresses a route takes', () => {
  let server: Server;
  let own: string;

  beforeAll(async () => {
    server = await startGateway({ backend: testChain() });
    own = server.chain.fundedAccounts[0].address.toString();
  });
  afterAll(() => server.close());

  const send = (request: ReturnType<AddressRequest>) =>
    server.request(request.method, request.path, request.body === undefined ? {} : { headers: JSON_HEADERS, body: JSON.stringify(request.body) });

  it.each(Object.entries(REQUESTS))('%s: answers the chain\'s own address, refuses another network\'s by name and a mistyped one', async (_, request) => {
    // Its own: answered (a multisig or restriction entry the account lacks is a 404, not a refusal).
    const answered = await send(request(own));
    expect([200, 404]).toContain(answered.status);

    const foreign = await send(request(MAINNET));
    expect([foreign.status, foreign.body.code]).toEqual([409, 'InvalidArgument']);
    expect(foreign.body.message).toBe(`${foreign.body.message.split(' ')[0]} ${MAINNET} is an address of mainnet, but this chain is testnet`);

    const typo = await send(request(mistyped(own)));
    expect([typo.status, typo.body.code]).toEqual([409, 'InvalidArgument']);
    expect(typo.body.message).toContain('has a wrong checksum');
  });
});
