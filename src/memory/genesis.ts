import { generateMosaicId, generateNamespaceId, KeyPair, models, type Address, type SymbolFacade } from 'symbol-sdk/symbol';
import { idHex } from './symbol-ids.js';
import { describeTransaction, type DecodedTransaction, type Transaction } from './transactions/codec.js';

/**
 * A nemesis block planned as symbol-bootstrap plans one (its `nemesis:` section and
 * `baseNamespace`; `readGenesisPreset` reads it from a preset): an eternal root namespace, and
 * each mosaic under it, its supply shared out among new accounts and the chain's harvesters.
 */
export interface NemesisPlan {
  /** The root namespace the mosaics are named under (`cat`: `cat.currency`, `cat.harvest`). */
  readonly baseNamespace: string;
  /** In nonce order: the first is the currency, the second (when there is one) the harvesting mosaic. */
  readonly mosaics: readonly NemesisMosaicPlan[];
  /** Most of the harvesting mosaic a harvester is given (symbol-bootstrap's `maxHarvesterBalance`). Default: no limit. */
  readonly maxHarvesterBalance?: bigint;
}

/** One mosaic of a `NemesisPlan`. */
export interface NemesisMosaicPlan {
  /** Its name under the base namespace (`currency`). */
  readonly name: string;
  readonly divisibility: number;
  /** In blocks; 0 is eternal. */
  readonly duration: bigint;
  /** In atomic units, all of it handed out. */
  readonly supply: bigint;
  readonly isTransferable: boolean;
  readonly isSupplyMutable: boolean;
  readonly isRestrictable: boolean;
  /** How many new accounts share the supply (with the chain's harvesters). */
  readonly accounts: number;
}

/** A mosaic the nemesis block makes: its id, flags and supply, named `base.name` by an alias. */
export interface NemesisMosaic {
  readonly name: string;
  /** 16 hex: the nemesis signer's mosaic of this nonce. */
  readonly id: string;
  /** 16 hex: the id of `base.name`. */
  readonly aliasId: string;
  readonly nonce: number;
  readonly divisibility: number;
  readonly duration: bigint;
  readonly supply: bigint;
  readonly flags: string;
}

/** What a nemesis block of the chain's own creates: its namespaces, its mosaics, and one transfer per funded address. */
export interface NemesisLayout {
  readonly baseNamespace: string;
  readonly mosaics: readonly NemesisMosaic[];
  /** Each funded address (39-character form) and what it gets of each mosaic (by index in `mosaics`). */
  readonly transfers: readonly { readonly address: string; readonly amounts: readonly (readonly [mosaic: number, amount: bigint])[] }[];
}

/** The ids of the mosaics named `base.name` the nemesis signer makes, nonce = place in `names` (16 hex each). */
export function nemesisMosaicIds(signer: Address, baseNamespace: string, names: readonly string[]): { id: string; aliasId: string }[] {
  const base = generateNamespaceId(baseNamespace);
  return names.map((name, nonce) => ({ id: idHex(generateMosaicId(signer, nonce)), aliasId: idHex(generateNamespaceId(name, base)) }));
}

/** The mosaics of a plan, as the nemesis signer makes them (nonce = place in the plan). */
export function nemesisMosaics(signer: Address, plan: Pick<NemesisPlan, 'baseNamespace' | 'mosaics'>): NemesisMosaic[] {
  const ids = nemesisMosaicIds(signer, plan.baseNamespace, plan.mosaics.map((mosaic) => mosaic.name));
  return plan.mosaics.map((mosaic, nonce) => ({
    name: mosaic.name,
    ...ids[nonce],
    nonce,
    divisibility: mosaic.divisibility,
    duration: mosaic.duration,
    supply: mosaic.supply,
    flags: [mosaic.isSupplyMutable && 'supply_mutable', mosaic.isTransferable && 'transferable', mosaic.isRestrictable && 'restrictable'].filter(Boolean).join(' ') || 'none',
  }));
}

/**
 * A plan's accounts and what each gets, as symbol-bootstrap shares a supply out: among the
 * mosaic's new accounts and the harvesters (its node accounts), `supply ÷ their count` each (a
 * harvester at most `maxHarvesterBalance` of the harvesting mosaic), the first new account the
 * rest, so the whole supply is handed out.
 *
 * @param accounts the new accounts of each mosaic, in plan order (`plan.mosaics[i].accounts` of them)
 * @param harvesters the chain's harvesters (39-character addresses)
 */
export function planTransfers(plan: NemesisPlan, accounts: readonly (readonly string[])[], harvesters: readonly string[]): NemesisLayout['transfers'] {
  const byAddress = new Map<string, [number, bigint][]>();
  const credit = (address: string, mosaic: number, amount: bigint) => {
    if (amount === 0n) return;
    const amounts = byAddress.get(address) ?? [];
    amounts.push([mosaic, amount]);
    byAddress.set(address, amounts);
  };
  const harvesting = plan.mosaics.length > 1 ? 1 : 0;
  plan.mosaics.forEach((mosaic, index) => {
    const own = accounts[index];
    const sharing = own.length + harvesters.length;
    if (sharing === 0) throw new TypeError(`the nemesis plan's mosaic ${mosaic.name} has no account to hand its supply to`);
    const share = mosaic.supply / BigInt(sharing);
    const harvesterShare = index === harvesting && plan.maxHarvesterBalance !== undefined && plan.maxHarvesterBalance < share ? plan.maxHarvesterBalance : share;
    const handedOut = share * BigInt(Math.max(own.length - 1, 0)) + harvesterShare * BigInt(harvesters.length);
    own.forEach((address, i) => credit(address, index, i === 0 ? mosaic.supply - handedOut : share));
    for (const address of harvesters) credit(address, index, harvesterShare);
    if (own.length === 0 && handedOut !== mosaic.supply) throw new TypeError(`the nemesis plan's mosaic ${mosaic.name} gives no account the ${mosaic.supply - handedOut} its harvesters do not get: give it accounts`);
  });
  // nemgen transfers to each address once, in the order of the addresses' text.
  return [...byAddress].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([address, amounts]) => ({ address, amounts }));
}

/**
 * The nemesis block's transactions in nemgen's order: the eternal root namespace and each
 * mosaic's child, then for each mosaic its definition, its alias and its supply (minted through
 * the alias), then the transfers (mosaics named by their aliases). All signed by the nemesis
 * account, without fee.
 */
export function genesisTransactions(facade: SymbolFacade, nemesis: KeyPair, layout: NemesisLayout): DecodedTransaction[] {
  const base = generateNamespaceId(layout.baseNamespace);
  const aliases = layout.mosaics.map((mosaic) => BigInt(`0x${mosaic.aliasId}`));
  const descriptors: Record<string, unknown>[] = [
    { type: 'namespace_registration_transaction_v1', registrationType: 'root', duration: 0n, name: layout.baseNamespace, id: base },
    ...layout.mosaics.map((mosaic, i) => ({ type: 'namespace_registration_transaction_v1', registrationType: 'child', parentId: base, name: mosaic.name, id: aliases[i] })),
    ...layout.mosaics.flatMap((mosaic, i) => {
      const id = BigInt(`0x${mosaic.id}`);
      return [
        { type: 'mosaic_definition_transaction_v1', id, nonce: mosaic.nonce, flags: mosaic.flags, divisibility: mosaic.divisibility, duration: mosaic.duration },
        { type: 'mosaic_alias_transaction_v1', namespaceId: aliases[i], mosaicId: id, aliasAction: 'link' },
        { type: 'mosaic_supply_change_transaction_v1', mosaicId: aliases[i], delta: mosaic.supply, action: 'increase' },
      ];
    }),
    ...layout.transfers.map(({ address, amounts }) => ({
      type: 'transfer_transaction_v1',
      recipientAddress: address,
      // In ascending id order, as a transfer's mosaics must be.
      mosaics: amounts.map(([mosaic, amount]) => ({ mosaicId: aliases[mosaic], amount })).sort((a, b) => (a.mosaicId < b.mosaicId ? -1 : 1)),
    })),
  ];
  return descriptors.map((descriptor) => {
    const transaction = facade.transactionFactory.create({ ...descriptor, signerPublicKey: nemesis.publicKey, fee: 0n, deadline: 1n } as never) as Transaction;
    transaction.signature = new models.Signature(facade.signTransaction(nemesis, transaction).bytes);
    return describeTransaction(transaction, facade);
  });
}
