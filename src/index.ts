export { createGateway, GATEWAY_DEFAULTS, ANSWER_MEMO_DEFAULTS, METAL_DEFAULTS, THROTTLING_DEFAULTS } from './gateway.js';
export type { Gateway, GatewayOptions, GatewayLogger, NextFunction, LimitOptions, AttachableServer, AnswerMemoOptions, MetalOptions, ThrottlingOptions } from './gateway.js';
export { GatewayMetrics, UNMATCHED_ROUTE } from './metrics.js';
export type { MetricsOptions } from './metrics.js';
export type { AccessLogEntry, AccessLogger } from './http/access-log.js';
export { Router, PURE } from './http/router.js';
export { RawAnswer } from './http/raw-answer.js';
export type { Method, RequestContext, RouteHandler, RouteMatch, RouteOptions } from './http/router.js';
export type { CorsOptions } from './http/cors.js';
export type { QueryInput } from './http/query.js';
export type { ServerTimeouts } from './http/server-timeouts.js';
export type { ExplorerOptions } from './explorer/route.js';
export type { RosettaOptions, RosettaErrorBody, RosettaErrorKind, RosettaCurrency, RosettaNetworkIdentifier } from './rosetta/index.js';
export { ROSETTA_ERRORS, ROSETTA_PATH, RosettaError } from './rosetta/index.js';
export { DEFAULT_BODY_LIMIT } from './http/body.js';
export { deepFreeze } from './deep-freeze.js';
export { parsePagination, toPage, pageWindow, PAGE_SIZE, PAGINATION_DEFAULTS, GatewayQuery } from './pagination.js';
export type { Order, Page, PageRequest, Pagination, PaginationOptions, PaginationSettings } from './pagination.js';
export {
  ERROR_STATUS,
  GatewayError,
  InternalServiceError,
  InvalidArgumentError,
  InvalidContentError,
  MethodNotAllowedError,
  PayloadTooLargeError,
  ResourceNotFoundError,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnsupportedMediaTypeError,
  UriTooLongError,
  toGatewayError,
} from './errors.js';
export type { ErrorBody, ErrorCode } from './errors.js';
export type * from './backend/index.js';
export { ADDRESS_CHANNELS, CHANNELS } from './backend/events.js';
export { ListenerHub, CLOSE_CODE, CLOSE_REASON, LISTENER_DEFAULTS } from './ws/index.js';
export type { ListenerHubOptions, UpgradeAdmission, UpgradeEmitter } from './ws/index.js';
export { InMemoryChain } from './in-memory-chain.js';
export { Chain } from './memory/chain/chain.js';
export type { ChainAccount, ChainAddress, ChainIdentity, ChainSinks, Currency } from './memory/chain/identity.js';
export type { Deployment, InMemoryChainOptions, ResolvedChainOptions } from './memory/options.js';
export type { ChainRules } from './memory/rules.js';
export { NemesisMismatchError } from './memory/nemesis-block.js';
export type { NemesisBlockInput, NemesisSinks } from './memory/nemesis-block.js';
export type { NemesisMosaicPlan, NemesisPlan } from './memory/genesis.js';
export type { Ledger } from './memory/ledger.js';
export type { EventStream } from './memory/event-stream.js';
export type { ForkOptions, ForkedChainOptions } from './fork/origin.js';
export type { BackoffOptions, UpstreamClientOptions } from './upstream/options.js';
export { readChainDump, writeChainDump, DUMP_FORMAT, DUMP_VERSION, STATE_OPTIONS } from './memory/chain-dump.js';
export type { ChainDump, ChainInput, DumpedOptions, StateOptionName } from './memory/chain-dump.js';
export type { AnnouncedInput } from './memory/transactions/lifecycle.js';
export type { DevControls } from './memory/dev-controls.js';
export { VERSION } from './version.js';
