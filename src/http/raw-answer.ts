/**
 * A route's answer that is not JSON: a Metal's file, the currency supply as `text/plain`. Return one
 * from a handler and the gateway writes its bytes with its media type and headers and the CORS
 * headers of the request (its own headers exposed to a browser's script). Errors stay JSON
 * `{code, message}`, and the answer memo keeps only JSON answers, so a raw answer is made each time.
 *
 * @example
 * router.get('/logo', () => new RawAnswer('image/png', bytes, { 'content-disposition': 'inline' }));
 * router.get('/network/currency/supply/total', () => RawAnswer.text('8998999998.000000'));
 */
export class RawAnswer {
  /** `text` as `text/plain; charset=utf-8` (catapult-rest's `sendPlainText`). */
  static text(text: string): RawAnswer {
    return new RawAnswer('text/plain; charset=utf-8', Buffer.from(text, 'utf8'));
  }

  constructor(
    readonly contentType: string,
    readonly bytes: Buffer,
    /** Extra headers by lower-case name; values must be valid header text. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {}
}
