import type { UpstreamClient } from './client.js';
import type { Check } from './shape.js';

/** Reads state entries of an upstream by key: the DTOs it has of `keys` (any order; keys it does not have are left out). */
export type EntryReader<DTO> = (client: UpstreamClient, keys: readonly string[]) => Promise<DTO[]>;

/**
 * Entries read one key a request (`GET {route(key)}`, a 404 meaning none); keys `asked` refuses
 * (those that can name no entry there) are not asked.
 *
 * @example eachByKey((hash) => `/lock/hash/${hash}`, fields({ lock: object }))
 */
export function eachByKey<DTO>(route: (key: string) => string, check: Check<DTO>, asked: (key: string) => boolean = () => true): EntryReader<DTO> {
  return async (client, keys) => {
    const answers = await Promise.all(keys.filter(asked).map((key) => client.find(route(key), check)));
    return answers.filter((dto): dto is Awaited<DTO> => dto !== undefined) as DTO[];
  };
}
