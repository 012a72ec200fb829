import type { IncomingMessage } from 'node:http';
import { InvalidContentError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../errors.js';
import { GATEWAY_DEFAULTS } from './limits.js';

/** Body limit when the gateway's `bodyLimit` option is not given: 1 MiB (`GATEWAY_DEFAULTS.bodyLimit`). */
export const DEFAULT_BODY_LIMIT: number = GATEWAY_DEFAULTS.bodyLimit;

/**
 * Reads and parses a JSON request body, or takes the one a framework's body parser left on
 * `req.body` when the stream was read already. Checks the media type first (415), then the
 * size (413, decided from Content-Length when declared, else while streaming), then the
 * JSON (400). An oversized body is drained, not buffered, before the error is answered,
 * so the client can read the response.
 */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  if (!isJson(req.headers['content-type'])) throw new UnsupportedMediaTypeError();
  // A framework's body parser (express.json(), a Koa body parser) may have read the stream already.
  if (req.readableEnded) {
    const parsed = (req as IncomingMessage & { body?: unknown }).body;
    if (parsed === undefined) throw new InvalidContentError('request body was read before the gateway could parse it');
    return parsed;
  }
  const declared = Number(req.headers['content-length']);
  if (declared > limit) {
    await drain(req);
    throw new PayloadTooLargeError(limit);
  }
  const text = decodeUtf8(await readBytes(req, limit));
  if (text.length === 0) throw new InvalidContentError('request body is empty');
  try {
    return JSON.parse(text);
  } catch {
    throw new InvalidContentError('request body is not valid JSON');
  }
}

function isJson(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';', 1)[0].trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

function readBytes(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (tooLarge) reject(new PayloadTooLargeError(limit));
      else resolve(Buffer.concat(chunks));
    });
    // The client went away mid-body: its fault, not the gateway's (and nobody reads the answer).
    req.on('error', () => reject(new InvalidContentError('the request body was cut off')));
  });
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function decodeUtf8(bytes: Buffer): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new InvalidContentError('request body is not valid UTF-8');
  }
}

function drain(req: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    if (req.readableEnded) return resolve();
    req.on('end', resolve);
    req.on('error', () => resolve());
    req.resume();
  });
}

/** The body as a JSON object, or 400 when it is an array, a string, a number or null. */
export function requireJsonObject(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new InvalidContentError('request body must be a JSON object');
  return body as Record<string, unknown>;
}
