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

/** An importance block: every account's importance may have changed. */
const IMPORTANCE_BLOCK = models.BlockType.IMPORTANCE.value;

/**
 * The accounts a batch of blocks changed (48 hex): every address its transactions touch, each
 * block's harvester and beneficiary, and the addresses its receipts name (fees, rewards, rental
 * fees, expiries credit and debit accounts with no transaction of theirs) and its resolutions
 * resolve to. Undefined when one of the blocks is an importance block: then every account may
 * have changed.
 */
export function touchedAccounts(blocks: readonly BlockInfoDTO[], rows: readonly TransactionRow[][], statements: readonly StatementRow[], addresses: AddressBook): Set<string> | undefined {
  if (blocks.some((info) => info.block.type === IMPORTANCE_BLOCK)) return undefined;
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

/** The rows of these accounts (48 hex) as the upstream has them now; one it does not know keeps its row. */
export async function accountRows(client: UpstreamClient, addresses: Iterable<string>): Promise<StateRow[]> {
  const found = await client.accounts([...addresses]);
  return found.map((info) => accountRow(info.account.address, info));
}

/** Every account the upstream has, as rows: the copy a mirror starts with, and takes again after an importance block or a fork switch. */
export async function allAccountRows(client: UpstreamClient): Promise<StateRow[]> {
  const rows: StateRow[] = [];
  for await (const page of client.pages<AccountInfoDTO>('/accounts?order=asc', accountInfo)) rows.push(...page.map((info) => accountRow(info.account.address, info)));
  return rows;
}
