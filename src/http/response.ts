import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { jsonBody } from './json.js';

const NO_HEADERS: OutgoingHttpHeaders = Object.freeze({});

/**
 * Writes a JSON response with the headers every gateway response carries. Headers go to
 * `writeHead` as one flat list: no header object is built or copied per response. The
 * JSON of frozen objects is rendered once (see `jsonBody`).
 */
export function writeJson(res: ServerResponse, status: number, body: unknown, headers: OutgoingHttpHeaders = NO_HEADERS): void {
  writeBody(res, status, 'application/json; charset=utf-8', jsonBody(body) ?? 'null', headers);
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

function appendHeaders(list: (string | number)[], headers: OutgoingHttpHeaders): void {
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) list.push(name, item);
    else list.push(name, value);
  }
}
