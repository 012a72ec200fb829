import { CLOSE_CODE, MAX_CLOSE_REASON_BYTES } from './constants.js';

/**
 * A client broke the listener protocol. The hub answers it by closing the socket
 * with `code` and `reason`: the Symbol SDK's listener cannot read any frame other
 * than `{uid}` and `{topic, data}`, so an error frame is not an option.
 */
export class ProtocolError extends Error {
  readonly code: number;

  /**
   * @param reason the close reason; cut to 123 bytes (the close frame's limit)
   * @param code the close code (default 1008, policy violation)
   */
  constructor(reason: string, code: number = CLOSE_CODE.POLICY_VIOLATION) {
    super(fitCloseReason(reason));
    this.name = 'ProtocolError';
    this.code = code;
  }

  /** The close frame's reason. */
  get reason(): string {
    return this.message;
  }
}

/** Cuts text to the close frame's 123-byte limit without splitting a UTF-8 character. */
export function fitCloseReason(text: string): string {
  if (Buffer.byteLength(text) <= MAX_CLOSE_REASON_BYTES) return text;
  const budget = MAX_CLOSE_REASON_BYTES - 3;
  let cut = '';
  let bytes = 0;
  // Whole code points only, so a surrogate pair or multi-byte character is never split.
  for (const char of text) {
    bytes += Buffer.byteLength(char);
    if (bytes > budget) break;
    cut += char;
  }
  return `${cut}...`;
}
