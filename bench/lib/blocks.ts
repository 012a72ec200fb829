/** A chain with blocks to read, and the same data served without the gateway. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BlockInfoDTO, PageResult } from '../../src/backend/index.js';
import { InMemoryChain } from '../../src/index.js';
import { compareThroughput, type Measured, type Target } from './http-compare.js';
import { startLoad } from './process.js';
import { seconds, type SuiteContext } from './suite.js';

/** The chain height and client connections of the block-read suites (http-read, http-peer). */
export const READ_HEIGHT = 1000;
export const READ_CONNECTIONS = 16;

/** An in-memory chain (no block timer) of `height` blocks. */
export function chainOfHeight(height: number): InMemoryChain {
  const chain = new InMemoryChain({ blockInterval: false });
  while (chain.height < BigInt(height)) chain.harvest();
  return chain;
}

/** Heights spread over the chain, for `GET /blocks/{height}`. */
export function blockPaths(height: number, count = 100): string[] {
  return Array.from({ length: count }, (_, i) => `/blocks/${1 + Math.floor((i * height) / count)}`);
}

export const PAGE_PATH = '/blocks?pageSize=100';

/** The DTOs the gateway serves for the two benchmarked routes, read straight from the chain. */
export function blockAt(chain: InMemoryChain, height: string): BlockInfoDTO | undefined {
  return chain.blocks.getByHeight(BigInt(height)) as BlockInfoDTO | undefined;
}

export function firstPage(chain: InMemoryChain) {
  const { data, totalEntries } = chain.blocks.search({ pageSize: 100, pageNumber: 1, order: 'desc', orderBy: 'id' }) as PageResult<BlockInfoDTO>;
  return { data, pagination: { pageNumber: 1, pageSize: 100, totalEntries, totalPages: Math.ceil(totalEntries / 100) } };
}

/**
 * The limit for Node: a bare node:http handler that returns the same DTO objects from the
 * same chain for `/blocks/{height}` and `/blocks?pageSize=100`, with no router, no
 * validation and no extra headers.
 */
export function bareHandler(chain: InMemoryChain): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const url = req.url ?? '/';
    const body = url.startsWith('/blocks/') ? blockAt(chain, url.slice('/blocks/'.length)) : url.startsWith('/blocks?') ? firstPage(chain) : undefined;
    if (body === undefined) {
      res.writeHead(404).end();
      return;
    }
    const text = JSON.stringify(body);
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  };
}

export interface BlockReads {
  measured: Measured[];
  rounds: number;
  measureSeconds: number;
  /** Req/s of `target` on `route` over the first target's (the baseline). */
  ratio(route: string, target: string): number;
}

/**
 * `GET /blocks/{height}` (100 heights in turn) and `GET /blocks?pageSize=100` on every
 * target in turn, from a load process of their own; the first target is the baseline.
 */
export async function measureBlockReads(context: SuiteContext, targets: Target[]): Promise<BlockReads> {
  const load = await startLoad('load/http-load.ts');
  const measureSeconds = seconds(context, 5, 2);
  const rounds = context.quick ? 1 : 2;
  try {
    const measured = await compareThroughput(
      load,
      targets,
      [
        { name: 'GET /blocks/{height}', paths: blockPaths(READ_HEIGHT) },
        { name: 'GET /blocks?pageSize=100', paths: [PAGE_PATH] },
      ],
      { connections: READ_CONNECTIONS, seconds: measureSeconds, warmupSeconds: seconds(context, 2, 1), rounds, log: context.log },
    );
    const rate = (route: string, target: string) => measured.find((m) => m.route === route && m.target === target)!.requestsPerSecond;
    return { measured, rounds, measureSeconds, ratio: (route, target) => rate(route, target) / rate(route, targets[0].name) };
  } finally {
    await load.close();
  }
}
