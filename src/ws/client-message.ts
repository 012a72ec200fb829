import { CLOSE_REASON } from './constants.js';
import { canonicalTopic, parseTopic } from './channel.js';
import { ProtocolError } from './protocol-error.js';

/** A client frame, validated: subscribe to or unsubscribe from one topic. */
export interface ClientMessage {
  action: 'subscribe' | 'unsubscribe';
  /**
   * The topic as the client wrote it, a namespace id in uppercase (`canonicalTopic`);
   * notifications carry it back.
   */
  topic: string;
}

/**
 * Reads one client text frame of connection `uid`, or throws a `ProtocolError`.
 * A subscribe topic must follow the channel grammar; an unsubscribe topic only has
 * to be a string, since one that breaks the grammar was never subscribed (a no-op).
 *
 * @example
 * parseClientMessage('{"uid":"AB12","subscribe":"block"}', 'AB12'); // { action: 'subscribe', topic: 'block' }
 */
export function parseClientMessage(text: string, uid: string): ClientMessage {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    throw new ProtocolError(CLOSE_REASON.malformedJson);
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) {
    throw new ProtocolError(CLOSE_REASON.notAnObject);
  }
  const fields = message as Record<string, unknown>;
  if (fields.uid !== uid) throw new ProtocolError(CLOSE_REASON.wrongUid);

  const hasSubscribe = Object.hasOwn(fields, 'subscribe');
  if (hasSubscribe === Object.hasOwn(fields, 'unsubscribe')) throw new ProtocolError(CLOSE_REASON.notOneAction);
  const action = hasSubscribe ? 'subscribe' : 'unsubscribe';
  const topic = fields[action];
  if (typeof topic !== 'string') throw new ProtocolError(CLOSE_REASON.channelNotAString);

  if (action === 'subscribe') parseTopic(topic);
  return { action, topic: canonicalTopic(topic) };
}
