/**
 * A run of chain activity of many kinds, driven through the chain's own API, and a
 * fingerprint of what the routes answer: for the tests that put a chain back (snapshot and
 * revert) or build it again (dump and load) and compare it with what it was.
 */
import { createHash } from 'node:crypto';
import { Hash256 } from 'symbol-sdk';
import { generateMosaicId, generateNamespaceId, Address } from 'symbol-sdk/symbol';
import type { ChainAccount } from '../../src/memory/chain/identity.js';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { hashLockFor, signedBy, unfundedAccount } from './announce.js';
import type { TestServer } from './server.js';
import { aggregate, cosign, embeddedTransfer, transfer, type Signed } from './signing.js';

/** What a round of activity left behind: hashes to look up, ids of what it created. */
export interface Activity {
  readonly hashes: string[];
  /** An aggregate bonded still waiting for a cosignature. */
  readonly partialHash: string;
  /** A transfer announced after the last block (unconfirmed). */
  readonly pendingHash: string;
}

/**
 * One round of activity, named by `round` (a fresh name each round): transfers, a root
 * namespace with an address alias, a mosaic with a supply change, a secret lock, a hash lock
 * with an aggregate bonded completed by a cosignature and another left partial, a transfer that
 * fails, enough blocks to cross a finalization round, and a transfer left unconfirmed.
 */
export function activity(chain: InMemoryChain, round: string): Activity {
  const [a, b, c, d] = chain.fundedAccounts;
  const hashes: string[] = [];
  const announce = (signed: Signed, partial = false) => {
    if (partial) chain.announcer.announcePartial(signed.payload);
    else chain.announcer.announce(signed.payload);
    hashes.push(signed.hash);
    return signed;
  };
  const mosaicNonce = parseInt(createHash('sha256').update(round).digest('hex').slice(0, 6), 16);
  const mosaicId = generateMosaicId(new Address(b.address), mosaicNonce);
  const namespaceId = generateNamespaceId(round);

  announce(transfer(chain, a, b, { amount: 1_000_000n, message: round }));
  announce(transfer(chain, c, d, { amount: 2_000_000n }));
  announce(signedBy(chain, a, { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: 100n, name: round, id: namespaceId }));
  announce(signedBy(chain, b, { type: 'mosaic_definition_transaction_v1', nonce: mosaicNonce, flags: 'supply_mutable transferable', divisibility: 0, duration: 0n }));
  chain.harvest();

  announce(signedBy(chain, a, { type: 'address_alias_transaction_v1', namespaceId, address: a.address, aliasAction: 'link' }));
  announce(signedBy(chain, b, { type: 'mosaic_supply_change_transaction_v1', mosaicId, delta: 1_000n, action: 'increase' }));
  announce(signedBy(chain, c, {
    type: 'secret_lock_transaction_v1',
    recipientAddress: d.address,
    secret: new Hash256(createHash('sha3-256').update(`${round}/secret`).digest()),
    mosaic: { mosaicId: BigInt(`0x${chain.currency.mosaicId}`), amount: 3_000_000n },
    duration: 20n,
    hashAlgorithm: 'sha3_256',
  }));
  // More than the account holds: fails with a status.
  announce(transfer(chain, unfundedAccount(chain, `${round}/unfunded`), a, { amount: 1n }));
  const completed = bonded(chain, a, c, round, 1_000n);
  const partial = bonded(chain, a, d, round, 2_000n);
  announce(hashLockFor(chain, a, completed.hash));
  announce(hashLockFor(chain, a, partial.hash));
  chain.harvest();

  announce(completed, true);
  announce(partial, true);
  chain.processAnnounced();
  chain.announcer.announceCosignature(cosign(chain, c, completed));
  for (let i = 0; i < 12; i++) chain.harvest();
  const pending = announce(transfer(chain, d, a, { amount: 5n, message: `${round}/pending` }));
  chain.processAnnounced();
  return { hashes, partialHash: partial.hash, pendingHash: pending.hash };
}

// An aggregate bonded of `signer` with a transfer from `cosigner`, waiting for its cosignature.
function bonded(chain: InMemoryChain, signer: ChainAccount, cosigner: ChainAccount, round: string, amount: bigint): Signed {
  return aggregate(chain, 'bonded', signer, [embeddedTransfer(chain, signer, cosigner, amount), embeddedTransfer(chain, cosigner, signer, amount + 1n)]);
}

/**
 * What the routes answer about the chain: chain and node counters, every block, every page of
 * transactions (all three groups), accounts, mosaics, namespaces, locks, statements,
 * finalization proofs, fees, state proofs of the funded accounts, and the status of `hashes`.
 */
export async function fingerprint(server: TestServer, chain: InMemoryChain, hashes: readonly string[] = []): Promise<Record<string, unknown>> {
  const height = Number(chain.height);
  const paged = ['/transactions/confirmed', '/transactions/unconfirmed', '/transactions/partial', '/accounts', '/mosaics', '/namespaces', '/lock/hash', '/lock/secret', '/metadata', '/restrictions/account', '/restrictions/mosaic', '/statements/transaction', '/statements/resolutions/address', '/statements/resolutions/mosaic', '/blocks'];
  const urls = [
    '/chain/info',
    '/node/storage',
    '/network/fees/transaction',
    '/network/fees/rental',
    ...paged.map((path) => `${path}?pageSize=100`),
    '/transactions/confirmed?pageSize=100&embedded=true',
    ...Array.from({ length: height }, (_, i) => `/blocks/${i + 1}`),
    ...Array.from({ length: Math.floor(height / chain.options.finalizationInterval) + 1 }, (_, i) => `/finalization/proof/epoch/${i + 1}`),
    ...chain.fundedAccounts.slice(0, 4).flatMap((account) => [`/accounts/${account.address}`, `/accounts/${account.address}/merkle`, `/account/${account.address}/multisig`]),
    ...hashes.map((hash) => `/transactionStatus/${hash}`),
  ];
  const answers: Record<string, unknown> = {};
  for (const url of urls) {
    const { status, body } = await server.request('GET', url, { spec: false });
    answers[url] = { status, body };
  }
  return answers;
}
