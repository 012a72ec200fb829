/**
 * The channel grammar: `<channel>` or `<channel>/<address>`, read from a client's
 * subscribe message and written for a chain event's fan-out.
 */
import { ADDRESS_CHANNELS, CHANNELS, type ChainEvent, type ChannelName } from '../backend/events.js';
import { parseAddress } from '../http/address.js';
import { CLOSE_REASON } from './constants.js';
import { ProtocolError } from './protocol-error.js';

const CHANNEL_NAMES: ReadonlySet<string> = new Set(CHANNELS);

/** A parsed subscription topic. */
export interface Topic {
  channel: ChannelName;
  /** The 39-character base32 address, or undefined for every event of the channel. */
  address?: string;
}

/**
 * Parses a subscription topic, or throws a `ProtocolError` saying what is wrong.
 *
 * @example
 * parseTopic('block');            // { channel: 'block' }
 * parseTopic('status/TA...');     // { channel: 'status', address: 'TA...' }
 * parseTopic('block/TA...');      // throws: channel 'block' takes no address
 */
export function parseTopic(topic: string): Topic {
  const slash = topic.indexOf('/');
  const name = slash === -1 ? topic : topic.slice(0, slash);
  if (!CHANNEL_NAMES.has(name)) throw new ProtocolError(CLOSE_REASON.unknownChannel(name));
  const channel = name as ChannelName;
  if (slash === -1) return { channel };

  if (!ADDRESS_CHANNELS.has(channel)) throw new ProtocolError(CLOSE_REASON.addressNotAllowed(channel));
  const address = topic.slice(slash + 1);
  try {
    parseAddress('address', address);
  } catch {
    throw new ProtocolError(CLOSE_REASON.invalidAddress(address));
  }
  return { channel, address };
}

/**
 * The topics an event is delivered to: the bare channel, then `<channel>/<address>`
 * once per distinct address (an event that names an address twice is still one frame).
 *
 * @example
 * eventTopics({ channel: 'status', addresses: ['TA', 'TA', 'TB'], data }); // ['status', 'status/TA', 'status/TB']
 */
export function eventTopics(event: Pick<ChainEvent, 'channel' | 'addresses'>): string[] {
  const topics = [event.channel as string];
  // block and finalizedBlock take no address, so address topics could never have a subscriber.
  if (!ADDRESS_CHANNELS.has(event.channel)) return topics;
  for (const address of new Set(event.addresses)) topics.push(`${event.channel}/${address}`);
  return topics;
}
