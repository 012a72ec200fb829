import type { Awaitable, PageResult } from '../backend/repositories.js';
import { ResourceNotFoundError } from '../errors.js';
import { isThenable } from '../http/in-flight.js';
import { toPage, type Page, type PageRequest } from '../pagination.js';

/**
 * Applies `next` to a backend's answer now when it answered synchronously, or once its
 * promise settles: an in-memory backend then costs the request no promise at all.
 * (Not named `then`: a module exporting `then` is itself a thenable to `import()`.)
 */
export function andThen<T, R>(value: Awaitable<T>, next: (value: T) => R): R | Promise<R> {
  return isThenable(value) ? Promise.resolve(value).then(next) : next(value as T);
}

/** A backend's page of rows in the wire envelope. */
export function pageOf<T>(result: Awaitable<PageResult<T>>, request: Pick<PageRequest, 'pageSize' | 'pageNumber'>): Page<T> | Promise<Page<T>> {
  return andThen(result, ({ data, totalEntries }) => toPage(data, totalEntries, request));
}

/** The one entity a lookup found, or 404 naming the id as the client gave it. */
export function oneOrNotFound<T>(found: Awaitable<readonly T[]>, id: string): T | Promise<T> {
  return andThen(found, ([one]) => {
    if (one === undefined) throw ResourceNotFoundError.forId(id);
    return one;
  });
}
