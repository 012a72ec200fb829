/**
 * catapult-rest 2.5's query parsing, to the letter, as a table: every GET collection route and
 * every kind of query parameter it reads. Each row names the line of catapult-rest
 * (symbol/symbol, client/rest/src) that decides it; a row about meaning also says which
 * canonical query answers the same. Where the interface document
 * (shared/spec/gateway-interface.md) says otherwise than catapult-rest, the row expects the
 * document and says so (`document`).
 *
 * How catapult-rest reads a query: restify's queryParser({ mapParams: true, parseArrays: false })
 * (server/bootstrapper.js:157) parses it with qs: a repeated key is an array, a comma is no
 * separator, `a[]=` is an object, and a query key never overrides a path parameter. A route reads
 * each filter as `params.x ? parse(params.x) : undefined` (empty is absent) with routeUtils'
 * named parsers; an invalid value is a 409 InvalidArgument (routeUtils.js:132, 152).
 *
 * Rows where the gateway answers otherwise are in DIFFERENCES, each with the gateway's answer:
 * they run as `it.fails`, so the day the gateway agrees, the row fails and moves to ROWS.
 */
import { createHash } from 'node:crypto';
import { Address, SymbolFacade, generateNamespaceId, metadataGenerateKey, models } from 'symbol-sdk/symbol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashLockFor, hex } from '../support/announce.js';
import { activity } from '../support/chain-activity.js';
import { actors, populate, stateChain } from '../support/chain-state.js';
import { startGateway, type Reply } from '../support/server.js';
import { XYM_ALIAS, aggregate, embeddedTransfer, sign } from '../support/signing.js';

type Server = Awaited<ReturnType<typeof startGateway>>;

interface Expect {
  status: number;
  /** The answer (status and body) equals the answer to this query on the same route. */
  same?: string;
  /** `totalEntries` is the sum of these queries' totals (filters that select disjoint entries). */
  sumOf?: string[];
  /** The page has entries (`some`: the row's meaning is not checked on nothing) or none. */
  entries?: 'some' | 'none';
  /** The page's ids are in this order. */
  sorted?: 'asc' | 'desc';
}

interface Row {
  /** The path, with placeholders (see `fill`). */
  route: string;
  /** The query string without `?`, with placeholders. */
  query: string;
  expect: Expect;
  /** `<file>:<line> <fact>`: the catapult-rest code this row follows. */
  catapult: string;
  /** Where the interface document says otherwise than catapult-rest, what it says: the row expects the document. */
  document?: string;
}

/** A row the gateway answers otherwise: `expect` is catapult-rest's answer, `gateway` the gateway's. */
interface Difference extends Row {
  gateway: string;
}

// region the collections and their parameters

type Kind = 'address' | 'publicKey' | 'uint64' | 'uint64hex' | 'uint' | 'uintArray' | 'boolean' | 'hash256';

interface Filter {
  name: string;
  kind: Kind;
  /** The line of the route that parses it. */
  at: string;
  /** A valid value (placeholders allowed); the kind's default otherwise. */
  value?: string;
  /** Another valid value, for arrays: selects entries disjoint from `value`'s. */
  other?: string;
  /** The valid value selects entries here (so a row comparing two answers compares something). */
  some?: boolean;
  /** What the query needs besides, for the filter to be read at all. */
  needs?: string;
}

interface Collection {
  route: string;
  /** The line that parses its paging arguments. */
  at: string;
  filters: Filter[];
}

const TRANSFER = '16724';
const AGGREGATE_COMPLETE = '16705';
const HARVEST_FEE = String(models.ReceiptType.HARVEST_FEE.value);
const NAMESPACE_RENTAL_FEE = String(models.ReceiptType.NAMESPACE_RENTAL_FEE.value);

const transactionFilters = (some: boolean): Filter[] => [
  { name: 'height', kind: 'uint64', at: 'transactionRoutes.js:67' },
  { name: 'fromHeight', kind: 'uint64', at: 'transactionRoutes.js:68' },
  { name: 'toHeight', kind: 'uint64', at: 'transactionRoutes.js:69' },
  { name: 'address', kind: 'address', at: 'transactionRoutes.js:70' },
  { name: 'signerPublicKey', kind: 'publicKey', at: 'transactionRoutes.js:71', value: '{PK}', some },
  { name: 'recipientAddress', kind: 'address', at: 'transactionRoutes.js:72' },
  { name: 'type', kind: 'uintArray', at: 'transactionRoutes.js:73', value: TRANSFER, other: AGGREGATE_COMPLETE, some },
  { name: 'embedded', kind: 'boolean', at: 'transactionRoutes.js:74' },
  { name: 'transferMosaicId', kind: 'uint64hex', at: 'transactionRoutes.js:76', value: '{M}', some },
  { name: 'fromTransferAmount', kind: 'uint64', at: 'transactionRoutes.js:77', needs: 'transferMosaicId={M}' },
  { name: 'toTransferAmount', kind: 'uint64', at: 'transactionRoutes.js:79', needs: 'transferMosaicId={M}' },
];

const lockSecretFilters = (at: number): Filter[] => [{ name: 'secret', kind: 'hash256', at: `lockSecretRoutes.js:${at}`, value: '{SECRET}', some: true }];

const COLLECTIONS: Collection[] = [
  {
    route: '/blocks',
    at: 'blockRoutes.js:43',
    filters: [
      { name: 'signerPublicKey', kind: 'publicKey', at: 'blockRoutes.js:31', value: '{SIGNER}', some: true },
      { name: 'beneficiaryAddress', kind: 'address', at: 'blockRoutes.js:33' },
      { name: 'fromTimestamp', kind: 'uint64', at: 'blockRoutes.js:36' },
      { name: 'toTimestamp', kind: 'uint64', at: 'blockRoutes.js:37' },
    ],
  },
  { route: '/transactions/confirmed', at: 'transactionRoutes.js:81', filters: transactionFilters(true) },
  { route: '/transactions/unconfirmed', at: 'transactionRoutes.js:81', filters: transactionFilters(false) },
  { route: '/transactions/partial', at: 'transactionRoutes.js:81', filters: transactionFilters(false) },
  {
    route: '/accounts',
    at: 'accountRoutes.js:43',
    filters: [
      { name: 'address', kind: 'address', at: 'accountRoutes.js:36' },
      { name: 'mosaicId', kind: 'uint64hex', at: 'accountRoutes.js:37', value: '{M}', some: true },
    ],
  },
  { route: '/account/{E}/lock/hash', at: 'lockHashRoutes.js:34', filters: [] },
  { route: '/lock/hash', at: 'lockHashRoutes.js:42', filters: [{ name: 'address', kind: 'address', at: 'lockHashRoutes.js:41' }] },
  { route: '/account/{E}/lock/secret', at: 'lockSecretRoutes.js:36', filters: lockSecretFilters(35) },
  { route: '/lock/secret', at: 'lockSecretRoutes.js:45', filters: [{ name: 'address', kind: 'address', at: 'lockSecretRoutes.js:43' }, ...lockSecretFilters(44)] },
  {
    route: '/metadata',
    at: 'metadataRoutes.js:47',
    filters: [
      { name: 'sourceAddress', kind: 'address', at: 'metadataRoutes.js:40' },
      { name: 'targetAddress', kind: 'address', at: 'metadataRoutes.js:41' },
      { name: 'scopedMetadataKey', kind: 'uint64hex', at: 'metadataRoutes.js:42', value: '{KEY}', some: true },
      { name: 'targetId', kind: 'uint64hex', at: 'metadataRoutes.js:44', value: '{M}', some: true },
      { name: 'metadataType', kind: 'uint', at: 'metadataRoutes.js:45', value: '1' },
    ],
  },
  { route: '/mosaics', at: 'mosaicRoutes.js:36', filters: [{ name: 'ownerAddress', kind: 'address', at: 'mosaicRoutes.js:34' }] },
  {
    route: '/namespaces',
    at: 'namespaceRoutes.js:46',
    filters: [
      { name: 'ownerAddress', kind: 'address', at: 'namespaceRoutes.js:41' },
      { name: 'registrationType', kind: 'uint', at: 'namespaceRoutes.js:42', value: '1' },
      { name: 'level0', kind: 'uint64hex', at: 'namespaceRoutes.js:43', value: '{NS}', some: true },
      { name: 'aliasType', kind: 'uint', at: 'namespaceRoutes.js:44', value: '1' },
    ],
  },
  {
    route: '/statements/transaction',
    at: 'receiptsRoutes.js:43',
    filters: [
      { name: 'height', kind: 'uint64', at: 'receiptsRoutes.js:33' },
      { name: 'fromHeight', kind: 'uint64', at: 'receiptsRoutes.js:34' },
      { name: 'toHeight', kind: 'uint64', at: 'receiptsRoutes.js:35' },
      { name: 'receiptType', kind: 'uintArray', at: 'receiptsRoutes.js:36', value: HARVEST_FEE, other: NAMESPACE_RENTAL_FEE, some: true },
      { name: 'recipientAddress', kind: 'address', at: 'receiptsRoutes.js:37' },
      { name: 'senderAddress', kind: 'address', at: 'receiptsRoutes.js:38' },
      { name: 'targetAddress', kind: 'address', at: 'receiptsRoutes.js:39' },
      { name: 'artifactId', kind: 'uint64hex', at: 'receiptsRoutes.js:40', value: '{CUR}', some: true },
    ],
  },
  { route: '/statements/resolutions/address', at: 'receiptsRoutes.js:55', filters: [{ name: 'height', kind: 'uint64', at: 'receiptsRoutes.js:54' }] },
  { route: '/statements/resolutions/mosaic', at: 'receiptsRoutes.js:55', filters: [{ name: 'height', kind: 'uint64', at: 'receiptsRoutes.js:54' }] },
  { route: '/restrictions/account', at: 'restrictionsRoutes.js:36', filters: [{ name: 'address', kind: 'address', at: 'restrictionsRoutes.js:35' }] },
  {
    route: '/restrictions/mosaic',
    at: 'restrictionsRoutes.js:68',
    filters: [
      { name: 'mosaicId', kind: 'uint64hex', at: 'restrictionsRoutes.js:64', value: '{M}', some: true },
      { name: 'entryType', kind: 'uint', at: 'restrictionsRoutes.js:65', value: '1' },
      { name: 'targetAddress', kind: 'address', at: 'restrictionsRoutes.js:66' },
    ],
  },
];

// endregion

// region rules: what catapult-rest does, per kind of parameter

const row = (route: string, query: string, expected: Expect, catapult: string, document?: string): Row =>
  (document === undefined ? { route, query, expect: expected, catapult } : { route, query, expect: expected, catapult, document });
const differs = (base: Row, gateway: string): Difference => ({ ...base, gateway });
const refused = { status: 409 };
const ok = { status: 200 };
const SAFE_PAST = '9007199254740992';
const and = (needs: string | undefined, query: string) => (needs === undefined ? query : `${needs}&${query}`);

/** The paging rules of routeUtils.parsePaginationArguments (routeUtils.js:164-199), on one collection. */
function paging({ route, at }: Collection): Row[] {
  const by = (line: string, fact: string) => `routeUtils.js:${line} (${at}) ${fact}`;
  return [
    row(route, 'pageSize=1000', { status: 200, same: 'pageSize=100' }, by('111', 'pageSize above max is lowered to max')),
    row(route, 'pageSize=5', { status: 200, same: 'pageSize=10' }, by('111', 'pageSize below min is raised to min')),
    row(route, 'pageSize=0', { status: 200, same: '' }, by('111', 'pageSize 0 is `0 || default`: the default'), 'default pageSize 10 (4.3, 8); catapult-rest\'s rest.json:41 says 20'),
    row(route, '', { status: 200, same: 'pageSize=10' }, by('181', 'no pageSize: the default'), 'default pageSize 10 (4.3, 8); catapult-rest\'s rest.json:41 says 20'),
    row(route, 'pageSize=abc', refused, by('175-177', 'pageSize not an unsigned integer')),
    row(route, 'pageSize=-1', refused, by('175-177', 'a sign is no digit (tryParseUint)')),
    row(route, 'pageSize=010', refused, by('175-177', 'tryParseUint refuses a leading zero')),
    row(route, 'pageSize=1e2', refused, by('175-177', 'tryParseUint reads digits only')),
    row(route, 'pageSize=20&pageSize=30', refused, by('175-177', 'a repeated key is an array (bootstrapper.js:157); tryParseUint finds no digit "20"')),
    row(route, 'pageNumber=0', { status: 200, same: 'pageNumber=1' }, by('191', 'pageNumber 0 is page 1')),
    row(route, 'pageNumber=-1', refused, by('185-187', 'pageNumber not an unsigned integer')),
    row(route, 'pageNumber=abc', refused, by('185-187', 'pageNumber not an unsigned integer')),
    row(route, 'page=2', { status: 200, same: 'pageNumber=2' }, by('184', 'reads pageNumber only: `page` is an unknown key, ignored'), '4.3 rule 4: the page number is also given as `page`'),
    row(route, 'order=asc', { status: 200, sorted: 'asc' }, by('171', 'order asc')),
    row(route, 'order=desc', { status: 200, sorted: 'desc' }, by('171', "'desc' === order: descending")),
    row(route, 'pageSize=100', { status: 200, same: 'pageSize=100&order=desc', sorted: 'desc' }, by('171', 'no order: ascending'), 'default order desc (4.3)'),
    row(route, 'orderBy=id', { status: 200, same: '' }, by('170', 'id is the default sort field')),
    row(route, 'orderBy=foo', refused, by('166-167', 'a sort field the route does not list')),
    row(route, 'orderBy=ID', refused, by('166-167', 'sort fields are compared exactly')),
    row(route, 'orderBy=id&orderBy=id', refused, by('166-167', 'a repeated key is an array, not a listed field')),
    row(route, 'offset={id}', { status: 200, same: 'offset={ID}' }, by('41,44-48', 'offset by id is an objectId: 24 hex, either case')),
    row(route, 'offset={ID}&offset={ID}', refused, by('41,44-46', 'a repeated key is an array: no objectId')),
    row(route, 'id={ID}', { status: 200, same: 'offset={ID}' }, by('193', 'reads offset only: `id` is an unknown key, ignored'), '4.3 rule 4: the start entry is also given as `id`'),
    row(route, 'foo=bar&signature=1', { status: 200, same: '' }, 'bootstrapper.js:157 an unknown key is mapped into params and never read'),
    row(route, 'pageSize=&pageNumber=&order=&orderBy=&offset=', { status: 200, same: '' }, by('166,171,174,184,193', 'an empty value is absent (`if (args.x)`)')),
  ];
}

/** Paging rules the gateway answers otherwise. */
function pagingDifferences({ route, at }: Collection): Difference[] {
  const by = (line: string, fact: string) => `routeUtils.js:${line} (${at}) ${fact}`;
  return [
    differs(row(route, `pageSize=${SAFE_PAST}`, refused, by('175-177', 'tryParseUint gives up past Number.MAX_SAFE_INTEGER')), '200, pageSize 100 (src/pagination.ts parseUnsigned: any length, clamped)'),
    differs(row(route, `pageNumber=${SAFE_PAST}`, refused, by('185-187', 'tryParseUint gives up past Number.MAX_SAFE_INTEGER')), '200, pageNumber 9007199254740991 (the largest safe integer), no entries'),
    differs(row(route, 'order=foo', { status: 200, same: 'order=asc' }, by('171', 'any order but desc is ascending')), "409 order must be asc or desc"),
    differs(row(route, 'offset=xyz', refused, by('41,44-46', 'offset by id must be an objectId (24 hex)')), '200, every entry: the offset is compared as text'),
    differs(row(route, 'offset=0123456789ABCDEF0123456', refused, by('41,44-46', 'an objectId has 24 characters')), '200, no entries: the offset is compared as text'),
  ];
}

/** The rules of one filter's kind (routeUtils.js named parsers, through parseArgument or parseArgumentAsArray). */
function filterRows(route: string, filter: Filter): Row[] {
  const { name, at, needs } = filter;
  const q = (query: string) => and(needs, query);
  const by = (line: string, fact: string) => `routeUtils.js:${line} (${at}) ${fact}`;
  const value = filter.value ?? defaultValue(filter.kind);
  const some = filter.some ? { entries: 'some' as const } : {};
  const valid = row(route, q(`${name}=${value}`), { status: 200, ...some }, by(parserLine(filter.kind), `${filter.kind}: a valid value`));
  const repeated = row(route, q(`${name}=${value}&${name}=${value}`), refused, `${by(parserLine(filter.kind), 'a repeated key is an array (bootstrapper.js:157), which the parser refuses')}`);
  switch (filter.kind) {
    case 'address':
      return [
        valid,
        row(route, q(`${name}={e}`), refused, by('72', 'address: base32 decodes A-Z and 2-7 only; lower case throws')),
        row(route, q(`${name}={EHEX}`), refused, by('71-74', 'address: only 39 characters; 48 hex is refused')),
        repeated,
      ];
    case 'publicKey':
      return [
        valid,
        row(route, q(`${name}=${value.toLowerCase()}`), { status: 200, same: q(`${name}=${value}`), ...some }, by('78', 'publicKey: hexToUint8 reads either case')),
        row(route, q(`${name}=${'A'.repeat(63)}`), refused, by('77-80', 'publicKey: 64 characters only')),
        row(route, q(`${name}=${'Z'.repeat(64)}`), refused, by('78', 'publicKey: hexToUint8 throws on a non-hex character')),
        repeated,
      ];
    case 'hash256':
      return [
        valid,
        row(route, q(`${name}=${value.toLowerCase()}`), { status: 200, same: q(`${name}=${value}`), ...some }, by('92', 'hash256: hexToUint8 reads either case')),
        row(route, q(`${name}=${'A'.repeat(63)}`), refused, by('91-94', 'hash256: 64 characters only')),
        row(route, q(`${name}=${'Z'.repeat(64)}`), refused, by('92', 'hash256: hexToUint8 throws on a non-hex character')),
        repeated,
      ];
    case 'uint64hex':
      return [
        valid,
        row(route, q(`${name}=${value.toLowerCase()}`), { status: 200, same: q(`${name}=${value}`), ...some }, by('68', 'uint64hex: BigInt(`0x${str}`) reads either case')),
        row(route, q(`${name}=${'A'.repeat(15)}`), refused, by('65-66', 'uint64hex: 16 characters only')),
        row(route, q(`${name}=${'Z'.repeat(16)}`), refused, by('68', 'uint64hex: BigInt throws on a non-hex character')),
        row(route, q(`${name}=0x${'A'.repeat(14)}`), refused, by('68', 'uint64hex: no 0x prefix (BigInt("0x0x…") throws)')),
        repeated,
      ];
    case 'uint64':
      return [
        valid,
        row(route, q(`${name}=-1`), refused, by('59-60', 'uint64: negative refused')),
        row(route, q(`${name}=abc`), refused, by('58', 'uint64: BigInt(str) throws')),
        row(route, q(`${name}=1.5`), refused, by('58', 'uint64: BigInt(str) throws on a fraction')),
        row(route, q(`${name}=5&${name}=5`), refused, by('58', 'a repeated key is an array; BigInt("5,5") throws')),
      ];
    case 'uint':
      return [
        valid,
        row(route, q(`${name}=-1`), refused, by('51-53', 'uint: tryParseUint reads digits only')),
        row(route, q(`${name}=abc`), refused, by('51-53', 'uint: tryParseUint reads digits only')),
        row(route, q(`${name}=1.0`), refused, by('51-53', 'uint: tryParseUint reads digits only')),
        row(route, q(`${name}=${SAFE_PAST}`), refused, by('51-53', 'uint: tryParseUint gives up past Number.MAX_SAFE_INTEGER')),
        row(route, q(`${name}=10&${name}=10`), refused, by('51-53', 'a repeated key is an array; tryParseUint finds no digit "10"')),
      ];
    case 'uintArray': {
      const other = filter.other!;
      const array = (line: string, fact: string) => `routeUtils.js:${line} (${at}) ${fact}`;
      return [
        valid,
        row(route, q(`${name}=${value}&${name}=${other}`), { status: 200, sumOf: [q(`${name}=${value}`), q(`${name}=${other}`)], ...some },
          array('143-150', 'parseArgumentAsArray: a repeated key (an array, bootstrapper.js:157) selects any of its values')),
        row(route, q(`${name}=${value},${other}`), refused, array('150-152', 'qs splits no comma: "a,b" is one element, no uint')),
        row(route, q(`${name}=${value}&${name}=abc`), refused, array('150-152', 'one invalid element refuses the request')),
        row(route, q(`${name}=${value}&${name}=`), { status: 200, same: q(`${name}=${value}`), ...some }, array('150', 'an empty element parses as 0 (tryParseUint of ""), a type nothing has')),
        row(route, q(`${name}=-1`), refused, array('150-152', 'uint: tryParseUint reads digits only')),
        row(route, q(`${name}=${SAFE_PAST}`), refused, array('150-152', 'uint: tryParseUint gives up past Number.MAX_SAFE_INTEGER')),
      ];
    }
    case 'boolean':
      return [
        row(route, q(`${name}=true`), ok, by('102-107', 'boolean: true')),
        row(route, q(`${name}=false`), { status: 200, same: '' }, by('102-107', 'boolean: false, as without it')),
        row(route, q(`${name}=TRUE`), refused, by('103-104', "boolean: exactly 'true' or 'false'")),
        row(route, q(`${name}=1`), refused, by('103-104', "boolean: exactly 'true' or 'false'")),
        row(route, q(`${name}=yes`), refused, by('103-104', "boolean: exactly 'true' or 'false'")),
        row(route, q(`${name}=true&${name}=true`), refused, by('103-104', 'a repeated key is an array, neither true nor false')),
      ];
  }
}

/** Rules of a filter's kind the gateway answers otherwise. */
function filterDifferences(route: string, filter: Filter): Difference[] {
  const { name, at, needs } = filter;
  const q = (query: string) => and(needs, query);
  const by = (line: string, fact: string) => `routeUtils.js:${line} (${at}) ${fact}`;
  switch (filter.kind) {
    case 'address':
      return [
        differs(row(route, q(`${name}={EBAD}`), { status: 200, entries: 'none' }, by('72', 'address: decoded, its checksum never checked')), '409 wrong checksum'),
        differs(row(route, q(`${name}={EMAIN}`), { status: 200, entries: 'none' }, by('72', 'address: decoded, its network never checked')), '409 an address of another network'),
      ];
    case 'uint64':
      return [
        differs(row(route, q(`${name}=05`), { status: 200, same: q(`${name}=5`) }, by('58', 'uint64: BigInt("05") is 5')), '409 not an unsigned 64-bit integer'),
        differs(row(route, q(`${name}=0x10`), { status: 200, same: q(`${name}=16`) }, by('58', 'uint64: BigInt("0x10") is 16')), '409 not an unsigned 64-bit integer'),
      ];
    case 'uint': {
      const value = filter.value ?? '1';
      return [differs(row(route, q(`${name}=0${value}`), refused, by('51-53', 'uint: tryParseUint refuses a leading zero')), `200, as ${name}=${value}`)];
    }
    case 'uintArray':
      return [
        differs(row(route, q(`${name}=01`), refused, `routeUtils.js:150-152 (${at}) uint: tryParseUint refuses a leading zero`), `200, as ${name}=1`),
        differs(row(route, q(`${name}=65536`), { status: 200, entries: 'none' }, `routeUtils.js:51-53 (${at}) uint: any safe integer, a type nothing has`), '409 not a number from 0 to 65535'),
        differs(row(route, q(`${name}[]=${filter.value}`), { status: 200, entries: 'none' }, `bootstrapper.js:157 (${at}) qs parseArrays false: ${name}[] is the object {0: …}; tryParseUint of an object is 0, a type nothing has`), `200, all entries: ${name}[] is an unknown key`),
      ];
    default:
      return [];
  }
}

function defaultValue(kind: Kind): string {
  return kind === 'address' ? '{E}' : kind === 'uint64' ? '5' : kind === 'uint' ? '1' : '';
}

function parserLine(kind: Kind): string {
  return { address: '70-75', publicKey: '76-81', uint64: '57-63', uint64hex: '64-69', uint: '50-56', uintArray: '143-154', boolean: '102-107', hash256: '90-95' }[kind];
}

// endregion

// region the table

const ROWS: Row[] = [
  ...COLLECTIONS.flatMap((collection) => [...paging(collection), ...collection.filters.flatMap((filter) => filterRows(collection.route, filter))]),

  // GET /blocks: sorted by height, the offset is a height (uint64).
  row('/blocks', 'orderBy=height', { status: 200, sorted: 'desc' }, 'blockRoutes.js:39-42 height is a sort field of /blocks'),
  row('/blocks', 'orderBy=height&offset=5', { status: 200, entries: 'some' }, 'routeUtils.js:194 (blockRoutes.js:41) sorted by height, the offset is a uint64'),
  row('/blocks', 'orderBy=height&offset={ID}', refused, 'routeUtils.js:58,194 (blockRoutes.js:41) sorted by height, an id is no uint64'),
  row('/blocks', 'orderBy=height&offset=-1', refused, 'routeUtils.js:59-60,194 (blockRoutes.js:41) sorted by height, the offset is non-negative'),
  row('/mosaics', 'orderBy=height', refused, 'routeUtils.js:166-167 (mosaicRoutes.js:36) height sorts /blocks only'),

  // A uint filter takes any safe integer: a value no entry has selects nothing.
  row('/metadata', 'metadataType=7', { status: 200, entries: 'none' }, 'routeUtils.js:51-53 (metadataRoutes.js:45) uint: any safe integer, a type nothing has'),

  // GET /accounts: sorted by balance, a mosaic is needed and the offset is an amount (uint64).
  row('/accounts', 'orderBy=balance', refused, 'accountRoutes.js:45-46 sorting by balance needs mosaicId'),
  row('/accounts', 'orderBy=balance&mosaicId={M}', { status: 200, entries: 'some' }, 'accountRoutes.js:39-42 balance is a sort field of /accounts'),
  row('/accounts', 'orderBy=balance&mosaicId={M}&offset=15', { status: 200, entries: 'some' }, 'routeUtils.js:194 (accountRoutes.js:41) sorted by balance, the offset is a uint64'),
  row('/accounts', 'orderBy=balance&mosaicId={M}&offset={ID}', refused, 'routeUtils.js:58,194 (accountRoutes.js:41) sorted by balance, an id is no uint64'),
  row('/accounts', 'orderBy=balance&mosaicId={M}&offset=abc', refused, 'routeUtils.js:58,194 (accountRoutes.js:41) sorted by balance, the offset is a uint64'),

  // GET /transactions/{group}.
  ...['confirmed', 'unconfirmed', 'partial'].flatMap((group) => {
    const route = `/transactions/${group}`;
    return [
      row(route, 'address={E}&signerPublicKey={PK}', refused, 'transactionRoutes.js:58-61 address with signerPublicKey'),
      row(route, 'address={E}&recipientAddress={E}', refused, 'transactionRoutes.js:58-61 address with recipientAddress'),
      row(route, 'fromTransferAmount=1', refused, 'transactionRoutes.js:63-64 an amount filter needs transferMosaicId'),
      row(route, 'toTransferAmount=1', refused, 'transactionRoutes.js:63-64 an amount filter needs transferMosaicId'),
      row(route, 'group=partial', { status: 200, same: '' }, "restify queryParser (bootstrapper.js:157, mapParams): a query key never overrides the path's :group"),
    ];
  }),
  row('/transactions/confirmed', 'type=16724&embedded=true', { status: 200, entries: 'some' }, 'transactionRoutes.js:73-74 type with embedded'),
  row('/transactions/confirmed', 'transferMosaicId={M}&fromTransferAmount=10&toTransferAmount=20', { status: 200, entries: 'some' }, 'transactionRoutes.js:76-79 both amount bounds with the mosaic'),
  row('/transactions/other', '', { status: 404 }, 'transactionRoutes.js:55-56 a group other than confirmed, unconfirmed, partial'),
  row('/transactions/Confirmed', '', { status: 404 }, 'transactionRoutes.js:39,55-56 groups are compared exactly'),

  // GET /statements/resolutions/{artifact}.
  row('/statements/resolutions/other', '', { status: 404 }, 'receiptsRoutes.js:51-52 an artifact other than address or mosaic'),

  // Routes with an address in the path: the same address parser; a query key of that name is ignored.
  ...['hash', 'secret'].flatMap((kind) => {
    const at = kind === 'hash' ? 'lockHashRoutes.js:33' : 'lockSecretRoutes.js:34';
    return [
      row(`/account/{e}/lock/${kind}`, '', refused, `routeUtils.js:72 (${at}) address: lower case refused`),
      row(`/account/{EHEX}/lock/${kind}`, '', refused, `routeUtils.js:71-74 (${at}) address: only 39 characters`),
      row(`/account/{E}/lock/${kind}`, 'address={EMAIN}', { status: 200, same: '' }, "restify queryParser (bootstrapper.js:157, mapParams): a query key never overrides the path's :address"),
    ];
  }),
];

const DIFFERENCES: Difference[] = [
  ...COLLECTIONS.flatMap((collection) => [...pagingDifferences(collection), ...collection.filters.flatMap((filter) => filterDifferences(collection.route, filter))]),
  ...[['/namespaces', 'registrationType', 'namespaceRoutes.js:42'], ['/namespaces', 'aliasType', 'namespaceRoutes.js:44'], ['/restrictions/mosaic', 'entryType', 'restrictionsRoutes.js:65']].map(([route, name, at]) =>
    differs(row(route, `${name}=7`, { status: 200, entries: 'none' }, `routeUtils.js:51-53 (${at}) uint: any safe integer, a type nothing has`), `409 ${name} must be one of its enumeration's values`)),
  differs(row('/namespaces', 'registrationType=1&registrationType=1', { status: 200, entries: 'none' }, "routeUtils.js:51 (namespaceRoutes.js:42) tryParseUint reads the array ['1','1'] character by character: 11, a type nothing has"), '409 registrationType must be given at most once'),
  differs(row('/blocks', 'order=DESC', { status: 200, same: 'order=asc' }, "routeUtils.js:171 (blockRoutes.js:43) only 'desc' is descending: DESC is ascending"), '409 order must be asc or desc'),
  differs(row('/blocks', 'order=desc&order=desc', { status: 200, same: 'order=asc' }, "routeUtils.js:171 (blockRoutes.js:43) a repeated key is an array, not 'desc': ascending"), '409 order must be given at most once'),
  differs(row('/blocks', 'orderBy=height&offset=05', { status: 200, same: 'orderBy=height&offset=5' }, 'routeUtils.js:58,194 (blockRoutes.js:41) the height offset is BigInt("05"): 5'), '409 not an unsigned 64-bit integer'),
  differs(row('/blocks', 'orderBy=height&offset=0x5', { status: 200, same: 'orderBy=height&offset=5' }, 'routeUtils.js:58,194 (blockRoutes.js:41) the height offset is BigInt("0x5"): 5'), '409 not an unsigned 64-bit integer'),
  differs(row('/accounts', 'orderBy=balance&mosaicId={M}&offset=015', { status: 200, same: 'orderBy=balance&mosaicId={M}&offset=15' }, 'routeUtils.js:58,194 (accountRoutes.js:41) the balance offset is BigInt("015"): 15'), '409 not an unsigned 64-bit integer'),
  differs(row('/blocks', 'fromTimestamp=10&toTimestamp=5', { status: 200, entries: 'none' }, 'CatapultDb.js:233-239 bounds are not compared: $gte 10 and $lte 5 select nothing'), '409 fromTimestamp must not be greater than toTimestamp'),
  differs(row('/transactions/confirmed', 'height=3&fromHeight=2', { status: 200, same: 'height=3' }, 'CatapultDb.js:385-397 height replaces the fromHeight/toHeight condition'), '409 can not filter by height together with fromHeight or toHeight'),
  differs(row('/statements/transaction', 'height=3&fromHeight=2', { status: 200, same: 'fromHeight=2' }, 'ReceiptsDb.js:52-53,72-81 fromHeight/toHeight replace the height condition'), '409 can not filter by height together with fromHeight or toHeight'),
  differs(row('/transactions/confirmed', 'height=18446744073709551616', { status: 200, entries: 'none' }, 'routeUtils.js:57-63 uint64 has no upper bound (dbUtils.js:36 Long.fromBigInt wraps 2^64 to 0)'), '409 not an unsigned 64-bit integer'),
  ...['hash', 'secret'].flatMap((kind) => {
    const at = kind === 'hash' ? 'lockHashRoutes.js:33' : 'lockSecretRoutes.js:34';
    return [
      differs(row(`/account/{EBAD}/lock/${kind}`, '', { status: 200, entries: 'none' }, `routeUtils.js:72 (${at}) address: its checksum never checked`), '409 wrong checksum'),
      differs(row(`/account/{EMAIN}/lock/${kind}`, '', { status: 200, entries: 'none' }, `routeUtils.js:72 (${at}) address: its network never checked`), '409 an address of another network'),
    ];
  }),
];

// endregion

let server: Server;
/** What the placeholders in a row stand for: `{X}` the value, `{x}` the value in lower case. */
const values: Record<string, string> = {};

/** A row's path and query with its placeholders filled in. */
function fill(text: string, route: string): string {
  return text.replace(/\{([A-Za-z]+)\}/g, (whole, name: string) => {
    const upper = name.toUpperCase();
    const value = upper === 'ID' ? values[`ID ${fill(route, route)}`] : values[upper];
    if (value === undefined) throw new Error(`no value for ${whole}`);
    return name === upper ? value : value.toLowerCase();
  });
}

function get(route: string, query: string): Promise<Reply> {
  const path = fill(route, route);
  return server.get(query === '' ? path : `${path}?${fill(query, route)}`);
}

async function check({ route, query, expect: expected }: Row): Promise<void> {
  const reply = await get(route, query);
  expect(reply.status, reply.text).toBe(expected.status);
  if (expected.status === 409) expect(reply.body.code).toBe('InvalidArgument');
  if (expected.status === 404) expect(reply.body.code).toBe('ResourceNotFound');
  if (expected.same !== undefined) {
    const canonical = await get(route, expected.same);
    expect(canonical.status, canonical.text).toBe(200);
    expect(reply.body).toEqual(canonical.body);
  }
  if (expected.sumOf !== undefined) {
    const totals = await Promise.all(expected.sumOf.map(async (each) => (await get(route, each)).body.pagination.totalEntries as number));
    expect(reply.body.pagination.totalEntries).toBe(totals.reduce((sum, total) => sum + total, 0));
    if (expected.entries === 'some') for (const total of totals) expect(total).toBeGreaterThan(0);
  }
  if (expected.entries === 'some') expect(reply.body.data.length).toBeGreaterThan(0);
  if (expected.entries === 'none') expect(reply.body.pagination.totalEntries).toBe(0);
  if (expected.sorted !== undefined) {
    const ids = reply.body.data.map((entry: { id: string }) => entry.id);
    const sorted = [...ids].sort();
    expect(ids).toEqual(expected.sorted === 'asc' ? sorted : sorted.reverse());
  }
}

const title = (each: Row) =>
  `GET ${each.route}${each.query === '' ? '' : `?${each.query}`} → ${each.expect.status}${each.expect.same === undefined ? '' : ` as ?${each.expect.same}`}` +
  (each.document === undefined ? '' : ` (the interface document: ${each.document})`);

beforeAll(async () => {
  const chain = stateChain();
  server = await startGateway({ backend: chain });
  await populate(chain);
  const { e, f } = actors(chain);
  // An address resolution (a transfer to e's alias wing), a hash lock of e, then a round of activity that leaves a partial and an unconfirmed transaction.
  const wing = generateNamespaceId('wing', generateNamespaceId('estate'));
  const toWing = chain.facade.transactionFactory.create({
    type: 'transfer_transaction_v1', signerPublicKey: f.keyPair.publicKey, fee: 1_000_000n, deadline: chain.networkTime() + 3_600_000n,
    recipientAddress: Address.fromNamespaceId(new models.NamespaceId(wing), chain.facade.network.identifier), mosaics: [{ mosaicId: XYM_ALIAS, amount: 1n }],
  });
  chain.announcer.announce(sign(chain.facade, f.keyPair, toWing).payload);
  const bonded = aggregate(chain, 'bonded', e, [embeddedTransfer(chain, e, f, 10n), embeddedTransfer(chain, f, e, 11n)]);
  chain.announcer.announce(hashLockFor(chain, e, bonded.hash).payload);
  chain.processAnnounced();
  chain.harvest();
  activity(chain, 'parsing');

  const bytes = new Address(e.address).bytes;
  const broken = Uint8Array.from(bytes);
  broken[23] ^= 1;
  Object.assign(values, {
    E: e.address,
    EHEX: Buffer.from(bytes).toString('hex').toUpperCase(),
    EBAD: new Address(broken).toString(),
    EMAIN: new SymbolFacade('mainnet').network.publicKeyToAddress(e.keyPair.publicKey).toString(),
    PK: e.keyPair.publicKey.toString(),
    M: hex(actors(chain).mosaicIds[0]),
    CUR: chain.currency.mosaicId,
    NS: hex(generateNamespaceId('estate')),
    KEY: hex(metadataGenerateKey('name')),
    SECRET: createHash('sha3-256').update('estate/secret').digest('hex').toUpperCase(),
    SIGNER: (await server.get('/blocks?pageSize=10')).body.data[0].block.signerPublicKey,
  });
  // The first entry of each collection: an id to page from.
  for (const route of new Set([...ROWS, ...DIFFERENCES].map((each) => fill(each.route, each.route)))) {
    const reply = await server.get(`${route}?pageSize=10`);
    values[`ID ${route}`] = reply.status === 200 && reply.body.data.length > 0 ? reply.body.data[0].id : '0123456789ABCDEF01234567';
  }
}, 120_000);
afterAll(() => server.close());

describe("catapult-rest 2.5's query parsing", () => {
  it('covers every collection route and every kind of parameter', () => {
    expect(new Set(COLLECTIONS.map(({ route }) => route)).size).toBe(17);
    expect(new Set(COLLECTIONS.flatMap(({ filters }) => filters.map(({ kind }) => kind)))).toEqual(
      new Set(['address', 'publicKey', 'uint64', 'uint64hex', 'uint', 'uintArray', 'boolean', 'hash256']),
    );
    // Every collection has entries to page through, so a row comparing two pages compares something.
    for (const { route } of COLLECTIONS) expect(values[`ID ${fill(route, route)}`], route).not.toBe('0123456789ABCDEF01234567');
  });

  it.each(ROWS.map((each) => [title(each), each] as const))('%s', async (_, each) => {
    await check(each);
  });
});

describe('where the gateway answers otherwise than catapult-rest', () => {
  it.fails.each(DIFFERENCES.map((each) => [`${title(each)} (catapult-rest; the gateway: ${each.gateway})`, each] as const))('%s', async (_, each) => {
    await check(each);
  });
});
