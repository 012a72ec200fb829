import { api, found } from './api.js';
import { base32, formatAmount } from './format.js';
import type { AccountInfoDTO, BlockEntry, BlockFrameData, MosaicAmountDTO, MosaicInfoDTO, MosaicNamesJson, NamespaceInfoDTO, NamespaceNameDTO } from './wire.js';

/* What the views share about the chain: its epoch and currency, the finalized height, the latest blocks, mosaic names. */

/** The network's constants and the finalized height, set by main.ts as it learns them. */
export const network = {
  epochMs: 0,
  /** The network's currency, in which fees are paid. */
  currencyId: '',
  finalizedHeight: 0n,
  /** The importance all accounts share (`chain.totalChainImportance`); 0 when the network does not say. */
  totalImportance: 0n,
};

/** The latest blocks by height (a decimal string), as listed and received over /ws (with the hashes only until read). */
export const blocks = new Map<string, BlockEntry | BlockFrameData>();

/** A mosaic's name (or its id when it has none) and divisibility. */
export interface MosaicLabel {
  name: string;
  divisibility: number;
}

// Mosaic or namespace id → its label, namespace id → its full name: each looked up once.
const mosaicLabels = new Map<string, Promise<MosaicLabel>>();
const namespaceNames = new Map<string, Promise<string>>();

/** A chain timestamp (ms since the network's epoch) as 'YYYY-MM-DD hh:mm:ss UTC'. */
export function time(timestamp: string): string {
  return new Date(network.epochMs + Number(timestamp)).toISOString().replace('T', ' ').slice(0, 19) + ' UTC';
}

/** The full name of namespace `id` from the entries POST /namespaces/names answers. */
export function fullName(entries: readonly NamespaceNameDTO[], id: string): string {
  const parts: string[] = [];
  let entry = entries.find((e) => e.id === id);
  while (entry) {
    parts.unshift(entry.name);
    const parentId = entry.parentId;
    if (!parentId) break;
    entry = entries.find((e) => e.id === parentId);
  }
  return parts.join('.');
}

/** A mosaic's name and divisibility; a namespace id (high bit set) names the mosaic it aliases. */
export function mosaicLabel(id: string): Promise<MosaicLabel> {
  let label = mosaicLabels.get(id);
  if (!label) {
    label = lookUpMosaic(id).catch(() => ({ name: id, divisibility: 0 }));
    mosaicLabels.set(id, label);
  }
  return label;
}

/** A namespace's full name ('symbol.xym'), or its id when the chain does not know it. */
export function namespaceName(id: string): Promise<string> {
  let name = namespaceNames.get(id);
  if (!name) {
    name = api<NamespaceNameDTO[]>('/namespaces/names', { namespaceIds: [id] }).then((names) => fullName(found(names, '/namespaces/names'), id) || id, () => id);
    namespaceNames.set(id, name);
  }
  return name;
}

async function lookUpMosaic(id: string): Promise<MosaicLabel> {
  if (parseInt(id[0], 16) >= 8) {
    const [name, info] = await Promise.all([namespaceName(id), api<NamespaceInfoDTO>('/namespaces/' + id)]);
    const alias = info && info.namespace.alias;
    const target = alias && alias.type === 1 && alias.mosaicId !== undefined ? await mosaicLabel(alias.mosaicId) : { divisibility: 0 };
    return { name, divisibility: target.divisibility };
  }
  const [infos, names] = await Promise.all([
    api<MosaicInfoDTO[]>('/mosaics', { mosaicIds: [id] }),
    api<MosaicNamesJson>('/namespaces/mosaic/names', { mosaicIds: [id] }),
  ]);
  const info = found(infos, '/mosaics')[0];
  const entry = found(names, '/namespaces/mosaic/names').mosaicNames[0];
  const name = entry && entry.names[0];
  return { name: name || id, divisibility: info ? info.mosaic.divisibility : 0 };
}

/** An amount of a mosaic with its name: '2.5 symbol.xym'. */
export async function mosaicAmount(mosaic: MosaicAmountDTO): Promise<string> {
  const label = await mosaicLabel(mosaic.id);
  return formatAmount(mosaic.amount, label.divisibility) + ' ' + label.name;
}

/** Signers' addresses (base32) by public key, as the gateway's account states give them. */
const signers = new Map<string, string>();
/** Public keys one `POST /accounts` takes at most. */
const KEYS_PER_READ = 100;

/** Learns the addresses of these public keys (the accounts the chain knows: a signer always is); the ones known already are not asked again. */
export async function learnSigners(keys: readonly string[]): Promise<void> {
  const unknown = [...new Set(keys)].filter((key) => !signers.has(key));
  for (let at = 0; at < unknown.length; at += KEYS_PER_READ) {
    const states = await api<AccountInfoDTO[]>('/accounts', { publicKeys: unknown.slice(at, at + KEYS_PER_READ) });
    for (const { account } of states || []) signers.set(account.publicKey, base32(account.address));
  }
  // An account the chain has not seen sign yet (a harvester's first block) is found by its key alone.
  await Promise.all(unknown.filter((key) => !signers.has(key)).map(async (key) => {
    const state = await api<AccountInfoDTO>('/accounts/' + key);
    if (state) signers.set(key, base32(state.account.address));
  }));
}

/** The address of a public key `learnSigners` learnt; undefined otherwise. */
export const signerAddress = (key: string): string | undefined => signers.get(key);
