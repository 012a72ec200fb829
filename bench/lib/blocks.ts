/** A chain with blocks to read, and the same data served without the gateway. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BlockInfoDTO, PageResult } from '../../src/backend/index.js';
import { InMemoryChain } from '../../src/index.js';

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
