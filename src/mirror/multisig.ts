import { models } from 'symbol-sdk/symbol';
import type { TransactionInfoDTO } from '../backend/dto.js';
import type { MultisigAccountInfoDTO } from '../backend/multisig.js';
import type { AddressBook } from '../memory/address-book.js';
import type { StateRows } from '../postgres/state-write.js';
import type { UpstreamClient } from '../upstream/client.js';
import { addressParam } from '../upstream/params.js';
import { hex, integer, list, object } from '../upstream/field-checks.js';
import { fields } from '../upstream/shape.js';
import { aliasedNamespace } from '../families/namespace/state.js';

/**
 * Multisig entries as a mirror copies them: by account (`GET /account/{address}/multisig`;
 * no route lists them), the account a modification changed and each cosignatory it added or
 * removed (their `multisigAddresses` changed).
 */

const multisigInfo = fields<MultisigAccountInfoDTO>({ multisig: object, 'multisig.accountAddress': hex(24), 'multisig.minApproval': integer, 'multisig.cosignatoryAddresses': list });
const modification = fields<TransactionInfoDTO>({ 'transaction.signerPublicKey': hex(32), 'transaction.addressAdditions': list, 'transaction.addressDeletions': list });

/** The entries of these accounts (48 hex) as the upstream has them now; an account with none (any more) loses its row. */
export async function multisigRows(client: UpstreamClient, addresses: Iterable<string>): Promise<StateRows['multisig'][number][]> {
  return Promise.all([...addresses].map(async (address) => {
    const info = await client.find(`/account/${addressParam(address)}/multisig`, multisigInfo);
    return { address, json: info && JSON.stringify(info) };
  }));
}

/**
 * Every account that may have a multisig entry upstream: each one a multisig modification ever
 * confirmed there changed or named (an alias resolved as it stands now), and `stored` (those the
 * store holds, to drop the ones the upstream no longer has).
 */
export async function everyMultisigAddress(client: UpstreamClient, addresses: AddressBook, stored: Iterable<string>): Promise<Set<string>> {
  const named = new Set(stored);
  const aliased = new Set<string>();
  const type = models.TransactionType.MULTISIG_ACCOUNT_MODIFICATION.value;
  for await (const page of client.pages(`/transactions/confirmed?type=${type}&embedded=true&order=asc`, modification)) {
    for (const { transaction } of page) {
      const tx = transaction as unknown as { signerPublicKey: string; addressAdditions: string[]; addressDeletions: string[] };
      named.add(addresses.of(tx.signerPublicKey).hex);
      for (const unresolved of [...tx.addressAdditions, ...tx.addressDeletions].map((each) => each.toUpperCase())) {
        const namespaceId = aliasedNamespace(unresolved);
        if (namespaceId !== undefined) aliased.add(namespaceId);
        else named.add(unresolved);
      }
    }
  }
  for (const info of await client.namespaces([...aliased])) {
    const alias = info.namespace.alias as { address?: string };
    if (alias.address) named.add(alias.address.toUpperCase());
  }
  return named;
}
