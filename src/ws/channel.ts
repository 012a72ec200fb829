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
  /**
   * The 39-character base32 address, or a namespace id (16 uppercase hex: the events of
   * transactions that name the namespace where an address goes), or undefined for every
   * event of the channel.
   */
  address?: string;
}

/** A namespace id in place of an address, as catapult-rest takes it (either case). */
const NAMESPACE_ID = /^[0-9A-Fa-f]{16}$/;

/**
 * Parses a subscription topic, or throws a `ProtocolError` saying what is wrong.
 *
 * @example
 * parseTopic('block');            // { channel: 'block' }
 * parseTopic('status/TA...');     // { channel: 'status', address: 'TA...' }
 * parseTopic('status/c0fb8aa409916260'); // { channel: 'status', address: 'C0FB8AA409916260' }
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
  // catapult-rest reads 16 hex as a namespace id and matches the namespace's alias address,
  // as it stands in transactions; any id is taken, with an alias or not.
  if (NAMESPACE_ID.test(address)) return { channel, address: address.toUpperCase() };
  try {
    parseAddress('address', address);
  } catch {
    throw new ProtocolError(CLOSE_REASON.invalidAddress(address));
  }
  return { channel, address };
}

/**
 * The topic a subscription is kept under: `<channel>/<namespace id>` with the id in uppercase,
 * as events name it; any other topic as written.
 *
 * @example
 * canonicalTopic('confirmedAdded/c0fb8aa409916260'); // 'confirmedAdded/C0FB8AA409916260'
 */
export function canonicalTopic(topic: string): string {
  const slash = topic.indexOf('/');
  if (slash === -1) return topic;
  const address = topic.slice(slash + 1);
  return NAMESPACE_ID.test(address) ? `${topic.slice(0, slash)}/${address.toUpperCase()}` : topic;
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
