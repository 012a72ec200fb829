import { models } from 'symbol-sdk/symbol';
import type { AccountInfoDTO } from '../backend/core.js';
import type { BlockInfoDTO } from '../backend/dto.js';
import type { ResolutionStatementInfoDTO, TransactionStatementInfoDTO } from '../backend/receipts.js';
import type { AddressBook } from '../memory/address-book.js';
import type { StatementRow } from '../postgres/receipts.js';
import { accountRow } from '../postgres/state.js';
import type { EntryRow as StateRow } from '../postgres/state-write.js';
import type { EntryRow as TransactionRow } from '../postgres/transactions.js';
import type { UpstreamClient } from '../upstream/client.js';
import { accountInfo } from '../upstream/dto-shapes.js';

/** An importance block: the high-value accounts' importances are recalculated. */
const IMPORTANCE_BLOCK = models.BlockType.IMPORTANCE.value;

/** Whether one of the blocks is an importance block. */
export function holdsImportanceBlock(blocks: readonly BlockInfoDTO[]): boolean {
  return blocks.some((info) => info.block.type === IMPORTANCE_BLOCK);
}

/**
 * The accounts a batch of blocks changed (48 hex): every address its transactions touch, each
 * block's harvester and beneficiary, and the addresses its receipts name (fees, rewards, rental
 * fees, expiries credit and debit accounts with no transaction of theirs) and its resolutions
 * resolve to. An importance block changes more (see `ImportantAccounts`).
 */
export function touchedAccounts(blocks: readonly BlockInfoDTO[], rows: readonly TransactionRow[][], statements: readonly StatementRow[], addresses: AddressBook): Set<string> {
  const touched = new Set<string>();
  for (const info of blocks) {
    touched.add(info.block.beneficiaryAddress);
    touched.add(addresses.of(info.block.signerPublicKey).hex);
  }
  for (const row of rows.flat()) for (const address of row.addresses) touched.add(address);
  for (const { kind, info } of statements) {
    if (kind === 'transaction') {
      for (const receipt of (info as TransactionStatementInfoDTO).statement.receipts as unknown as Record<string, unknown>[]) {
        for (const field of ['targetAddress', 'senderAddress', 'recipientAddress']) if (typeof receipt[field] === 'string') touched.add(receipt[field] as string);
      }
    } else if (kind === 'address') {
      for (const entry of (info as ResolutionStatementInfoDTO).statement.resolutionEntries) touched.add(entry.resolved);
    }
  }
  return touched;
}

/** These accounts (48 hex) as the upstream has them now, and their rows; one it does not know keeps its row. */
export async function rowsOfAccounts(client: UpstreamClient, addresses: Iterable<string>): Promise<{ rows: StateRow[]; infos: AccountInfoDTO[] }> {
  const infos = await client.accounts([...addresses]);
  return { rows: rowsOf(infos), infos };
}

function rowsOf(infos: readonly AccountInfoDTO[]): StateRow[] {
  return infos.map((info) => accountRow(info.account.address, info));
}

/** What makes an account high-value: a balance of the harvesting mosaic (16 hex) of at least `minBalance` (`/network/properties`). */
export interface HarvestingRule {
  readonly mosaicId: string;
  readonly minBalance: bigint;
}

/**
 * The accounts that hold importance in the store, as the mirror writes them. An importance block
 * recalculates the importances of the high-value accounts and takes it from those that are no
 * longer high-value (catapult's importance calculation), and changes no other account: so what
 * a batch with one reads again is these, the accounts high-value now, and those it touched;
 * not every account of the network. Read from the store at the first importance block after a
 * start or a failure, then followed as batches are put together (in order).
 */
export class ImportantAccounts {
  #known: Set<string> | undefined;

  /** The addresses (48 hex) that hold importance once the batches before are written. */
  async addresses(stored: () => Promise<readonly string[]>): Promise<ReadonlySet<string>> {
    this.#known ??= new Set(await stored());
    return this.#known;
  }

  /** Follows what the store holds once these accounts are written (nothing while it is not known). */
  written(infos: readonly AccountInfoDTO[]): void {
    if (!this.#known) return;
    for (const { account } of infos) {
      if (BigInt(account.importance) > 0n) this.#known.add(account.address);
      else this.#known.delete(account.address);
    }
  }

  /** The store holds these accounts only (a whole copy). */
  replace(infos: readonly AccountInfoDTO[]): void {
    this.#known = new Set(infos.filter(({ account }) => BigInt(account.importance) > 0n).map(({ account }) => account.address));
  }

  /** A batch was not written: read the store again when next needed. */
  forget(): void {
    this.#known = undefined;
  }
}

/**
 * The rows of the accounts a batch with an importance block changed: those it touched, those that
 * held importance, and those high-value now (read by balance of the harvesting mosaic, highest
 * first, until one is below the minimum).
 */
export async function importanceRows(client: UpstreamClient, touched: ReadonlySet<string>, important: ReadonlySet<string>, rule: HarvestingRule): Promise<{ rows: StateRow[]; infos: AccountInfoDTO[] }> {
  const highValue: AccountInfoDTO[] = [];
  const balanceOf = (info: AccountInfoDTO) => BigInt(info.account.mosaics.find((mosaic) => mosaic.id === rule.mosaicId)?.amount ?? 0);
  pages: for await (const page of client.pages<AccountInfoDTO>(`/accounts?mosaicId=${rule.mosaicId}&orderBy=balance&order=desc`, accountInfo)) {
    for (const info of page) {
      if (balanceOf(info) < rule.minBalance) break pages;
      highValue.push(info);
    }
  }
  const read = new Set(highValue.map((info) => info.account.address));
  const others = [...new Set([...touched, ...important])].filter((address) => !read.has(address));
  const infos = [...highValue, ...(await client.accounts(others))];
  return { rows: rowsOf(infos), infos };
}

/** Every account the upstream has, as rows: the copy a mirror starts with, and takes again after a fork switch (or an importance block when the harvesting rule is not known). */
export async function allAccountRows(client: UpstreamClient): Promise<{ rows: StateRow[]; infos: AccountInfoDTO[] }> {
  const infos: AccountInfoDTO[] = [];
  for await (const page of client.pages<AccountInfoDTO>('/accounts?order=asc', accountInfo)) infos.push(...page);
  return { rows: rowsOf(infos), infos };
}
