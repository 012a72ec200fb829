/**
 * Notifications, as catapult's plugins speak to each other: a transaction is turned into
 * a list of small facts ("this account pays that fee", "this namespace is registered"),
 * and every plugin's validators and observers for a kind of fact see it, whichever
 * transaction type published it. A rule that concerns balances (the transferable flag, a
 * restriction) is written once, for every transaction that moves a balance.
 */

/** A kind of notification and the type of its payload. */
export interface NotificationType<T> {
  readonly name: string;
  /** Never set: carries the payload type. */
  readonly payload?: T;
}

/** The payload of a kind of notification: `Payload<typeof BALANCE_TRANSFER>`. */
export type Payload<T> = T extends { readonly payload?: infer P } ? P : never;

/** Declares a kind of notification. */
export function notificationType<T>(name: string): NotificationType<T> {
  return { name };
}

/**
 * Who published a notification (catapult's `PublicationMode`). `basic`: the executor, for every
 * top-level transaction whatever its type: its signer's key, header, transaction, deadline, fee
 * and the fee's debit. `custom`: its type's plugin (`TransactionSupport.publish`), and for an
 * aggregate everything its inner transactions publish, their keys and headers included. An
 * aggregate bonded entering the partial pool runs its stateful validators on the basic ones only.
 */
export type Publication = 'basic' | 'custom';

/** One published notification. */
export interface Notification<T = unknown> {
  readonly type: NotificationType<T>;
  readonly payload: T;
}

/** A failure code as a node reports it on the `status` channel: `Failure_<Plugin>_<Rule>`. */
export type FailureCode = `Failure_${string}`;
