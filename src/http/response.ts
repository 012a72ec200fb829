import { STATUS_CODES, ServerResponse, type OutgoingHttpHeaders } from 'node:http';
import type { ErrorBody } from '../errors.js';
import { BufferPool } from './buffer-pool.js';
import { jsonBody } from './json.js';

const NO_HEADERS: OutgoingHttpHeaders = Object.freeze({});
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Writes a JSON response with the headers every gateway response carries. Headers go to
 * `writeHead` as one flat list, copied from one made once for the same extra headers: no
 * header object is built or walked per response. The JSON of frozen objects is rendered
 * once (see `jsonBody`); the body of a page copied
 * together from kept bytes is written from a pooled buffer, given back once the response
 * finished. Only on node's own `end`: a wrapper of `res.end` (a compression or logging
 * middleware) might hold on to the bytes after that, so it gets a buffer of its own.
 */
export function writeJson(res: ServerResponse, status: number, body: unknown, headers: OutgoingHttpHeaders = NO_HEADERS): void {
  const bytes = jsonBody(body, res.end === NODE_END ? PAGES : undefined) ?? 'null';
  writeBody(res, status, JSON_TYPE, bytes, headers);
  if (typeof bytes !== 'string' && PAGES.lent(bytes)) res.once('finish', () => PAGES.give(bytes));
}

/**
 * An encoded JSON body as it is best kept for writing again: a small body as a string of its
 * bytes, one character each (latin1), a larger one as it is. Node sends a string body and the
 * head as one string, which for bodies of a few hundred bytes costs less than the head and a
 * buffer (measured: about 3% less CPU a request at 0.4 – 0.8 kB, none at 1.9 kB).
 */
export function keptBody(bytes: Buffer): KeptBody {
  return bytes.length <= SMALL_BODY ? bytes.toString('latin1') : bytes;
}

/** An encoded body: a buffer, or a string holding its bytes one character each (see `keptBody`). */
export type KeptBody = Buffer | string;

const SMALL_BODY = 1024;

/** Writes a JSON body already encoded (an answer kept by the gateway) with the headers every gateway response carries. */
export function writeJsonBytes(res: ServerResponse, status: number, body: KeptBody, headers: OutgoingHttpHeaders = NO_HEADERS): void {
  writeBody(res, status, JSON_TYPE, body, headers, 'latin1');
}

/** The buffers of page bodies, shared by every gateway of the process. */
const PAGES = new BufferPool();
const NODE_END = ServerResponse.prototype.end;

/**
 * Writes a body of any media type (the explorer's HTML page) with the headers every gateway response carries.
 *
 * @param encoding how a string body becomes bytes: UTF-8 text, or `'latin1'` for a string that holds bytes one character each (see `keptBody`)
 */
export function writeBody(res: ServerResponse, status: number, contentType: string, bytes: string | Buffer, headers: OutgoingHttpHeaders = NO_HEADERS, encoding: 'utf8' | 'latin1' = 'utf8'): void {
  const list = headerList(contentType, headers);
  list[CONTENT_LENGTH] = typeof bytes === 'string' ? Buffer.byteLength(bytes, encoding) : bytes.length;
  res.writeHead(status, list as unknown as OutgoingHttpHeaders);
  res.end(bytes, encoding);
}

/** Where the content length goes in a header list. */
const CONTENT_LENGTH = 3;

/**
 * The header list of a response, content length to be set: for JSON with extra headers that
 * are a frozen object (the CORS answers made once), a copy of a list made once for them.
 */
function headerList(contentType: string, headers: OutgoingHttpHeaders): (string | number)[] {
  // Most responses carry the same frozen CORS answer as the one before: known by identity, no lookup.
  if (headers === lastHeaders && contentType === JSON_TYPE) return lastList.slice();
  const reusable = contentType === JSON_TYPE && Object.isFrozen(headers);
  let list = reusable ? JSON_HEADERS.get(headers) : undefined;
  if (list === undefined) {
    list = ['content-type', contentType, 'content-length', 0, 'x-content-type-options', 'nosniff'];
    appendHeaders(list, headers);
    if (reusable) JSON_HEADERS.set(headers, list);
  }
  if (!reusable) return list;
  lastHeaders = headers;
  lastList = list;
  return list.slice();
}

const JSON_HEADERS = new WeakMap<OutgoingHttpHeaders, (string | number)[]>();
/** The frozen extra headers of the last JSON response that had them, and their list. */
let lastHeaders: OutgoingHttpHeaders | undefined;
let lastList: (string | number)[] = [];

/** Writes an empty response (a preflight's 204). */
export function writeEmpty(res: ServerResponse, status: number, headers: OutgoingHttpHeaders = NO_HEADERS): void {
  const list: (string | number)[] = ['content-length', 0];
  appendHeaders(list, headers);
  res.writeHead(status, list as unknown as OutgoingHttpHeaders);
  res.end();
}

/**
 * A whole JSON error answer as text, for a socket that has no `ServerResponse` (a refused
 * WebSocket upgrade, a request node's parser refused): the headers `writeJson` sends, then
 * `Connection: close` (the caller ends the socket) and `headers`, then the `{code, message}` body.
 *
 * @param headers extra headers, e.g. `{ allow: 'GET' }`; names and values are the caller's own, never client input
 * @param withBody false for an answer to HEAD: the headers tell the body's length, the body is left out
 * @example
 * socket.end(rawErrorResponse(503, { code: 'ServiceUnavailable', message: 'the listener is shutting down' }));
 */
export function rawErrorResponse(status: number, body: ErrorBody, headers: Readonly<Record<string, string>> = {}, withBody = true): string {
  const json = JSON.stringify({ code: body.code, message: body.message });
  let head =
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\ncontent-type: ${JSON_TYPE}\r\n` +
    `content-length: ${Buffer.byteLength(json)}\r\nx-content-type-options: nosniff\r\nconnection: close\r\n`;
  for (const name in headers) head += `${name}: ${headers[name]}\r\n`;
  return `${head}\r\n${withBody ? json : ''}`;
}

function appendHeaders(list: (string | number)[], headers: OutgoingHttpHeaders): void {
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) list.push(name, item);
    else list.push(name, value);
  }
}
