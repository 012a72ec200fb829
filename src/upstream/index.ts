/**
 * The upstream client: reads any Symbol REST gateway (this package's, or the reference
 * catapult-rest) over HTTP and follows its blocks over its WebSocket, for a mirror that
 * copies a real network and a fork that starts from one; and the transactions it reads,
 * rebuilt from their JSON into the bytes that were signed (`checkedPayload`).
 */
export { UpstreamClient } from './client.js';
export { UpstreamListener } from './listener.js';
export { UpstreamError, type UpstreamErrorKind } from './upstream-error.js';
export { UPSTREAM_DEFAULTS, type BackoffOptions, type UpstreamClientOptions, type UpstreamListenerOptions } from './options.js';
export type { UpstreamNetwork } from './network.js';
export type { BlockNotificationDTO } from './dto-shapes.js';
export { ShapeError, fields, listOf, type Check, type FieldCheck } from './shape.js';
export { checkedPayload, checkedTransaction, transactionPayload, type CheckedPayload, type TransactionPayload } from './payload.js';
export { TransactionJsonError } from './transaction-json-error.js';
export * as fieldChecks from './field-checks.js';
