import type { BlockInfoDTO, TransactionInfoDTO } from '../backend/index.js';
import type { RosettaContext, RosettaRoutes } from './context.js';
import { rosettaError } from './errors.js';
import { blockAt, genesisBlock } from './network.js';
import { allPages, blockResolver, OperationParser, pageOf, stitch, type MeshTransaction } from './operations.js';

/** Blocks a lookup by hash alone looks back through from the head (Mesh clients ask recent blocks by hash; older ones by index). */
const HASH_LOOKBACK_PAGES = 10;

/** A Mesh `BlockIdentifier`. */
interface BlockIdentifier {
  index: number;
  hash: string;
}

/** A request's `block_identifier` (partial: index, hash, both or neither), checked. */
function partialIdentifier(request: Readonly<Record<string, unknown>>, name: string): { index?: number; hash?: string } {
  const given = request[name];
  if (given === undefined) return {};
  if (typeof given !== 'object' || given === null || Array.isArray(given)) throw rosettaError('invalidRequestData', { reason: `${name} must be an object` });
  const { index, hash } = given as { index?: unknown; hash?: unknown };
  if (index !== undefined && (typeof index !== 'number' || !Number.isSafeInteger(index) || index < 0)) throw rosettaError('invalidRequestData', { reason: `${name}.index must be an integer of 0 or more` });
  if (hash !== undefined && (typeof hash !== 'string' || !/^[0-9a-fA-F]{64}$/.test(hash))) throw rosettaError('invalidRequestData', { reason: `${name}.hash must be 64 hex characters` });
  return { index, hash: hash?.toUpperCase() };
}

/** The block with `hash` among the newest `HASH_LOOKBACK_PAGES` × 100, or a Mesh `notFound`. */
async function blockWithHash(context: RosettaContext, hash: string): Promise<BlockInfoDTO> {
  for (let pageNumber = 1; pageNumber <= HASH_LOOKBACK_PAGES; pageNumber++) {
    const { data } = await context.backend.blocks.search({ ...pageOf(pageNumber), order: 'desc', orderBy: 'height' });
    const found = data.find((block) => block.meta.hash === hash);
    if (found) return found;
    if (data.length < 100) break;
  }
  throw rosettaError('notFound', { reason: `no block with hash ${hash} among the newest ${HASH_LOOKBACK_PAGES * 100} (ask older blocks by index)` });
}

/** The block a partial identifier names: by index (its hash checked when given), by hash, or the head. */
async function blockNamed(context: RosettaContext, named: { index?: number; hash?: string }): Promise<BlockInfoDTO> {
  if (named.index !== undefined) {
    const block = await blockAt(context, BigInt(named.index));
    if (named.hash !== undefined && named.hash !== block.meta.hash) throw rosettaError('notFound', { reason: `the block at height ${named.index} has another hash` });
    return block;
  }
  if (named.hash !== undefined) return blockWithHash(context, named.hash);
  return blockAt(context, BigInt((await context.backend.chain.info()).height));
}

/** A block's identifier. */
const identifierOf = (block: BlockInfoDTO): BlockIdentifier => ({ index: Number(block.block.height), hash: block.meta.hash });

/** The transactions confirmed at `height`, embedded ones included, in block order. */
async function transactionsAt(context: RosettaContext, height: bigint): Promise<TransactionInfoDTO[]> {
  const { transactions } = context.backend;
  if (!transactions) return [];
  return allPages((page) => transactions.search('confirmed', { ...pageOf(page), height, embedded: true }));
}

/** The fee multiplier a confirmed transaction was charged with: its own meta's, else its block's. */
const feeMultiplierOf = (transaction: TransactionInfoDTO, block: BlockInfoDTO): number => transaction.meta.feeMultiplier ?? block.block.feeMultiplier;

/** A block's receipts (every transaction statement's) as one Mesh transaction named by the block's hash, as catapult-rest answers them. */
async function blockReceipts(context: RosettaContext, block: BlockInfoDTO, parser: OperationParser): Promise<MeshTransaction> {
  const { receipts } = context.backend;
  const height = BigInt(block.block.height);
  const statements = receipts ? await allPages((page) => receipts.searchTransactionStatements({ ...pageOf(page), height })) : [];
  return parser.receipts(block.meta.hash, statements.flatMap(({ statement }) => statement.receipts));
}

/** A block's Mesh transactions: each top-level transaction in block order, then its receipts' (harvest fees, rentals, locks, expiries). */
async function blockTransactions(context: RosettaContext, block: BlockInfoDTO): Promise<MeshTransaction[]> {
  const height = BigInt(block.block.height);
  const parser = new OperationParser(context, blockResolver(context, height));
  const [transactions, receipts] = await Promise.all([transactionsAt(context, height), blockReceipts(context, block, parser)]);
  const answers: MeshTransaction[] = [];
  for (const stitched of stitch(transactions)) answers.push(await parser.transaction(stitched, feeMultiplierOf(stitched.info, block)));
  answers.push(receipts);
  return answers;
}

/** The network's epoch (Unix ms) a block's timestamp counts from. */
async function epochOf(context: RosettaContext): Promise<bigint> {
  return BigInt(Number.parseInt((await context.backend.network.properties()).network.epochAdjustment, 10)) * 1000n;
}

/** `/block`: a block by a partial identifier (index, hash, both; neither: the head), with all its transactions. */
async function block(request: Readonly<Record<string, unknown>>, context: RosettaContext): Promise<unknown> {
  const found = await blockNamed(context, partialIdentifier(request, 'block_identifier'));
  const identifier = identifierOf(found);
  const [transactions, epoch, genesis] = await Promise.all([blockTransactions(context, found), epochOf(context), genesisBlock(context)]);
  return {
    block: {
      block_identifier: identifier,
      parent_block_identifier: identifier.index <= Number(genesis.block.height) ? identifier : { index: identifier.index - 1, hash: found.block.previousBlockHash },
      timestamp: Number(epoch + BigInt(found.block.timestamp)),
      transactions,
    },
  };
}

/** `/block/transaction`: one transaction of a block (the block's hash names its receipts' transaction). */
async function blockTransaction(request: Readonly<Record<string, unknown>>, context: RosettaContext): Promise<unknown> {
  const named = partialIdentifier(request, 'block_identifier');
  if (named.index === undefined || named.hash === undefined) throw rosettaError('invalidRequestData', { reason: 'block_identifier needs index and hash' });
  const { hash } = partialIdentifier({ transaction_identifier: request.transaction_identifier }, 'transaction_identifier');
  if (hash === undefined) throw rosettaError('invalidRequestData', { reason: 'transaction_identifier.hash is required' });
  const found = await blockNamed(context, named);
  const height = BigInt(found.block.height);
  const parser = new OperationParser(context, blockResolver(context, height));
  if (hash === found.meta.hash) return { transaction: await blockReceipts(context, found, parser) };
  const [top] = context.backend.transactions ? await context.backend.transactions.find('confirmed', [{ hash }]) : [];
  if (!top) throw rosettaError('notFound', { reason: `no confirmed transaction ${hash}` });
  if (top.meta.height !== found.block.height) throw rosettaError('invalidRequestData', { reason: `the transaction ${hash} is not in block ${height}` });
  const [stitched] = stitch([top]);
  return { transaction: await parser.transaction(stitched, feeMultiplierOf(top, found)) };
}

/** `/block`, `/block/transaction`. */
export const blockRoutes: RosettaRoutes = { '/block': block, '/block/transaction': blockTransaction };
