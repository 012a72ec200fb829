/**
 * A route's answer that is not JSON (a Metal's file): return one from a handler and the gateway
 * writes its bytes with its media type and headers, the CORS headers of the request (its own
 * headers exposed to a browser's script), and keeps no copy of it among its JSON answers.
 *
 * @example
 * router.get('/logo', () => new BinaryAnswer('image/png', bytes, { 'content-disposition': 'inline' }));
 */
export class BinaryAnswer {
  constructor(
    readonly contentType: string,
    readonly bytes: Buffer,
    /** Extra headers by lower-case name; values must be valid header text. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {}
}
