import type { MultisigRepository } from '../../backend/multisig.js';
import type { RepositoryAccess } from '../../memory/chain/family.js';
import { defineFamily } from '../family.js';
import { multisigPlugin } from './plugin.js';
import { MULTISIGS } from './state.js';

type MultisigPlugin = ReturnType<typeof multisigPlugin>;

/** Multisig accounts: their cosignatories, approvals and removals, and who approves for whom. */
export const multisig = defineFamily({
  name: 'multisig',
  plugin: multisigPlugin,
  repositories: (access) => ({
    multisig: {
      find: (address) => access.byKey(MULTISIGS, [address], () => access.plugin().multisig.find(address)),
      graph: (address) => access.read(() => multisigGraph(access, address)),
    } satisfies MultisigRepository,
  }),
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
