/** read-limit-metrics: read-limit with Prometheus metrics on (`createGateway({ metrics: true })`), against the same bare replay: what metrics cost. */
import { readLimit } from './read-limit.js';

export default readLimit({ metrics: true });
