import type { Awaitable } from '../backend/repositories.js';
import { isThenable } from '../http/in-flight.js';

/**
 * Applies `next` to a backend's answer now when it answered synchronously, or once its
 * promise settles: an in-memory backend then costs the request no promise at all.
 * (Not named `then`: a module exporting `then` is itself a thenable to `import()`.)
 */
export function andThen<T, R>(value: Awaitable<T>, next: (value: T) => R): R | Promise<R> {
  return isThenable(value) ? Promise.resolve(value).then(next) : next(value as T);
}
