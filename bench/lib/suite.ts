/** What a suite module exports, and helpers the suites share. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SuiteOutcome } from './report.js';

export interface SuiteContext {
  /** Reduced sizes: proves the suite works in a fraction of the time. */
  quick: boolean;
  log(message: string): void;
}

/** A suite module's default export. */
export type Suite = (context: SuiteContext) => Promise<SuiteOutcome>;

/** Listens on 127.0.0.1 on a free port; resolves with the server's base URL. */
export async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Closes a server and every connection still open on it. */
export async function closeServer(server: http.Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Seconds per measurement: `full` normally, `quick` with --quick. */
export function seconds(context: SuiteContext, full: number, quick: number): number {
  return context.quick ? quick : full;
}
