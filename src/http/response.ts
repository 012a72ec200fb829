import { STATUS_CODES, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { ErrorBody } from '../errors.js';
import { jsonBody } from './json.js';

const NO_HEADERS: OutgoingHttpHeaders = Object.freeze({});
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Writes a JSON response with the headers every gateway response carries. Headers go to
 * `writeHead` as one flat list: no header object is built or copied per response. The
 * JSON of frozen objects is rendered once (see `jsonBody`).
 */
export function writeJson(res: ServerResponse, status: number, body: unknown, headers: OutgoingHttpHeaders = NO_HEADERS): void {
  writeBody(res, status, JSON_TYPE, jsonBody(body) ?? 'null', headers);
}

/** Writes a body of any media type (the explorer's HTML page) with the headers every gateway response carries. */
export function writeBody(res: ServerResponse, status: number, contentType: string, bytes: string | Buffer, headers: OutgoingHttpHeaders = NO_HEADERS): void {
  const list: (string | number)[] = [
    'content-type', contentType,
    'content-length', typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.length,
    'x-content-type-options', 'nosniff',
  ];
  appendHeaders(list, headers);
  res.writeHead(status, list as unknown as OutgoingHttpHeaders);
  res.end(bytes);
}

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
