/**
 * Run before each test file (vitest's `setupFiles`), also when a worker keeps its modules from
 * one file to the next: a hook registered by a module at its import would serve only the first
 * file that imported it.
 */
import { afterAll, afterEach } from 'vitest';
import { stopRunning } from './cli.js';
import { stopCluster } from './postgres-mount.js';

// The commands a test started stop with it.
afterEach(stopRunning);

// The cluster the file's gateways served from (the postgres project's, or a test's own reader), if any, stops with the file.
afterAll(stopCluster, 60_000);
