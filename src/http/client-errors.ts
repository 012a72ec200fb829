import type { Duplex } from 'node:stream';
import { rawErrorResponse } from './response.js';

interface ClientErrorEmitter {
  on(event: 'clientError', listener: (error: NodeJS.ErrnoException, socket: Duplex) => void): unknown;
  off(event: 'clientError', listener: (error: NodeJS.ErrnoException, socket: Duplex) => void): unknown;
  listenerCount(event: 'clientError'): number;
}

/**
 * Answers requests node's own HTTP parser refuses (raw non-ASCII bytes in the target,
 * headers past node's 16 KiB, a request past `headersTimeout`) with the gateway's
 * `{code, message}` body instead of node's bare status line. Installed only when the
 * server has no `clientError` listener of its own; returns a function that removes it.
 */
export function answerClientErrors(server: object): () => void {
  const emitter = server as Partial<ClientErrorEmitter>;
  if (typeof emitter.on !== 'function' || typeof emitter.off !== 'function' || typeof emitter.listenerCount !== 'function') return () => {};
  if (emitter.listenerCount('clientError') > 0) return () => {};
  const onClientError = (error: NodeJS.ErrnoException, socket: Duplex) => {
    // A reset or a socket already answered (mid-response) gets nothing more.
    if (error.code === 'ECONNRESET' || !socket.writable || (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent) {
      socket.destroy();
      return;
    }
    const [status, code, message] = describe(error);
    socket.end(rawErrorResponse(status, { code, message }));
  };
  emitter.on('clientError', onClientError);
  return () => emitter.off!('clientError', onClientError);
}

function describe(error: NodeJS.ErrnoException): [number, string, string] {
  if (error.code === 'HPE_HEADER_OVERFLOW') return [431, 'RequestHeaderFieldsTooLarge', 'the request headers are too large'];
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'RequestTimeout', 'the request took too long to arrive'];
  return [400, 'InvalidContent', 'the request is not valid HTTP'];
}
