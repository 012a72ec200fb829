import { backoffDelay, retryAfterMs, sleep } from './backoff.js';
import type { FetchedAnswer, Fetcher } from './http-fetch.js';
import type { BackoffOptions } from './options.js';
import type { RequestPacer } from './request-pacer.js';
import type { RequestWindow } from './window.js';
import type { Check } from './shape.js';
import { UpstreamError } from './upstream-error.js';

/** What every request of one client shares: resolved options, the pacer and the in-flight window. */
export interface Transport {
  fetch: Fetcher;
  timeout: number;
  retries: number;
  backoff: Required<BackoffOptions>;
  pacer: RequestPacer;
  window: RequestWindow;
  signal?: AbortSignal;
}

/** Longest piece of an error answer's body quoted in a message. */
const QUOTE_LIMIT = 200;

/**
 * Sends a JSON request and answers its body, checked by `check`. Transient failures
 * (unreachable, timeout, 429, 5xx) are sent again up to `retries` times, after a backoff (or
 * the `Retry-After` the upstream asked for, capped at `backoff.max`); anything else throws at
 * once. Each attempt waits for a place in the window, then its turn at the pacer.
 *
 * @throws UpstreamError
 */
export async function requestJson<T>(transport: Transport, method: 'GET' | 'POST' | 'PUT', url: string, body: unknown, check: Check<T>): Promise<T> {
  const { signal } = transport;
  const what = `${method} ${url}`;
  for (let attempt = 1; ; attempt++) {
    try {
      await transport.window.enter();
      try {
        await transport.pacer.turn(signal);
        return await attemptOnce(transport, method, url, body, check);
      } finally {
        transport.window.leave();
      }
    } catch (error) {
      if (signal?.aborted) throw new UpstreamError('aborted', `${what}: aborted`, { cause: signal.reason });
      const failure = error as UpstreamError;
      if (!failure.transient) throw failure;
      if (attempt > transport.retries) {
        const attempts = `${attempt} attempt${attempt === 1 ? '' : 's'}`;
        throw new UpstreamError(failure.kind, `${failure.message} (${attempts})`, { status: failure.status, retryAfter: failure.retryAfter, cause: failure.cause });
      }
      const delay = failure.retryAfter !== undefined ? Math.min(failure.retryAfter, transport.backoff.max) : backoffDelay(attempt, transport.backoff);
      await sleep(delay, signal).catch(() => undefined); // an abort is reported at the top of the next turn
    }
  }
}

/** One attempt: throws UpstreamError for every failure, with `transient` telling whether to try again. */
async function attemptOnce<T>(transport: Transport, method: string, url: string, body: unknown, check: Check<T>): Promise<T> {
  const what = `${method} ${url}`;
  const timeout = AbortSignal.timeout(transport.timeout);
  const signal = transport.signal ? AbortSignal.any([transport.signal, timeout]) : timeout;
  const transportFailure = (error: unknown): UpstreamError => {
    if (timeout.aborted) return new UpstreamError('timeout', `${what}: no answer within ${transport.timeout} ms`, { cause: error });
    return new UpstreamError('unreachable', `${what}: the upstream is unreachable (${reasonOf(error)})`, { cause: error });
  };

  let response: FetchedAnswer;
  let answer: string;
  try {
    response = await transport.fetch(url, {
      method,
      signal,
      headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    answer = await response.text();
  } catch (error) {
    throw transportFailure(error);
  }

  if (!response.ok) {
    const status = response.status;
    const retryAfter = status === 429 || status === 503 ? retryAfterMs(response.headers.get('retry-after')) : undefined;
    throw new UpstreamError('status', `${what}: answered ${status} ${describeErrorBody(answer) ?? response.statusText}`.trimEnd(), { status, retryAfter });
  }
  let value: unknown;
  try {
    value = JSON.parse(answer);
  } catch {
    throw new UpstreamError('garbage', `${what}: the answer is not JSON`);
  }
  try {
    return check(value);
  } catch (error) {
    throw new UpstreamError('garbage', `${what}: the answer ${(error as Error).message}`, { cause: error });
  }
}

/** The gateway's `{code, message}` error body as `code: message`, else the start of the body. */
function describeErrorBody(answer: string): string | undefined {
  try {
    const { code, message } = JSON.parse(answer);
    if (typeof code === 'string' && typeof message === 'string') return clip(`${code}: ${message}`);
  } catch {
    // not the gateway's error body
  }
  return answer.trim() ? clip(answer.trim()) : undefined;
}

/** What went wrong underneath fetch's `fetch failed`: its cause's message (`connect ECONNREFUSED 127.0.0.1:3000`). */
function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  return cause?.message ?? (error as Error)?.message ?? String(error);
}

function clip(text: string): string {
  return text.length > QUOTE_LIMIT ? `${text.slice(0, QUOTE_LIMIT)}...` : text;
}
