/** The WebSocket channels of the Symbol gateway. */
export const CHANNELS = [
  'block',
  'finalizedBlock',
  'confirmedAdded',
  'unconfirmedAdded',
  'unconfirmedRemoved',
  'partialAdded',
  'partialRemoved',
  'cosignature',
  'status',
] as const;

export type ChannelName = (typeof CHANNELS)[number];

/** Channels that take an address (`<channel>/<address>`): all but the two block channels. */
export const ADDRESS_CHANNELS: ReadonlySet<ChannelName> = new Set(
  CHANNELS.filter((channel) => channel !== 'block' && channel !== 'finalizedBlock'),
);

/**
 * One event of the chain, as a backend's event feed emits it.
 *
 * @example
 * { channel: 'unconfirmedAdded', addresses: ['TA...', 'TB...'], data: { transaction, meta } }
 */
export interface ChainEvent {
  channel: ChannelName;
  /**
   * The 39-character base32 addresses the event relates to (signer, recipients,
   * embedded transactions' signers and recipients), then the namespace id (16 uppercase hex)
   * of each alias address the transaction names (a recipient by namespace), unresolved, as
   * catapult publishes an event to the unresolved addresses it names: a listener subscribed
   * to `<channel>/<namespaceId>` gets it. Empty for `block` and `finalizedBlock`.
   */
  addresses: readonly string[];
  /** The notification's `data`, in wire shape. */
  data: unknown;
}

/**
 * Where chain events come from.
 *
 * @example
 * const stop = feed.subscribe(
 *   (event) => hub.publish(event),
 *   (error) => console.error('events may have been lost', error),
 * );
 * stop(); // no more events, no more errors
 */
export interface EventFeed {
  /**
   * @param listener called with each event, in chain order
   * @param onError called when the feed failed (lost its source, dropped events): what the
   *   listener received is no longer the whole story. The subscription stays: events the
   *   feed delivers after a recovery reach `listener` again. The gateway's WebSocket
   *   listener closes its sockets with 1011 'event feed failed', so clients reconnect and
   *   resynchronize instead of waiting on a silent socket.
   * @returns a function that stops the delivery of events and errors
   */
  subscribe(listener: (event: ChainEvent) => void, onError?: (error: Error) => void): () => void;
}
