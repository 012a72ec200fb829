/** The multisig family's resources (src/families/multisig): multisig entries and their graph. */
import type { Awaitable } from './repositories.js';

/** An account of the multisig graph, as `GET /account/{address}/multisig` shows it. */
export interface MultisigDTO {
  version: number;
  /** 48 hex. */
  accountAddress: string;
  minApproval: number;
  minRemoval: number;
  /** 48 hex each: who cosigns for this account. */
  cosignatoryAddresses: string[];
  /** 48 hex each: the multisig accounts this account cosigns for. */
  multisigAddresses: string[];
}

export interface MultisigAccountInfoDTO {
  multisig: MultisigDTO;
}

/** One level of a multisig graph: 0 is the account asked, negative levels the accounts it cosigns for, positive ones its cosignatories. */
export interface MultisigAccountGraphInfoDTO {
  level: number;
  multisigEntries: MultisigAccountInfoDTO[];
}

/** Multisig accounts and their cosignatories. */
export interface MultisigRepository {
  /** The entry of an account (48 hex), undefined for an account that is neither multisig nor cosignatory. */
  find(address: string): Awaitable<MultisigAccountInfoDTO | undefined>;
  /** The graph around an account (48 hex), levels ascending; undefined for an account that is neither multisig nor cosignatory. */
  graph(address: string): Awaitable<MultisigAccountGraphInfoDTO[] | undefined>;
}
