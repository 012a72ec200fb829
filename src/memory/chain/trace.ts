import type { TransactionTraceDTO } from '../../backend/dev.js';
import { changesJson, failureJson, notificationsJson, receiptsJson } from '../execution/trace.js';
import type { ChainCore } from './core.js';

/**
 * A transaction's trace (`chain.dev.trace`), or undefined for a hash the chain does not know: its
 * status, and what the chain recorded when it ran it, held to that status (a record of a block a
 * snapshot's revert undid, or of a failure announced again since, is not shown). A transaction
 * waiting in a pool lists the notifications it raises as the next block would run it; one in the
 * partial pool, the latest cosignature refused for it.
 */
export function traceTransaction(core: ChainCore, hash: string): TransactionTraceDTO | undefined {
  const [status] = core.lifecycle.statuses([hash]);
  if (!status) return undefined;
  const { group } = status;
  const code = status.code ?? 'Success';
  const record = core.traces.get(hash);
  if (group === 'failed') {
    if (record?.kind !== 'failed' || record.code !== code) return { hash, group, code, notifications: [], kept: false };
    return { hash, group, code, notifications: notificationsJson(record.notifications), failure: failureJson(record), kept: true };
  }
  if (group === 'confirmed') {
    const height = status.height!;
    if (record?.kind !== 'confirmed' || record.height.toString() !== height) return { hash, group, code, height, notifications: [], kept: false };
    return { hash, group, code, height, notifications: notificationsJson(record.notifications), ...changesJson(record), receipts: receiptsJson(record), kept: true };
  }
  const waiting = core.lifecycle[group].get(hash)!;
  const notifications = notificationsJson(core.engine.notifications(waiting.decoded));
  // A cosignature refused while it waits leaves it partial: the refusal is shown with it.
  if (group === 'partial' && record?.kind === 'failed' && record.stage === 'cosigners') return { hash, group, code, notifications, failure: failureJson(record), kept: true };
  return { hash, group, code, notifications, kept: true };
}
