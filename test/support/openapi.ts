/**
 * Validates JSON response bodies against the Symbol catapult-rest OpenAPI 3.0 spec
 * (test/fixtures/symbol-openapi.yml), so route tests prove wire compatibility.
 */
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import * as ajvFormats from 'ajv-formats';
import type { FormatsPlugin } from 'ajv-formats';
import { parse } from 'yaml';

interface MediaType { schema?: { $ref?: string } }
interface Response { $ref?: string; content?: Record<string, MediaType> }
interface Operation { responses?: Record<string, Response> }
interface OpenApiDoc { paths: Record<string, Record<string, Operation>> }

const SPEC_ID = 'openapi.json';
const MODEL_ERROR_REF = '#/components/schemas/ModelError';

const spec = parse(
  readFileSync(new URL('../fixtures/symbol-openapi.yml', import.meta.url), 'utf8'),
) as OpenApiDoc;

// ajv-formats is CommonJS: under NodeNext the namespace's `default` is the plugin function.
const addFormats = (ajvFormats as unknown as { default: FormatsPlugin }).default;

// strict: false so OpenAPI-only keywords (example, discriminator, ...) and unknown formats
// are ignored instead of failing compilation. `nullable` is natively supported by ajv 8.
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
// catapult-rest always renders hex uppercase, so lowercase hex is a real incompatibility.
ajv.addFormat('hex', /^[0-9A-F]*$/);
ajv.addFormat('int64', { type: 'number', validate: Number.isInteger });
ajv.addFormat('int32', { type: 'number', validate: Number.isInteger });
// The whole document is registered once so every internal $ref (even ones into #/paths) resolves.
ajv.addSchema({ ...spec, $id: SPEC_ID });

// Error bodies must be exactly { code, message }: ModelError alone would allow extra keys (e.g. a stack).
const errorBodyValidator = ajv.compile({
  allOf: [
    { $ref: `${SPEC_ID}${MODEL_ERROR_REF}` },
    {
      type: 'object',
      required: ['code', 'message'],
      additionalProperties: false,
      properties: { code: { type: 'string' }, message: { type: 'string' } },
    },
  ],
});

const validators = new Map<string, ValidateFunction>();

const isParam = (segment: string): boolean => /^\{[^}]+\}$/.test(segment);

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // malformed escapes: compare the raw text
  }
}

/** All spec templates matching `url`, most specific first (a literal segment beats a `{param}` at the first difference). */
function matchingTemplates(url: string): string[] {
  // Split before decoding so an encoded '/' (%2F) stays inside its segment.
  const segments = url.split(/[?#]/)[0].split('/').map(decodeSegment);
  const matches = Object.keys(spec.paths).filter((template) => {
    const parts = template.split('/');
    return parts.length === segments.length
      && parts.every((part, i) => (isParam(part) ? segments[i] !== '' : part === segments[i]));
  });
  return matches.sort((a, b) => {
    const pa = a.split('/');
    const pb = b.split('/');
    const i = pa.findIndex((part, k) => isParam(part) !== isParam(pb[k]));
    return i === -1 ? 0 : isParam(pa[i]) ? 1 : -1;
  });
}

export function findPathTemplate(url: string): string | undefined {
  return matchingTemplates(url)[0];
}

/** JSON pointer token, URI-encoded the way the spec itself writes refs (e.g. ~1blocks~1%7Bheight%7D). */
const pointerToken = (key: string): string =>
  encodeURIComponent(key.replace(/~/g, '~0').replace(/\//g, '~1'));

function fail(route: string, status: number, detail: string): never {
  throw new Error(`Response for ${route} -> ${status} does not match the Symbol OpenAPI spec:\n  ${detail}`);
}

function run(validate: ValidateFunction, route: string, status: number, body: unknown): void {
  if (!validate(body)) {
    // anyOf branches repeat the same complaint; de-duplicate to keep the message readable.
    const lines = (validate.errors ?? []).map((e) => `body${e.instancePath} ${e.message}`);
    fail(route, status, [...new Set(lines)].join('\n  '));
  }
}

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

export function assertMatchesSpec(method: string, url: string, status: number, body: unknown): void {
  const verb = method.toLowerCase();
  // A path may exist literally for one method only (POST /namespaces/names vs GET /namespaces/{namespaceId}).
  const template = matchingTemplates(url).find((t) => spec.paths[t][verb]);
  const route = `${method.toUpperCase()} ${url}${template ? ` (${template})` : ''}`;
  const errorFallback = (why: string): void => {
    if (status < 400) fail(route, status, why);
    run(errorBodyValidator, route, status, body);
  };

  if (!template) return errorFallback('no such route/method in the spec');
  const responses = spec.paths[template][verb].responses ?? {};
  let response = responses[String(status)];
  let pointer = `#/paths/${pointerToken(template)}/${verb}/responses/${status}`;
  if (!response) return errorFallback(`status not documented (spec lists ${Object.keys(responses).join(', ')})`);
  while (response.$ref) {
    pointer = response.$ref; // e.g. '#/components/responses/ResourceNotFound'
    response = resolvePointer(pointer) as Response;
  }

  const schema = response.content?.['application/json']?.schema;
  if (!schema) {
    if (isSuccess(status)) {
      if (body !== undefined && body !== '') fail(route, status, 'spec documents no body, but one was sent');
      return;
    }
    return errorFallback('spec documents no JSON body');
  }
  // Documented non-ModelError error bodies (only /node/health 503 -> NodeHealthInfoDTO) use their own schema.
  if (schema.$ref === MODEL_ERROR_REF) return run(errorBodyValidator, route, status, body);

  const key = `${verb} ${template} ${status}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile({ $ref: `${SPEC_ID}${pointer}/content/application~1json/schema` });
    validators.set(key, validate);
  }
  run(validate, route, status, body);
}

/** Resolves a local '#/a/b' pointer within the spec document. */
function resolvePointer(ref: string): unknown {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .map((token) => decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], spec);
}
