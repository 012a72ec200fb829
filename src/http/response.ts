import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

/** Writes a JSON response with the headers every gateway response carries. */
export function writeJson(res: ServerResponse, status: number, body: unknown, headers: OutgoingHttpHeaders = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'x-content-type-options': 'nosniff',
  });
  res.end(text);
}

/** Writes an empty response (a preflight's 204). */
export function writeEmpty(res: ServerResponse, status: number, headers: OutgoingHttpHeaders = {}): void {
  res.writeHead(status, { ...headers, 'content-length': 0 });
  res.end();
}
