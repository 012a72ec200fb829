/**
 * Validates Rosetta (Mesh) answers against the Mesh OpenAPI specification
 * (test/fixtures/mesh-api.json, the coinbase/mesh-specifications api.json): a 200 against its
 * route's response schema, any other status against the Mesh `Error` schema (Mesh answers
 * every failure with HTTP 500 and an `Error`).
 */
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';

interface MeshSpec {
  paths: Record<string, { post: { responses: Record<string, { content: { 'application/json': { schema: { $ref: string } } } }> } }>;
  components: { schemas: Record<string, unknown> };
}

const spec = JSON.parse(readFileSync(new URL('../fixtures/mesh-api.json', import.meta.url), 'utf8')) as MeshSpec;
// strict: false, so OpenAPI-only keywords (example, nullable…) are ignored; formats (int64) are not checked beyond their type.
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
ajv.addSchema({ $id: 'mesh', components: spec.components });
const validators = new Map<string, ValidateFunction>();

function validatorOf(ref: string): ValidateFunction {
  let validate = validators.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: `mesh${ref}` });
    validators.set(ref, validate);
  }
  return validate;
}

/** The Mesh routes (`/network/list`, `/construction/submit`, …). */
export const MESH_ROUTES: readonly string[] = Object.keys(spec.paths);

/**
 * Throws unless `body` is what the Mesh specification lets `route` (`/block`, without the
 * gateway's prefix) answer with `status`: its response schema for 200, an `Error` with 500.
 */
export function expectMeshAnswer(route: string, status: number, body: unknown): void {
  const path = spec.paths[route];
  if (!path) throw new Error(`${route} is no Mesh route`);
  if (status !== 200 && status !== 500) throw new Error(`${route} answered ${status}: Mesh answers 200 or 500 (${JSON.stringify(body)})`);
  const ref = path.post.responses[String(status)].content['application/json'].schema.$ref;
  const validate = validatorOf(ref);
  if (!validate(body)) {
    const lines = [...new Set((validate.errors ?? []).map((error) => `body${error.instancePath} ${error.message}`))];
    throw new Error(`${route} -> ${status} does not match the Mesh spec (${ref}):\n  ${lines.join('\n  ')}\n${JSON.stringify(body).slice(0, 2000)}`);
  }
}

/**
 * POSTs `body` to a Mesh route of a gateway (`base`: its URL with the Rosetta prefix,
 * `http://127.0.0.1:3000/rosetta`), checks the answer against the spec, and answers it.
 */
export async function meshPost<T = any>(base: string, route: string, body: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${base}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = (await response.json()) as T;
  expectMeshAnswer(route, response.status, answer);
  return { status: response.status, body: answer };
}
