export { ListenerHub } from './listener-hub.js';
export type { ListenerHubOptions, UpgradeAdmission, UpgradeEmitter } from './listener-hub.js';
export { CLOSE_CODE, CLOSE_REASON, LISTENER_DEFAULTS, SHUTDOWN_TIMEOUT_MS } from './constants.js';
