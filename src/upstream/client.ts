import { httpFetch } from './http-fetch.js';
import type { AccountInfoDTO } from '../backend/core.js';
import type { BlockInfoDTO, ChainInfoDTO, CosignatureDTO, FinalizationProofDTO, NetworkConfigurationDTO, NodeInfoDTO, TransactionInfoDTO } from '../backend/dto.js';
import type { MosaicInfoDTO } from '../backend/mosaic.js';
import type { NamespaceInfoDTO, NamespaceNameDTO } from '../backend/namespace.js';
import type { ResolutionStatementInfoDTO, TransactionStatementInfoDTO } from '../backend/receipts.js';
import * as shapes from './dto-shapes.js';
import { networkOf, type UpstreamNetwork } from './network.js';
import { atLeast, parseBaseUrl, resolveBackoff, UPSTREAM_DEFAULTS, type UpstreamClientOptions } from './options.js';
import { PAGE_SIZE, pageOf, withPage, type CheckedPage } from './paging.js';
import { addressParam, chunks, decimalParam, entryIdParam, idParam } from './params.js';
import { RequestPacer } from './request-pacer.js';
import { RequestWindow } from './window.js';
import { requestJson, type Transport } from './request.js';
import { ShapeError, listOf, type Check } from './shape.js';
import { UpstreamError } from './upstream-error.js';

/** Most ids one `POST /accounts` or `POST /mosaics` may carry. */
const IDS_PER_REQUEST = 100;

/**
 * A client for any Symbol REST gateway (this package's, or the reference catapult-rest):
 * JSON requests with a timeout, retries with backoff for what may pass by itself, one rate
 * for all its calls, and answers checked for the fields they are used for. Typed helpers
 * read what following a chain needs: the network, blocks, their transactions and
 * statements, and the state of accounts, mosaics and namespaces.
 *
 * @example
 * const client = new UpstreamClient({ url: 'https://node.example:3001' });
 * await client.connect({ generationHash: '57F7DA205008026C776CB6AED843393F04CD458E0AA2D9F1D5F31A402072B2D6' }); // mainnet
 * const block = await client.block(1_000_000n); // undefined while the chain is below it
 */
export class UpstreamClient {
  /** The base URL, without a trailing slash. */
  readonly url: string;
  readonly #transport: Transport;

  constructor(options: UpstreamClientOptions) {
    this.url = parseBaseUrl(options?.url);
    this.#transport = {
      fetch: options.fetch ?? httpFetch,
      timeout: atLeast('timeout', options.timeout ?? UPSTREAM_DEFAULTS.timeout, 1),
      retries: atLeast('retries', options.retries ?? UPSTREAM_DEFAULTS.retries, 0),
      backoff: resolveBackoff(options.backoff),
      pacer: new RequestPacer(options.maxRequestsPerSecond ?? UPSTREAM_DEFAULTS.maxRequestsPerSecond),
      window: new RequestWindow(options.maxInFlight ?? UPSTREAM_DEFAULTS.maxInFlight),
      signal: options.signal,
    };
  }

  /**
   * `GET <url><path>`, its JSON answer passed through `check`.
   *
   * @example
   * const { height } = await client.get('/chain/info', fields<{ height: string }>({ height: fieldChecks.decimal }));
   * @throws UpstreamError of every kind but `network` (a 404 is a `status` error)
   */
  async get<T>(path: string, check: Check<T>): Promise<T> {
    return requestJson(this.#transport, 'GET', this.#urlOf(path), undefined, check);
  }

  /**
   * `POST <url><path>` with `body` as JSON. For the reference's reads by ids (`POST /accounts`),
   * which change nothing, so it is retried as a GET is.
   */
  async post<T>(path: string, body: unknown, check: Check<T>): Promise<T> {
    return requestJson(this.#transport, 'POST', this.#urlOf(path), body, check);
  }

  /**
   * Announces to the upstream (`PUT /transactions`, `/transactions/partial` with `{ payload }`,
   * or `/transactions/cosignature` with the cosignature): what a mirror's readers queued. Retried
   * like a read: a node takes a transaction it already has again without harm.
   *
   * @throws UpstreamError kind `status` when the upstream refuses it (a 4xx: a malformed envelope)
   */
  async announce(kind: 'transaction' | 'partial' | 'cosignature', body: string | CosignatureDTO): Promise<void> {
    const path = kind === 'transaction' ? '/transactions' : `/transactions/${kind}`;
    await requestJson(this.#transport, 'PUT', this.#urlOf(path), typeof body === 'string' ? { payload: body } : body, (value) => value);
  }

  /**
   * Every page of a collection route, in order, each entry checked by `check`: 100 entries a
   * page (`pageSize` and `pageNumber` are set in `path`'s query), until a page holds fewer
   * entries than the page size the upstream answers with. Pages are read one at a time, by number: entries a live collection gains or loses
   * meanwhile may shift an entry onto the next page or off it.
   *
   * @example
   * const accountInfo = fields<AccountInfoDTO>({ 'account.address': fieldChecks.hex(24) });
   * for await (const accounts of client.pages('/accounts?order=asc', accountInfo)) save(accounts);
   */
  async *pages<T>(path: string, check: Check<T>): AsyncGenerator<T[], void, undefined> {
    for (let pageNumber = 1; ; pageNumber++) {
      const page = await this.get(withPage(path, PAGE_SIZE, pageNumber), pageOf(check, pageNumber));
      if (page.data.length > 0) yield page.data;
      if (page.data.length < page.pageSize) return;
    }
  }

  /**
   * Reads the upstream's network (`/node/info`, `/network/properties`).
   *
   * @param expected the generation hash the caller follows: an upstream on another network fails
   * @throws UpstreamError kind `network` naming both hashes when the generation hash differs
   */
  async connect(expected: { generationHash?: string } = {}): Promise<UpstreamNetwork> {
    const [node, properties] = await Promise.all([this.nodeInfo(), this.networkProperties()]);
    return networkOf(this.url, node, properties, expected);
  }

  /** `GET /node/info`. */
  nodeInfo(): Promise<NodeInfoDTO> {
    return this.get('/node/info', shapes.nodeInfo);
  }

  /** `GET /network/properties`: the node's network configuration. */
  networkProperties(): Promise<NetworkConfigurationDTO> {
    return this.get('/network/properties', shapes.networkProperties);
  }

  /** `GET /chain/info`: the height and the latest finalized block. */
  chainInfo(): Promise<ChainInfoDTO> {
    return this.get('/chain/info', shapes.chainInfo);
  }

  /** `GET /blocks/{height}`, or undefined when the upstream has no block there (yet). */
  async block(height: bigint | number | string): Promise<BlockInfoDTO | undefined> {
    const text = decimalParam('height', height);
    return this.find(`/blocks/${text}`, shapes.blockAt(text));
  }

  /**
   * Up to `count` blocks from `fromHeight` on, in height order; fewer when the chain ends
   * first. Pages of `/blocks?orderBy=height&order=asc` by number: heights run from 1 without a
   * gap, so the page of a height is known, and each page is checked to hold the heights it
   * should.
   */
  async blocks(fromHeight: bigint | number | string, count: number): Promise<BlockInfoDTO[]> {
    let next = BigInt(decimalParam('fromHeight', fromHeight));
    atLeast('count', count, 0);
    if (count === 0) return [];
    // The pages the heights lie on, asked at once (as many in flight as the client allows); an upstream that pages by another size is read page by page.
    const size = BigInt(PAGE_SIZE);
    const firstPage = Number((next - 1n) / size) + 1;
    const lastPage = Number((next + BigInt(count) - 2n) / size) + 1;
    const pages = await Promise.all(Array.from({ length: lastPage - firstPage + 1 }, (_, i) => this.get(withPage(BLOCKS_PATH, PAGE_SIZE, firstPage + i), blockPage(firstPage + i))));
    if (pages.every((page) => page.pageSize === PAGE_SIZE)) {
      const blocks: BlockInfoDTO[] = [];
      for (const page of pages) {
        for (const block of page.data) if (BigInt(block.block.height) >= next && blocks.length < count) blocks.push(block);
        if (page.data.length < page.pageSize) break;
      }
      return blocks;
    }
    const blocks: BlockInfoDTO[] = [];
    let pageSize = PAGE_SIZE;
    while (blocks.length < count) {
      const pageNumber = Number((next - 1n) / BigInt(pageSize)) + 1;
      const page = await this.get(withPage(BLOCKS_PATH, pageSize, pageNumber), blockPage(pageNumber));
      for (const block of page.data) {
        if (BigInt(block.block.height) < next) continue;
        blocks.push(block);
        next++;
        if (blocks.length === count) break;
      }
      if (page.data.length < page.pageSize) break;
      // An upstream that pages by another size: the next page is found with its size.
      pageSize = page.pageSize;
    }
    return blocks;
  }

  /**
   * Every confirmed transaction of the block at `height`, the aggregates' embedded ones
   * included (`/transactions/confirmed?height=&embedded=true`, all pages, in id order).
   */
  async blockTransactions(height: bigint | number | string): Promise<TransactionInfoDTO[]> {
    const text = decimalParam('height', height);
    return this.#all(`/transactions/confirmed?height=${text}&embedded=true&order=asc`, shapes.transactionAt(text));
  }

  /** The transaction statements of the block at `height` (`/statements/transaction?height=`, all pages). */
  async transactionStatements(height: bigint | number | string): Promise<TransactionStatementInfoDTO[]> {
    const text = decimalParam('height', height);
    return this.#all(`/statements/transaction?height=${text}&order=asc`, shapes.transactionStatementAt(text));
  }

  /** The address and the mosaic resolution statements of the block at `height` (`/statements/resolutions/{address,mosaic}?height=`, all pages). */
  async resolutionStatements(height: bigint | number | string): Promise<{ address: ResolutionStatementInfoDTO[]; mosaic: ResolutionStatementInfoDTO[] }> {
    const text = decimalParam('height', height);
    const [address, mosaic] = await Promise.all(
      (['address', 'mosaic'] as const).map((kind) => this.#all(`/statements/resolutions/${kind}?height=${text}&order=asc`, shapes.resolutionStatementAt(text))),
    );
    return { address, mosaic };
  }

  /**
   * Every confirmed transaction of the blocks from `fromHeight` to `toHeight` (both included),
   * the aggregates' embedded ones included, in id order
   * (`/transactions/confirmed?fromHeight=&toHeight=&embedded=true`, pages of 100): one request
   * for a range of mostly empty blocks. With `expected` (the blocks' `totalTransactionsCount`
   * summed), the walk stops once that many are read, without asking for an empty last page.
   */
  async rangeTransactions(fromHeight: bigint, toHeight: bigint, expected = Infinity): Promise<TransactionInfoDTO[]> {
    const range = heightRange(fromHeight, toHeight);
    return this.#upTo(`/transactions/confirmed?${range}&embedded=true&order=asc`, shapes.transactionIn(fromHeight, toHeight), expected);
  }

  /**
   * The transaction statements of the blocks from `fromHeight` to `toHeight` (both included),
   * in id order (`/statements/transaction?fromHeight=&toHeight=`, pages of 100). `expected`: at
   * most that many exist (the blocks' `statementsCount` summed), so the walk stops there.
   */
  async rangeTransactionStatements(fromHeight: bigint, toHeight: bigint, expected = Infinity): Promise<TransactionStatementInfoDTO[]> {
    const range = heightRange(fromHeight, toHeight);
    return this.#upTo(`/statements/transaction?${range}&order=asc`, shapes.transactionStatementIn(fromHeight, toHeight), expected);
  }

  /**
   * One page (100) of `kind`'s resolution statements in id order, which is height order: those
   * after the statement of id `after`, or those of the block at `height` (the reference filters
   * resolutions by one height only, so a range is walked by id).
   */
  async resolutionPage(kind: 'address' | 'mosaic', from: { after: string } | { height: bigint }): Promise<CheckedPage<ResolutionStatementInfoDTO>> {
    const filter = 'after' in from ? `offset=${entryIdParam('after', from.after)}` : `height=${decimalParam('height', from.height)}`;
    return this.get(withPage(`/statements/resolutions/${kind}?${filter}&order=asc`, PAGE_SIZE, 1), pageOf(shapes.resolutionStatement, 1));
  }

  /** `GET /finalization/proof/epoch/{epoch}`, or undefined when the upstream has no proof of that epoch. */
  async finalizationProofAtEpoch(epoch: number): Promise<FinalizationProofDTO | undefined> {
    return this.find(`/finalization/proof/epoch/${decimalParam('epoch', epoch)}`, shapes.finalizationProof);
  }

  /** `GET /finalization/proof/height/{height}`, or undefined when no finalization round ended at that height. */
  async finalizationProofAtHeight(height: bigint | number | string): Promise<FinalizationProofDTO | undefined> {
    return this.find(`/finalization/proof/height/${decimalParam('height', height)}`, shapes.finalizationProof);
  }

  /**
   * The accounts the upstream knows of `addresses` (39 base32 characters, or 48 hex as answers
   * carry them), by `POST /accounts`, 100 a request. Accounts it does not know are left out.
   */
  async accounts(addresses: readonly string[]): Promise<AccountInfoDTO[]> {
    const wanted = addresses.map(addressParam);
    return this.#byIds(wanted, (chunk) => this.post('/accounts', { addresses: chunk }, listOf(shapes.accountInfo)));
  }

  /** The mosaics of `ids` (16 hex) the upstream knows, by `POST /mosaics`, 100 a request. */
  async mosaics(ids: readonly string[]): Promise<MosaicInfoDTO[]> {
    const wanted = ids.map((id) => idParam('ids', id));
    return this.#byIds(wanted, (chunk) => this.post('/mosaics', { mosaicIds: chunk }, listOf(shapes.mosaicInfo)));
  }

  /**
   * The namespaces of `ids` (16 hex) the upstream knows, by `GET /namespaces/{id}` each: the
   * reference has no read of many namespaces (`POST /namespaces/names` answers names only).
   */
  async namespaces(ids: readonly string[]): Promise<NamespaceInfoDTO[]> {
    const wanted = ids.map((id) => idParam('ids', id));
    const found = await Promise.all(wanted.map((id) => this.find(`/namespaces/${id}`, shapes.namespaceInfo)));
    return found.filter((namespace) => namespace !== undefined);
  }

  /** The names of `ids` (16 hex) the upstream knows (each level's own name and its parent), by `POST /namespaces/names`, 100 a request. */
  async namespaceNames(ids: readonly string[]): Promise<NamespaceNameDTO[]> {
    const wanted = ids.map((id) => idParam('ids', id));
    return this.#byIds(wanted, (chunk) => this.post('/namespaces/names', { namespaceIds: chunk }, listOf(shapes.namespaceName)));
  }

  /**
   * `GET <url><path>` of an entity that may be absent: a 404 answers undefined, not an error.
   *
   * @throws UpstreamError of every kind but `network`, a 404 aside
   */
  async find<T>(path: string, check: Check<T>): Promise<T | undefined> {
    try {
      return await this.get(path, check);
    } catch (error) {
      if (error instanceof UpstreamError && error.kind === 'status' && error.status === 404) return undefined;
      throw error;
    }
  }

  async #all<T>(path: string, check: Check<T>): Promise<T[]> {
    const entries: T[] = [];
    for await (const page of this.pages(path, check)) entries.push(...page);
    return entries;
  }

  // Pages of a listing until one is short, or `expected` entries are read.
  async #upTo<T>(path: string, check: Check<T>, expected: number): Promise<T[]> {
    const entries: T[] = [];
    if (expected <= 0) return entries;
    if (Number.isFinite(expected)) {
      // The pages `expected` entries fill at most, asked at once. Only an upstream that pages by a smaller size can
      // leave them full and still short of `expected`: it is read again page by page, at its own size.
      const count = Math.ceil(expected / PAGE_SIZE);
      const pages = await Promise.all(Array.from({ length: count }, (_, i) => this.get(withPage(path, PAGE_SIZE, i + 1), pageOf(check, i + 1))));
      for (const page of pages) {
        entries.push(...page.data);
        if (page.data.length < page.pageSize || entries.length >= expected) return entries.slice(0, expected);
      }
      entries.length = 0;
    }
    for await (const page of this.pages(path, check)) {
      entries.push(...page);
      if (entries.length >= expected) break;
    }
    return entries;
  }

  async #byIds<T>(ids: string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
    const answers = await Promise.all(chunks(ids, IDS_PER_REQUEST).map(read));
    return answers.flat();
  }

  #urlOf(path: string): string {
    if (!path.startsWith('/')) throw new TypeError(`path must start with '/', not ${JSON.stringify(path)}`);
    return this.url + path;
  }
}

/** The block listing the mirror pages through, by height. */
const BLOCKS_PATH = '/blocks?orderBy=height&order=asc';

/** The query of a height range, both ends included: `fromHeight=…&toHeight=…`. */
function heightRange(fromHeight: bigint, toHeight: bigint): string {
  if (toHeight < fromHeight) throw new TypeError(`toHeight ${toHeight} is below fromHeight ${fromHeight}`);
  return `fromHeight=${decimalParam('fromHeight', fromHeight)}&toHeight=${decimalParam('toHeight', toHeight)}`;
}

/**
 * Page `pageNumber` of `/blocks` sorted by height: its blocks must be the run of heights the
 * page stands for, so a gap or a page from elsewhere is caught as the answer's fault.
 */
function blockPage(pageNumber: number): Check<CheckedPage<BlockInfoDTO>> {
  const check = pageOf(shapes.blockInfo, pageNumber);
  return (value) => {
    const page = check(value);
    const first = BigInt(pageNumber - 1) * BigInt(page.pageSize) + 1n;
    page.data.forEach((block, index) => {
      const height = String(first + BigInt(index));
      if (block.block.height !== height) throw new ShapeError(`data[${index}].block.height`, height, block.block.height);
    });
    return page;
  };
}
