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

// region assertMatchesSchema: one named schema of the spec, optionally strict

interface SchemaNode {
  $ref?: string;
  allOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  items?: SchemaNode;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  additionalProperties?: unknown;
  type?: string;
  [keyword: string]: unknown;
}

/**
 * Mistakes of the spec that catapult-rest, symbol-sdk and the schema's own `properties`
 * all disagree with; `assertMatchesSchema` validates against the spec with these corrected.
 */
const SPEC_ERRATA: { schema: string; why: string; correct: (schema: SchemaNode) => void }[] = [
  {
    schema: 'NamespaceMetadataTransactionBodyDTO',
    why: 'requires `targetMosaicId`, a property it does not define; catapult-rest renders (and symbol-sdk reads) `targetNamespaceId`',
    correct: (schema) => {
      schema.required = schema.required!.map((name) => (name === 'targetMosaicId' ? 'targetNamespaceId' : name));
    },
  },
];

const CORRECTED_ID = 'openapi-corrected.json';
const STRICT_ID = 'openapi-strict.json';
const SCHEMAS_POINTER = '#/components/schemas/';

function correctedSpec(): { components: { schemas: Record<string, SchemaNode> } } {
  const copy = structuredClone(spec) as unknown as { components: { schemas: Record<string, SchemaNode> } };
  for (const erratum of SPEC_ERRATA) erratum.correct(copy.components.schemas[erratum.schema]);
  return copy;
}

/**
 * The spec with every plain object schema closed (`additionalProperties: false`): an
 * `allOf` of object schemas is merged into one object first, since closing each part
 * would reject the properties of the others.
 */
function strictSpec(source: { components: { schemas: Record<string, SchemaNode> } }): object {
  const schemas = source.components.schemas;
  const objectParts = (node: SchemaNode): { properties: Record<string, SchemaNode>; required: string[] } | undefined => {
    if (node.$ref) return node.$ref.startsWith(SCHEMAS_POINTER) ? objectParts(schemas[node.$ref.slice(SCHEMAS_POINTER.length)]) : undefined;
    if (node.anyOf || node.oneOf || node.additionalProperties !== undefined) return undefined;
    if (node.allOf) {
      const parts = node.allOf.map(objectParts);
      if (parts.some((part) => !part)) return undefined;
      return {
        properties: Object.assign({}, ...parts.map((part) => part!.properties)),
        required: parts.flatMap((part) => part!.required),
      };
    }
    if (node.type !== 'object' && !node.properties) return undefined;
    return { properties: node.properties ?? {}, required: node.required ?? [] };
  };
  const close = (node: SchemaNode): SchemaNode => {
    if (node.$ref) return node;
    const parts = objectParts(node);
    if (parts) {
      const properties = Object.fromEntries(Object.entries(parts.properties).map(([name, child]) => [name, close(child)]));
      return { type: 'object', properties, required: [...new Set(parts.required)], additionalProperties: false };
    }
    const closed: SchemaNode = { ...node };
    if (node.items) closed.items = close(node.items);
    if (node.anyOf) closed.anyOf = node.anyOf.map(close);
    if (node.oneOf) closed.oneOf = node.oneOf.map(close);
    return closed;
  };
  return { components: { schemas: Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, close(schema)])) } };
}

// A second ajv, so the corrected and strict documents never change what assertMatchesSpec checks.
const schemaAjv = new Ajv({ strict: false, allErrors: true });
addFormats(schemaAjv);
schemaAjv.addFormat('hex', /^[0-9A-F]*$/);
schemaAjv.addFormat('int64', { type: 'number', validate: Number.isInteger });
schemaAjv.addFormat('int32', { type: 'number', validate: Number.isInteger });
const corrected = correctedSpec();
schemaAjv.addSchema({ ...corrected, $id: CORRECTED_ID });
schemaAjv.addSchema({ ...strictSpec(corrected), $id: STRICT_ID });
const schemaValidators = new Map<string, ValidateFunction>();

/**
 * Asserts that `value` matches the spec's schema `schemaName` (e.g. `HashLockTransactionDTO`),
 * with the spec's known errata corrected. `strict` also rejects any property, at any depth,
 * that the schema does not define (the spec itself never says `additionalProperties: false`).
 *
 * @example assertMatchesSchema('TransferTransactionDTO', json, { strict: true })
 */
export function assertMatchesSchema(schemaName: string, value: unknown, options: { strict: boolean } = { strict: false }): void {
  if (!corrected.components.schemas[schemaName]) throw new Error(`the spec has no schema ${schemaName}`);
  const key = `${options.strict ? STRICT_ID : CORRECTED_ID}${SCHEMAS_POINTER}${schemaName}`;
  let validate = schemaValidators.get(key);
  if (!validate) {
    validate = schemaAjv.compile({ $ref: key });
    schemaValidators.set(key, validate);
  }
  if (!validate(value)) {
    const lines = (validate.errors ?? []).map((e) => `value${e.instancePath} ${e.message}${e.params?.additionalProperty ? ` (${e.params.additionalProperty})` : ''}`);
    throw new Error(`value does not match ${schemaName}${options.strict ? ' (strict)' : ''}:\n  ${[...new Set(lines)].join('\n  ')}`);
  }
}

// endregion
