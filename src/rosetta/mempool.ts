import type { RosettaContext, RosettaRoutes } from './context.js';
import { rosettaError } from './errors.js';
import { allPages, currentResolver, OperationParser, pageOf, stitch } from './operations.js';

/** `/mempool`: the hashes of every unconfirmed transaction. */
async function mempool(_request: Readonly<Record<string, unknown>>, context: RosettaContext): Promise<unknown> {
  const { transactions } = context.backend;
  const unconfirmed = transactions ? await allPages((page) => transactions.search('unconfirmed', { ...pageOf(page), embedded: false })) : [];
  return { transaction_identifiers: unconfirmed.flatMap(({ meta }) => ('hash' in meta ? [{ hash: meta.hash }] : [])) };
}

/** `/mempool/transaction`: an unconfirmed transaction's operations (its fee is its `maxFee`, aliases as they resolve now). */
async function mempoolTransaction(request: Readonly<Record<string, unknown>>, context: RosettaContext): Promise<unknown> {
  const named = request.transaction_identifier as { hash?: unknown } | undefined;
  const hash = typeof named === 'object' && named !== null ? named.hash : undefined;
  if (typeof hash !== 'string' || !/^[0-9a-fA-F]{64}$/.test(hash)) throw rosettaError('invalidRequestData', { reason: 'transaction_identifier.hash must be 64 hex characters' });
  const [found] = context.backend.transactions ? await context.backend.transactions.find('unconfirmed', [{ hash: hash.toUpperCase() }]) : [];
  if (!found) throw rosettaError('notFound', { reason: `no unconfirmed transaction ${hash}` });
  const [stitched] = stitch([found]);
  return { transaction: await new OperationParser(context, currentResolver(context)).transaction(stitched, undefined) };
}

/** `/mempool`, `/mempool/transaction`. */
export const mempoolRoutes: RosettaRoutes = { '/mempool': mempool, '/mempool/transaction': mempoolTransaction };
