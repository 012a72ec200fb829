/**
 * The history the read suites read: blocks of signed transfers to a few recipients (each with
 * many pages of transfers) and a namespace aliasing the first funded account, on an in-memory
 * chain that makes no blocks by itself. The same history as bench/load/read-gateway.ts builds.
 */
import { generateNamespaceId } from 'symbol-sdk/symbol';
import { InMemoryChain } from '../../src/in-memory-chain.js';
import { addresses, signTransfer } from './signing.js';

export interface ReadHistory {
  chain: InMemoryChain;
  /** A recipient (base32) with more than a page of transfers. */
  address: string;
  /** A namespace id (16 hex) aliasing the first funded account. */
  namespaceId: string;
}

/**
 * `blocks` blocks of `transfers` transfers each, then the namespace `reads` and its alias.
 *
 * @example
 * const { chain, address } = buildReadHistory({ blocks: 200, transfers: 50 });
 */
export function buildReadHistory({ blocks, transfers }: { blocks: number; transfers: number }): ReadHistory {
  const chain = new InMemoryChain({ blockInterval: false, accountCount: 20 });
  const { facade } = chain;
  // Few recipients: each has many pages of transfers.
  const recipients = addresses(facade, 10, 'read-limit');
  const deadline = chain.networkTime() + 3_600_000n;
  for (let b = 0; b < blocks; b++) {
    for (let i = 0; i < transfers; i++) {
      const signer = chain.fundedAccounts[i % chain.fundedAccounts.length];
      chain.announcer.announce(signTransfer(facade, { signer: signer.keyPair, recipient: recipients[(b + i) % recipients.length], amount: 1_000n + BigInt(i), deadline, message: `read ${b}/${i}` }));
    }
    chain.processAnnounced();
    chain.harvest();
  }
  const owner = chain.fundedAccounts[0];
  const registration = facade.transactionFactory.create({ type: 'namespace_registration_transaction_v1', signerPublicKey: owner.keyPair.publicKey, fee: 1_000_000n, deadline, registrationType: 'root', duration: 100_000n, name: 'reads' });
  const alias = facade.transactionFactory.create({ type: 'address_alias_transaction_v1', signerPublicKey: owner.keyPair.publicKey, fee: 1_000_000n, deadline, namespaceId: generateNamespaceId('reads'), address: owner.address, aliasAction: 'link' });
  for (const transaction of [registration, alias]) {
    const body = facade.transactionFactory.static.attachSignature(transaction, facade.signTransaction(owner.keyPair, transaction));
    chain.announcer.announce((JSON.parse(body) as { payload: string }).payload);
    chain.processAnnounced();
    chain.harvest();
  }
  return { chain, address: recipients[0], namespaceId: generateNamespaceId('reads').toString(16).toUpperCase().padStart(16, '0') };
}
