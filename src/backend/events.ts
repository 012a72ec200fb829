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
   * embedded transactions' signers and recipients). Empty for `block` and `finalizedBlock`.
   */
  addresses: readonly string[];
  /** The notification's `data`, in wire shape. */
  data: unknown;
}

/** Where chain events come from. `subscribe` returns a function that stops the delivery. */
export interface EventFeed {
  subscribe(listener: (event: ChainEvent) => void): () => void;
}
