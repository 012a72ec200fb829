import type { TLSSocket } from 'node:tls';
import type { GatewayBackend } from '../backend/index.js';
import type { NodeHealthDTO, NodeInfoDTO } from '../backend/dto.js';
import type { RequestContext, Router } from '../http/router.js';

/** Node roles (catapult's `NodeRoles`): the bits NodeWatch's lists filter on. */
const PEER = 1;
const API = 2;
const PUBLIC_KEY = /^[0-9A-Fa-f]{64}$/;

/** What the lists say of one node, gathered once a request. */
interface ListedNode {
  readonly info: NodeInfoDTO;
  /** The REST endpoint (`https://host:3001`, with the path the gateway is mounted at); '' for a peer that serves none. */
  readonly endpoint: string;
  readonly webSocket: string;
  readonly ssl: boolean | null;
  readonly restVersion: string | null;
  readonly health: NodeHealthDTO['status'] | null;
  readonly height: number;
  readonly finalized: { readonly height: number; readonly epoch: number; readonly point: number; readonly hash: string };
}

/**
 * The node lists Symbol's own apps ask for before they talk to a node, so they run against the
 * gateway with no other service: NodeWatch's (symbol/product `nodewatch`: `/api/symbol/nodes/api`,
 * `/peer`, `/mainPublicKey/{key}`, `/nodePublicKey/{key}`, `/count`, `/api/symbol/height`), which
 * the explorer reads at start, and statistics-service's (`/nodes?filter=&limit=&ssl=`,
 * `/nodes/{publicKey}`, `/nodes/nodePublicKey/{key}`), which the desktop wallet reads. They list
 * the gateway itself, reached as the request reached it (its scheme, host and mount path), healthy
 * as `/node/health` says, and the peers `/node/peers` lists (with the gateway's heights: it does not
 * ask them). Each answers in its service's shape, errors included.
 */
export function nodeListRoutes(router: Router, backend: GatewayBackend, wsPath: string): void {
  const nodes = async (ctx: RequestContext): Promise<ListedNode[]> => {
    const { node, chain } = backend;
    const [info, server, health, chainInfo, peers] = await Promise.all([node.info(), node.server(), node.health(), chain.info(), node.peers?.() ?? []]);
    const ssl = (ctx.req.socket as Partial<TLSSocket>).encrypted === true;
    const origin = `${ssl ? 'https' : 'http'}://${ctx.req.headers.host ?? `${info.host}:3000`}`;
    const base = `${origin}${mountPath(ctx)}`;
    const finalized = {
      height: Number(chainInfo.latestFinalizedBlock.height),
      epoch: chainInfo.latestFinalizedBlock.finalizationEpoch,
      point: chainInfo.latestFinalizedBlock.finalizationPoint,
      hash: chainInfo.latestFinalizedBlock.hash,
    };
    const height = Number(chainInfo.height);
    const self: ListedNode = {
      info,
      endpoint: base,
      // The WebSocket path is the server's own (a mounted gateway's includes the mount's prefix).
      webSocket: `${origin.replace(/^http/, 'ws')}${wsPath}`,
      ssl,
      restVersion: server.serverInfo.restVersion,
      health: health.status,
      height,
      finalized,
    };
    const others = peers
      .filter((peer) => peer.publicKey !== info.publicKey)
      .map((peer): ListedNode => {
        const api = (peer.roles & API) !== 0;
        const endpoint = api ? `http://${peer.host}:3000` : '';
        return { info: peer, endpoint, webSocket: api ? `ws://${peer.host}:3000/ws` : '', ssl: api ? false : null, restVersion: null, health: null, height, finalized };
      });
    return [self, ...others];
  };

  // NodeWatch: API-only nodes (roles exactly API), peer nodes (roles with the peer bit).
  const nodeWatchList = (matches: (roles: number) => boolean) => async (ctx: RequestContext) => {
    const onlySsl = ['', 'true'].includes((ctx.query.get('only_ssl') ?? 'false').toLowerCase());
    const listed = (await nodes(ctx)).filter((listedNode) => matches(listedNode.info.roles) && (!onlySsl || listedNode.ssl === true));
    return limited(ordered(listed.map(nodeWatchNode), ctx.query.get('order') ?? undefined), Number(ctx.query.get('limit') ?? 0));
  };
  router.get('/api/symbol/nodes/api', nodeWatchList((roles) => roles === API));
  router.get('/api/symbol/nodes/peer', nodeWatchList((roles) => (roles & PEER) !== 0));
  for (const [path, key] of [['/api/symbol/nodes/mainPublicKey/:key', 'publicKey'], ['/api/symbol/nodes/nodePublicKey/:key', 'nodePublicKey']] as const) {
    router.get(path, async (ctx) => {
      if (!PUBLIC_KEY.test(ctx.params.key)) {
        ctx.status = 400;
        return { status: 400, message: 'Bad request' };
      }
      const found = (await nodes(ctx)).find((listedNode) => listedNode.info[key]?.toUpperCase() === ctx.params.key.toUpperCase());
      if (!found) {
        ctx.status = 404;
        return { status: 404, message: 'Resource not found' };
      }
      return nodeWatchNode(found);
    });
  }
  router.get('/api/symbol/height', async (ctx) => {
    const [self] = await nodes(ctx);
    return { height: self.height, finalizedHeight: self.finalized.height };
  });
  router.get('/api/symbol/nodes/count', async (ctx) => {
    const listed = await nodes(ctx);
    const values: Record<string, number> = { total: listed.length };
    for (const { info } of listed) values[String(info.roles)] = (values[String(info.roles)] ?? 0) + 1;
    return [{ date: new Date().toISOString().slice(0, 10), values }];
  });

  // statistics-service: every node, `suggested` and `preferred` the healthy API nodes, `ssl` those with HTTPS and WSS.
  router.get('/nodes', async (ctx) => {
    const filter = ctx.query.get('filter') || undefined;
    if (filter !== undefined && filter !== 'preferred' && filter !== 'suggested') {
      ctx.status = 422;
      return { code: 'UnprocessableEntity', message: `Filter unsupport ${filter}` };
    }
    const ssl = ctx.query.get('ssl') || undefined;
    const listed = (await nodes(ctx)).filter((listedNode) => {
      if (filter !== undefined && !(listedNode.health?.apiNode === 'up' && listedNode.health.db === 'up')) return false;
      return ssl === undefined || listedNode.ssl === (ssl.toLowerCase() === 'true');
    });
    return limited(ordered(listed.map(statisticsNode), ctx.query.get('order')?.toLowerCase() ?? 'random'), Number(ctx.query.get('limit')) || 0);
  });
  for (const [path, key] of [['/nodes/:publicKey', 'publicKey'], ['/nodes/nodePublicKey/:nodePublicKey', 'nodePublicKey']] as const) {
    router.get(path, async (ctx) => {
      const wanted = ctx.params[key];
      const found = (await nodes(ctx)).find((listedNode) => listedNode.info[key] === wanted);
      if (!found) {
        ctx.status = 404;
        return { code: 'ResourceNotFound', message: `no resource exists with ${key} '${wanted}'` };
      }
      return statisticsNode(found);
    });
  }
}

/** NodeWatch's `Node`. */
function nodeWatchNode({ info, endpoint, ssl, restVersion, health, height, finalized }: ListedNode): Record<string, unknown> {
  return {
    mainPublicKey: info.publicKey,
    nodePublicKey: info.nodePublicKey ?? null,
    endpoint,
    name: info.friendlyName,
    version: softwareVersion(info.version),
    height,
    finalizedHeight: finalized.height,
    balance: 0,
    finalizedEpoch: finalized.epoch,
    finalizedHash: finalized.hash,
    finalizedPoint: finalized.point,
    isHealthy: (info.roles & API) === 0 || health === null ? null : health.apiNode === 'up' && health.db === 'up',
    isSslEnabled: ssl,
    restVersion,
    geoLocation: null,
    roles: info.roles,
  };
}

/** statistics-service's node document (its `INode`, as its routes send it). */
function statisticsNode({ info, endpoint, webSocket, ssl, restVersion, health, height, finalized }: ListedNode): Record<string, unknown> {
  const now = Date.now();
  const api = (info.roles & API) !== 0;
  return {
    friendlyName: info.friendlyName,
    host: endpoint === '' ? info.host : new URL(endpoint).hostname,
    networkGenerationHashSeed: info.networkGenerationHashSeed,
    networkIdentifier: info.networkIdentifier,
    port: info.port,
    publicKey: info.publicKey,
    roles: info.roles,
    version: info.version,
    peerStatus: { isAvailable: true, lastStatusCheck: now },
    ...(api && {
      apiStatus: {
        webSocket: { isAvailable: health !== null, wss: ssl === true, url: webSocket },
        restGatewayUrl: endpoint,
        isAvailable: health !== null,
        isHttpsEnabled: ssl === true,
        nodeStatus: health ?? { apiNode: 'down', db: 'down' },
        chainHeight: height,
        finalization: { height: finalized.height, epoch: finalized.epoch, point: finalized.point, hash: finalized.hash },
        nodePublicKey: info.nodePublicKey,
        restVersion: restVersion ?? undefined,
        lastStatusCheck: now,
      },
    }),
    lastAvailable: new Date(now).toISOString(),
  };
}

/** catapult's version number (`0x01000306`) as NodeWatch writes it: `1.0.3.6`. */
function softwareVersion(version: number): string {
  return [24, 16, 8, 0].map((shift) => (version >>> shift) & 0xff).join('.');
}

function ordered<T>(list: T[], order: string | undefined): T[] {
  if (order !== 'random') return list;
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

function limited<T>(list: T[], limit: number): T[] {
  return Number.isInteger(limit) && limit > 0 ? list.slice(0, limit) : list;
}

/** The path the gateway is mounted at (`/symbol` under an app's prefix), read off the request's original URL. */
function mountPath(ctx: RequestContext): string {
  const original = ((ctx.req as { originalUrl?: string }).originalUrl ?? ctx.req.url ?? '').split('?')[0];
  return original.endsWith(ctx.path) ? original.slice(0, original.length - ctx.path.length) : '';
}
