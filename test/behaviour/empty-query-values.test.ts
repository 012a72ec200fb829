/**
 * catapult-rest 2.5 reads a query parameter given with an empty value as absent: its routes test
 * each one as `params.x ? parse(params.x) : undefined` (client/rest/src/routes, routeUtils'
 * `parsePaginationArguments` for the paging ones). symbol-sdk 2's repositories send an unset
 * filter that way (`type=`), and the official explorer's transaction lists do. Every query
 * parameter of every collection route of catapult-rest's OpenAPI, given empty, answers what the
 * route answers without it.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startGateway } from '../support/server.js';

type Server = Awaited<ReturnType<typeof startGateway>>;
interface Parameter { name?: string; in?: string; $ref?: string }
interface Spec { paths: Record<string, Record<string, { parameters?: Parameter[] }>>; components: { parameters: Record<string, Parameter> } }

const spec = parse(readFileSync(new URL('../fixtures/symbol-openapi-head.yml', import.meta.url), 'utf8')) as Spec;
const resolve = (parameter: Parameter): Parameter => (parameter.$ref ? spec.components.parameters[parameter.$ref.split('/').pop()!] : parameter);

/** Paging parameters every collection takes besides those its operation documents: `orderBy`, and the interface document's `page` and `id`. */
const PAGING = ['orderBy', 'page', 'id'];

/** Each GET route without path parameters, with the query parameters its operation documents (and, for a collection, `PAGING`). */
const ROUTES = Object.entries(spec.paths)
  .filter(([path, operations]) => !path.includes('{') && operations.get !== undefined)
  .map(([path, operations]) => {
    const documented = (operations.get.parameters ?? []).map(resolve).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name!);
    return { path, names: documented.includes('pageSize') ? [...new Set([...documented, ...PAGING])] : documented };
  })
  .filter(({ names }) => names.length > 0);

describe('a query parameter given with an empty value (catapult-rest: absent)', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startGateway();
  });
  afterAll(async () => {
    await server.close();
  });

  it('covers the collection routes the explorer pages through', () => {
    expect(ROUTES.map(({ path }) => path)).toEqual(expect.arrayContaining(['/transactions/confirmed', '/blocks', '/accounts', '/mosaics', '/namespaces', '/metadata', '/statements/transaction', '/lock/hash', '/restrictions/mosaic']));
    expect(ROUTES.find(({ path }) => path === '/transactions/confirmed')!.names).toEqual(expect.arrayContaining(['type', 'address', 'height', 'embedded', 'order', 'orderBy', 'pageSize', 'pageNumber']));
  });

  it.each(ROUTES.flatMap(({ path, names }) => names.map((name) => [path, name] as const)))('GET %s?%s= answers as without it', async (path, name) => {
    const without = await server.get(`${path}?pageSize=10`);
    const empty = await server.get(`${path}?${name}=&pageSize=10`);
    expect({ status: empty.status, body: empty.body }).toEqual({ status: without.status, body: without.body });
    expect(empty.status).toBe(200);
  });

  it("reads the explorer's own request as symbol-sdk 2.0.6 sends it: type= with the page's order", async () => {
    const reply = await server.get('/transactions/confirmed?type=&pageSize=25&pageNumber=1&order=desc');
    expect(reply.status).toBe(200);
    expect(reply.body.pagination).toMatchObject({ pageNumber: 1, pageSize: 25 });
    // An empty value beside the same parameter given: the one given counts.
    const typed = await server.get('/transactions/confirmed?type=&type=16724&pageSize=100');
    expect(typed.status).toBe(200);
    expect(typed.body.data.every((entry: any) => entry.transaction.type === 16724)).toBe(true);
    expect(typed.body.data.length).toBeGreaterThan(0);
  });
});
