/**
 * Validates response bodies against the Symbol catapult-rest OpenAPI specs, so route tests
 * prove wire compatibility: the 1.0.5 spec (OpenAPI 3.0, test/fixtures/symbol-openapi.yml) and
 * the head spec (OpenAPI 3.1, JSON Schema 2020-12, test/fixtures/symbol-openapi-head.yml, made by
 * scripts/bundle-openapi.ts). A body must satisfy each spec that documents its route and status.
 */
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import * as ajvFormats from 'ajv-formats';
import type { FormatsPlugin } from 'ajv-formats';
import { parse } from 'yaml';

interface MediaType { schema?: { $ref?: string } }
interface Response { $ref?: string; content?: Record<string, MediaType> }
interface Operation { responses?: Record<string, Response> }
interface OpenApiDoc { paths: Record<string, Record<string, Operation>> }

const MODEL_ERROR_REF = '#/components/schemas/ModelError';

const load = (file: string): OpenApiDoc => parse(readFileSync(new URL(`../fixtures/${file}`, import.meta.url), 'utf8')) as OpenApiDoc;
const spec = load('symbol-openapi.yml');

// ajv-formats is CommonJS: under NodeNext the namespace's `default` is the plugin function.
const addFormats = (ajvFormats as unknown as { default: FormatsPlugin }).default;

/** An ajv with the formats both specs use: strict: false so OpenAPI-only keywords (example, discriminator, ...) are ignored. */
function withFormats<T extends Ajv>(ajv: T): T {
  addFormats(ajv);
  // catapult-rest always renders hex uppercase, so lowercase hex is a real incompatibility.
  ajv.addFormat('hex', /^[0-9A-F]*$/);
  ajv.addFormat('int64', { type: 'number', validate: Number.isInteger });
  ajv.addFormat('int32', { type: 'number', validate: Number.isInteger });
  return ajv;
}

const isParam = (segment: string): boolean => /^\{[^}]+\}$/.test(segment);

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // malformed escapes: compare the raw text
  }
}

/** JSON pointer token, URI-encoded the way the spec itself writes refs (e.g. ~1blocks~1%7Bheight%7D). */
const pointerToken = (key: string): string =>
  encodeURIComponent(key.replace(/~/g, '~0').replace(/\//g, '~1'));

function fail(name: string, route: string, status: number, detail: string): never {
  throw new Error(`Response for ${route} -> ${status} does not match the Symbol OpenAPI spec${name}:\n  ${detail}`);
}

function run(name: string, validate: ValidateFunction, route: string, status: number, body: unknown): void {
  if (!validate(body)) {
    // anyOf branches repeat the same complaint; de-duplicate to keep the message readable.
    const lines = (validate.errors ?? []).map((e) => `body${e.instancePath} ${e.message}`);
    fail(name, route, status, [...new Set(lines)].join('\n  '));
  }
}

const isSuccess = (status: number): boolean => status >= 200 && status < 300;

/** What of a reply, beyond its body, the checks read: the content type, and the raw text of a body that is not JSON. */
export interface ReplyParts {
  contentType?: string;
  text?: string;
}

/** The response a spec documents for an operation and status, and where it is. */
interface Documented { template: string; response: Response; pointer: string }

/** One OpenAPI document, its schemas registered in an ajv, and the checks of a response against it. */
class SpecDocument {
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly errorBody: ValidateFunction;

  constructor(
    /** The spec's name: '1.0.5' or 'head'. */
    readonly label: string,
    /** How failures name the spec ('' for 1.0.5, so its messages read as they always did). */
    readonly name: string,
    readonly doc: OpenApiDoc,
    private readonly ajv: Ajv,
    private readonly id: string,
  ) {
    // The whole document is registered once so every internal $ref (even ones into #/paths) resolves.
    ajv.addSchema({ ...doc, $id: id });
    // Error bodies must be exactly { code, message }: ModelError alone would allow extra keys (e.g. a stack).
    this.errorBody = ajv.compile({
      allOf: [
        { $ref: `${id}${MODEL_ERROR_REF}` },
        {
          type: 'object',
          required: ['code', 'message'],
          additionalProperties: false,
          properties: { code: { type: 'string' }, message: { type: 'string' } },
        },
      ],
    });
  }

  /** All templates matching `url`, most specific first (a literal segment beats a `{param}` at the first difference). */
  matchingTemplates(url: string): string[] {
    // Split before decoding so an encoded '/' (%2F) stays inside its segment.
    const segments = url.split(/[?#]/)[0].split('/').map(decodeSegment);
    const matches = Object.keys(this.doc.paths).filter((template) => {
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

  /** The template that has `verb` (a path may exist literally for one method only: POST /namespaces/names vs GET /namespaces/{namespaceId}). */
  template(verb: string, url: string): string | undefined {
    return this.matchingTemplates(url).find((t) => this.doc.paths[t][verb]);
  }

  /** The response documented for `status`, its `$ref`s followed; undefined when the spec lists no such status. */
  documented(verb: string, template: string, status: number): Documented | undefined {
    let response = this.doc.paths[template][verb].responses?.[String(status)];
    if (!response) return undefined;
    let pointer = `#/paths/${pointerToken(template)}/${verb}/responses/${status}`;
    while (response.$ref) {
      pointer = response.$ref; // e.g. '#/components/responses/ResourceNotFound'
      response = this.resolvePointer(pointer) as Response;
    }
    return { template, response, pointer };
  }

  statuses(verb: string, template: string): string[] {
    return Object.keys(this.doc.paths[template][verb].responses ?? {});
  }

  checkErrorBody(route: string, status: number, body: unknown): void {
    run(this.name, this.errorBody, route, status, body);
  }

  /** Checks a reply against the response this spec documents for it. */
  check(verb: string, route: string, status: number, body: unknown, { template, response, pointer }: Documented, parts: ReplyParts): void {
    const content = response.content ?? {};
    const mediaTypes = Object.keys(content);
    if (mediaTypes.length === 0) {
      if (!isSuccess(status)) return this.checkErrorBody(route, status, body);
      if (body !== undefined && body !== '') fail(this.name, route, status, 'spec documents no body, but one was sent');
      return;
    }
    const contentType = parts.contentType?.split(';')[0].trim().toLowerCase();
    const json = content['application/json'];
    if (!json) {
      // A plain-text or binary answer: its content type is the documented one, and a text schema holds for its text.
      const mediaType = mediaTypes.find((type) => type === '*/*' || type === contentType);
      if (parts.contentType !== undefined && !mediaType) fail(this.name, route, status, `content type ${contentType} is not the documented ${mediaTypes.join(' or ')}`);
      if (mediaType?.startsWith('text/') && parts.text !== undefined) {
        this.runSchema(`${verb} ${template} ${status} ${mediaType}`, `${pointer}/content/${pointerToken(mediaType)}/schema`, route, status, parts.text);
      }
      return;
    }
    if (parts.contentType !== undefined && body !== undefined && contentType !== 'application/json') {
      fail(this.name, route, status, `content type ${contentType} is not the documented application/json`);
    }
    // Documented non-ModelError error bodies (only /node/health 503 -> NodeHealthInfoDTO) use their own schema.
    if (json.schema?.$ref === MODEL_ERROR_REF) return this.checkErrorBody(route, status, body);
    this.runSchema(`${verb} ${template} ${status}`, `${pointer}/content/application~1json/schema`, route, status, body);
  }

  private runSchema(key: string, schemaPointer: string, route: string, status: number, value: unknown): void {
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${this.id}${schemaPointer}` });
      this.validators.set(key, validate);
    }
    run(this.name, validate, route, status, value);
  }

  /** Resolves a local '#/a/b' pointer within the document. */
  resolvePointer(ref: string): unknown {
    return ref
      .replace(/^#\//, '')
      .split('/')
      .map((token) => decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], this.doc);
  }
}

interface SchemaMap { components: { schemas: Record<string, { pattern?: string; properties?: Record<string, object> }> } }

/** A uint64 that may be 0: catapult's "none yet" height (the head spec's Height starts at 1). */
const HEIGHT_OR_ZERO = { type: 'string', pattern: '^(0|[1-9][0-9]*)$' };

/**
 * Mistakes of the head spec that catapult-rest 2.5 and catapult disagree with (checked in their
 * sources); the head spec is checked with these corrected, and nothing else relaxed.
 */
const HEAD_ERRATA: { why: string; correct: (doc: SchemaMap) => void }[] = [
  {
    why: 'Importance is "a decimal between 0 and 1", but catapult-rest renders importance and a bucket\'s rawScore as uint64 (ModelSchemaBuilder.js: importance, rawScore: ModelType.uint64)',
    correct: ({ components: { schemas } }) => { schemas.Importance.pattern = '^(0|[1-9][0-9]*)$'; },
  },
  {
    why: 'an account\'s publicKeyHeight is 0 until its key is known, its importanceHeight 0 without importance (CatapultDb.js pickTopImportance), and an unused activity bucket starts at 0 (catapult AccountStateMapper.cpp writes every bucket)',
    correct: ({ components: { schemas } }) => {
      const account = schemas.AccountDTO.properties!;
      for (const name of ['publicKeyHeight', 'importanceHeight']) account[name] = { ...HEIGHT_OR_ZERO, description: (account[name] as { description?: string }).description };
      schemas.ActivityBucketDTO.properties!.startHeight = HEIGHT_OR_ZERO;
    },
  },
  {
    why: 'an unconfirmed or partial transaction\'s status has height 0: catapult-rest answers its meta.height (dbFacade.js transactionStatusesByHashes), 0 outside a block, as the head spec\'s own TransactionMetaHeight allows',
    correct: ({ components: { schemas } }) => { schemas.TransactionStatusDTO.properties!.height = { $ref: '#/components/schemas/TransactionMetaHeight' }; },
  },
  {
    why: 'below the first inflation step, /network/inflation/at/{height} answers startHeight "N/A" (networkRoutes.js findMatchingPoint)',
    correct: ({ components: { schemas } }) => {
      schemas.NetworkInflationDTO.properties!.startHeight = { anyOf: [{ $ref: '#/components/schemas/Height' }, { const: 'N/A' }] };
    },
  },
  {
    why: 'the state proof of a tree that holds nothing has an empty raw (merkleUtils.js renders the empty payload; MerkelTree.js parses it to no nodes)',
    correct: ({ components: { schemas } }) => { schemas.MerkleTreeRaw.pattern = '^[0-9a-fA-F]*$'; },
  },
];

function headSpec(): OpenApiDoc {
  const doc = load('symbol-openapi-head.yml');
  for (const erratum of HEAD_ERRATA) erratum.correct(doc as unknown as SchemaMap);
  return doc;
}

/** The specs, 1.0.5 first so its messages come first. */
const SPECS = [
  new SpecDocument('1.0.5', '', spec, withFormats(new Ajv({ strict: false, allErrors: true })), 'openapi.json'),
  // OpenAPI 3.1: JSON Schema 2020-12, type arrays instead of `nullable`.
  new SpecDocument('head', ' (head)', headSpec(), withFormats(new Ajv2020({ strict: false, allErrors: true })), 'openapi-head.json'),
];

/** The template of `url` in the 1.0.5 spec, else in the head spec. */
export function findPathTemplate(url: string): string | undefined {
  for (const document of SPECS) {
    const template = document.matchingTemplates(url)[0];
    if (template) return template;
  }
  return undefined;
}

/** The specs that document `method url` answering `status`: '1.0.5', 'head'. */
export function specsDocumenting(method: string, url: string, status: number): string[] {
  const verb = method.toLowerCase();
  return SPECS.filter((document) => {
    const template = document.template(verb, url);
    return template !== undefined && document.documented(verb, template, status) !== undefined;
  }).map((document) => document.label);
}

/**
 * Asserts that a reply matches every spec that documents its route and status; a route or status
 * no spec documents must be an error with an exact `{code, message}` body. `parts` (the content
 * type and raw text) lets a plain-text or binary answer be checked too.
 *
 * @example assertMatchesSpec('GET', '/blocks/1', 200, body, { contentType: 'application/json' })
 */
export function assertMatchesSpec(method: string, url: string, status: number, body: unknown, parts: ReplyParts = {}): void {
  const verb = method.toLowerCase();
  const found = SPECS.map((document) => ({ document, template: document.template(verb, url) }));
  const known = found.filter((each) => each.template !== undefined);
  const route = `${method.toUpperCase()} ${url}${known[0] ? ` (${known[0].template})` : ''}`;
  const documented = known
    .map(({ document, template }) => ({ document, documented: document.documented(verb, template!, status) }))
    .filter((each) => each.documented !== undefined);
  if (documented.length === 0) {
    const why = known.length === 0
      ? 'no such route/method in the spec'
      : `status not documented (spec lists ${[...new Set(known.flatMap(({ document, template }) => document.statuses(verb, template!)))].join(', ')})`;
    if (status < 400) fail('', route, status, why);
    return SPECS[0].checkErrorBody(route, status, body);
  }
  for (const each of documented) each.document.check(verb, route, status, body, each.documented!, parts);
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
const schemaAjv = withFormats(new Ajv({ strict: false, allErrors: true }));
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
