import { models } from 'symbol-sdk/symbol';
import { isAccountAddress } from '../../address.js';
import type { MultisigAccountInfoDTO, MultisigRepository } from '../../backend/multisig.js';
import type { RepositoryAccess } from '../../memory/chain/family.js';
import type { PageRequest } from '../../pagination.js';
import { eachByKey } from '../../upstream/entries.js';
import { addressParam } from '../../upstream/params.js';
import { hex, integer, list, object } from '../../upstream/field-checks.js';
import { fields } from '../../upstream/shape.js';
import { defineFamily, defineState, proofRoute, type TransactionChange } from '../family.js';
import { multisigEntryOf, multisigPlugin } from './plugin.js';
import { multisigRoutes } from './routes.js';
import { MULTISIGS, type MultisigEntry } from './state.js';
import { MULTISIG_TRANSACTIONS } from './transactions.js';

type MultisigPlugin = ReturnType<typeof multisigPlugin>;

/** Multisig accounts: their cosignatories, approvals and removals, and who approves for whom. */
export const multisig = defineFamily({
  name: 'multisig',
  plugin: multisigPlugin,
  transactions: MULTISIG_TRANSACTIONS,
  repositories: (access) => ({
    multisig: {
      find: (address) => access.byKey(MULTISIGS, [address], () => access.plugin().multisig.find(address)),
      graph: (address) => access.read(() => multisigGraph(access, address)),
    } satisfies MultisigRepository,
  }),
  states: [
    defineState<MultisigPlugin, MultisigEntry, MultisigAccountInfoDTO, PageRequest>({
      kind: 'multisig',
      cache: MULTISIGS,
      layout: 'multisig',
      check: fields({ multisig: object, 'multisig.accountAddress': hex(24), 'multisig.minApproval': integer, 'multisig.cosignatoryAddresses': list }),
      keyOf: (dto) => dto.multisig.accountAddress.toUpperCase(),
      entryOf: multisigEntryOf,
      store: (plugin) => plugin.multisig,
      read: eachByKey((address) => `/account/${addressParam(address)}/multisig`, fields<MultisigAccountInfoDTO>({ multisig: object }), isAccountAddress),
      proof: proofRoute('multisig', '/account', 'address', 'address', '/multisig/merkle'),
      changes: {
        // A modification changes its account's entry and each cosignatory's it adds or removes (their multisigAddresses).
        transactions: new Map<number, TransactionChange>([
          [
            models.TransactionType.MULTISIG_ACCOUNT_MODIFICATION.value,
            (transaction, signer, resolve) => ({
              keys: [signer, ...['addressAdditions', 'addressDeletions'].flatMap((field) => (transaction[field] as string[]).flatMap((unresolved) => resolve.address(unresolved)))],
            }),
          ],
        ]),
      },
    }),
  ],
  routes: multisigRoutes,
});

// The multisig graph around an account; on a chain over an entry source, the entries of the graph are fetched first, a level at a time.
function multisigGraph(access: RepositoryAccess<MultisigPlugin>, address: string) {
  const store = () => access.plugin().multisig;
  const first = access.fetch(MULTISIGS, [address]);
  if (first === undefined) return store().graph(address);
  return (async () => {
    await first;
    let level = [address];
    const seen = new Set(level);
    while (level.length > 0) {
      await access.fetch(MULTISIGS, level);
      const next: string[] = [];
      for (const member of level) {
        const entry = store().find(member)?.multisig;
        for (const linked of [...(entry?.cosignatoryAddresses ?? []), ...(entry?.multisigAddresses ?? [])]) {
          if (!seen.has(linked)) next.push(linked);
          seen.add(linked);
        }
      }
      level = next;
    }
    return store().graph(address);
  })();
}
