import type { BlockInfoDTO, TransactionInfoDTO } from '../backend/dto.js';
import type { ResolutionStatementInfoDTO } from '../backend/receipts.js';
import type { StatementRow } from '../postgres/receipts.js';
import type { UpstreamClient } from '../upstream/client.js';
import { UpstreamError } from '../upstream/upstream-error.js';

/** What a run of consecutive blocks holds, read by height ranges, by height (decimal string). */
export interface RangeContents {
  /** Each block's confirmed transactions as listed (embedded ones too), in id order; a block with none is absent. */
  readonly transactions: ReadonlyMap<string, TransactionInfoDTO[]>;
  /** Each block's statements in id order (transaction statements, then resolutions); a block with none is absent. */
  readonly statements: ReadonlyMap<string, StatementRow[]>;
}

type ResolutionKind = 'address' | 'mosaic';

/** An id below every entry's (ids are 24 hex and sort in insertion order). */
const BEFORE_EVERY_ID = '0'.repeat(24);

/**
 * Reads what runs of blocks hold with few requests, for networks whose blocks are mostly empty:
 * their transactions and transaction statements by `fromHeight`/`toHeight` (pages of 100 over
 * the whole run), and only what the blocks' own counts say exists (`totalTransactionsCount`,
 * `statementsCount`). The reference filters resolution statements by one height only, so each
 * kind is walked in id order (height order) from the last one read (`offset`), or from the
 * first id from the nemesis block on; before one is known (a start above the nemesis block, a
 * restart, a fork switch), by height, block by block, until one is found.
 * Nothing here is trusted: the mirror holds what it gets to the blocks' merkle roots.
 */
export class RangeReader {
  readonly #client: UpstreamClient;
  /** Per kind, the id of the last resolution statement read (at or below the last height read). */
  #after = new Map<ResolutionKind, string>();
  /** Bumped by `reset`, so a read still in flight from before cannot set a stale cursor. */
  #generation = 0;

  constructor(client: UpstreamClient) {
    this.#client = client;
  }

  /** Forgets where the resolution walks stand: the next read starts from the blocks' heights (a fork switch, a failed step). */
  reset(): void {
    this.#after = new Map();
    this.#generation++;
  }

  /**
   * What `blocks` (consecutive heights, in order) hold. Reads must follow one another in height
   * order (each continues the resolution walks where the one before stopped).
   */
  async read(blocks: readonly BlockInfoDTO[]): Promise<RangeContents> {
    if (blocks.length === 0) return { transactions: new Map(), statements: new Map() };
    const from = BigInt(blocks[0].block.height);
    const to = BigInt(blocks.at(-1)!.block.height);
    const sum = (count: (block: BlockInfoDTO) => number) => blocks.reduce((total, block) => total + count(block), 0);
    const transactionCount = sum((block) => Math.max(countOf(block.meta.totalTransactionsCount), countOf(block.meta.transactionsCount)));
    const statementCount = sum((block) => countOf(block.meta.statementsCount));
    const [listed, transactionStatements] = await Promise.all([
      transactionCount > 0 ? this.#client.rangeTransactions(from, to, transactionCount) : [],
      statementCount > 0 ? this.#client.rangeTransactionStatements(from, to, statementCount) : [],
    ]);
    const rows = new Map<string, StatementRow[]>();
    const add = (height: string, row: StatementRow) => rows.set(height, [...(rows.get(height) ?? []), row]);
    for (const info of transactionStatements) add(info.statement.height, { kind: 'transaction', info });
    // The blocks with statements that are not transaction statements: resolutions.
    const resolved = blocks.filter((block) => countOf(block.meta.statementsCount) > (rows.get(block.block.height)?.length ?? 0)).map((block) => BigInt(block.block.height));
    if (resolved.length > 0) {
      const generation = this.#generation;
      const [address, mosaic] = await Promise.all((['address', 'mosaic'] as const).map((kind) => this.#resolutions(kind, resolved, from, to, generation)));
      for (const info of address) add(info.statement.height, { kind: 'address', info });
      for (const info of mosaic) add(info.statement.height, { kind: 'mosaic', info });
    }
    for (const list of rows.values()) list.sort((a, b) => (a.info.id < b.info.id ? -1 : a.info.id > b.info.id ? 1 : 0));
    const transactions = new Map<string, TransactionInfoDTO[]>();
    for (const entry of listed) {
      const height = String(entry.meta.height);
      transactions.set(height, [...(transactions.get(height) ?? []), entry]);
    }
    return { transactions, statements: rows };
  }

  /**
   * `kind`'s resolution statements of the blocks at `heights` (ascending, from `from` to `to`):
   * walked by id from the last one read, else by height until one is found, then by id.
   */
  async #resolutions(kind: ResolutionKind, heights: readonly bigint[], from: bigint, to: bigint, generation: number): Promise<ResolutionStatementInfoDTO[]> {
    const found: ResolutionStatementInfoDTO[] = [];
    // From the chain's first block, the walk starts before every id.
    let after = this.#after.get(kind) ?? (from === 1n ? BEFORE_EVERY_ID : undefined);
    const start = after;
    let walk = after !== undefined;
    for (let i = 0; after === undefined && i < heights.length; i++) {
      const page = await this.#client.resolutionPage(kind, { height: heights[i] });
      if (page.data.length === 0) continue;
      found.push(...page.data);
      after = page.data.at(-1)!.id;
      // A full page (the block may hold more), or blocks above it to read: the walk by id goes on.
      walk = page.data.length === page.pageSize || i < heights.length - 1;
    }
    while (walk && after !== undefined) {
      const page = await this.#client.resolutionPage(kind, { after });
      found.push(...page.data);
      if (page.data.length > 0) after = page.data.at(-1)!.id;
      walk = page.data.length === page.pageSize && BigInt(page.data.at(-1)!.statement.height) <= to;
    }
    const kept = inOrder(kind, found).filter((info) => BigInt(info.statement.height) >= from && BigInt(info.statement.height) <= to);
    if (generation === this.#generation) {
      // None in the range: the walk stays where it started.
      const last = kept.at(-1)?.id ?? start;
      if (last !== undefined) this.#after.set(kind, last);
    }
    return kept;
  }
}

/** A block's count as the upstream gives it; one it leaves out could be anything, so everything is read (Infinity). */
function countOf(count: unknown): number {
  return typeof count === 'number' && Number.isSafeInteger(count) && count >= 0 ? count : Infinity;
}

// Ids follow heights: an upstream whose walk goes back down in height is not one to continue from.
function inOrder(kind: ResolutionKind, found: ResolutionStatementInfoDTO[]): ResolutionStatementInfoDTO[] {
  for (let i = 1; i < found.length; i++) {
    if (BigInt(found[i].statement.height) < BigInt(found[i - 1].statement.height)) {
      throw new UpstreamError('garbage', `the ${kind} resolution statement ${found[i].id} at height ${found[i].statement.height} follows one at height ${found[i - 1].statement.height}: ids out of height order`);
    }
  }
  return found;
}
