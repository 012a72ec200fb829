/**
 * The family registry (src/families/index.ts), walked family by family: each family's
 * descriptor is wired into every part of the system that reads families, each checked through
 * that part's own code, over a chain with state of every kind served on a real socket:
 *
 * - the chain: its plugin carries the family's name and publishes each of its transaction types;
 * - the state hash: each state kind's tree is among the chain's, in catapult's cache id order;
 * - the routes: each state kind's list route and state proof route answer;
 * - the upstream client: each transaction type's JSON reads back into the bytes it was written
 *   from, and each state kind's upstream proof route is one a gateway answers with the same proof;
 * - a fork: each state kind's entries, read from a gateway by key, are the chain's own;
 * - PostgreSQL: the writer renders each state kind's rows, and the readers serve its repository;
 * - the mirror: a whole copy reads each state kind from the upstream;
 * - the explorer: it names each transaction and receipt type;
 * - the behaviour suite (run on every mount and over PostgreSQL) has a file for each family with routes.
 */
import { existsSync } from 'node:fs';
import { Address, models } from 'symbol-sdk/symbol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAMILIES, STATES, TRANSACTION_JSON, TRANSACTION_READERS } from '../../src/families/index.js';
import { upstreamStatePath } from '../../src/upstream/state-path.js';
import { explorerPage } from '../../src/explorer/page.js';
import { upstreamEntrySource } from '../../src/fork/sources.js';
import { Router } from '../../src/http/router.js';
import type { InMemoryChain } from '../../src/in-memory-chain.js';
import { routeSettings } from '../../src/routes/settings.js';
import { AddressBook } from '../../src/memory/address-book.js';
import type { Reader } from '../../src/postgres/reader.js';
import { stateModule } from '../../src/postgres/state.js';
import { stateRows } from '../../src/mirror/state.js';
import { ImportantAccounts } from '../../src/mirror/accounts.js';
import { UpstreamClient } from '../../src/upstream/client.js';
import { transactionModel } from '../../src/upstream/transaction-model.js';
import { populate, stateChain } from '../support/chain-state.js';
import { startGateway, type TestServer } from '../support/server.js';

/** Every model class symbol-sdk has for a top-level transaction type, by type (the newest version). */
const MODELS = new Map<number, new () => InstanceType<typeof models.Transaction>>();
for (const value of Object.values(models)) {
  if (typeof value === 'function' && 'TRANSACTION_TYPE' in value && value.prototype instanceof models.Transaction) {
    MODELS.set((value.TRANSACTION_TYPE as { value: number }).value, value as unknown as new () => InstanceType<typeof models.Transaction>);
  }
}

/** A route parameter's value that names an entry of the chain, by the parameter's name in the state proof route. */
function keyParameter(name: string, chain: InMemoryChain): string {
  if (name === 'hash' || name === 'compositeHash') return 'A'.repeat(64);
  if (name === 'mosaicId') return chain.currency.mosaicId;
  if (name === 'namespaceId') return chain.currency.aliasId;
  return chain.fundedAccounts[0].address;
}

describe('the family registry, walked family by family', () => {
  let server: TestServer & { chain: InMemoryChain };
  let client: UpstreamClient;

  beforeAll(async () => {
    server = await startGateway({ backend: stateChain() });
    await populate(server.chain);
    client = new UpstreamClient({ url: server.base, maxRequestsPerSecond: 100_000 });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    server?.chain.close();
  });

  it('has each family once, by one name, and every state kind and transaction type once', () => {
    const names = FAMILIES.map((family) => family.name);
    expect(new Set(names).size).toBe(names.length);
    const kinds = STATES.map((state) => state.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    const types = FAMILIES.flatMap((family) => (family.transactions ?? []).map((type) => type.type));
    expect(new Set(types).size).toBe(types.length);
    // Every transaction type symbol-sdk models is some family's.
    expect([...MODELS.keys()].filter((type) => !types.includes(type))).toEqual([]);
  });

  describe.each(FAMILIES.map((family) => [family.name, family] as const))('%s', (name, family) => {
    it('is a plugin of the chain under its own name, publishing each of its transaction types', () => {
      const plugin = server.chain.following().plugin(name);
      expect(plugin?.name).toBe(name);
      for (const type of family.transactions ?? []) expect(plugin?.transactions?.some((support) => support.type === type.type), `type ${type.type}`).toBe(true);
    });

    it('writes each transaction type in JSON the upstream client reads back into the same bytes', () => {
      for (const type of family.transactions ?? []) {
        const Model = MODELS.get(type.type)!;
        const model = new Model();
        const json: Record<string, unknown> = TRANSACTION_JSON.of(model, { withSize: true });
        // An aggregate's embedded transactions are listed beside its own fields.
        if (type.read === undefined) json.transactions = [];
        expect(Buffer.from(transactionModel(json, 'transaction', TRANSACTION_READERS).serialize()), `type ${type.type}`).toEqual(Buffer.from(model.serialize()));
      }
    });

    it('has its transaction and receipt types named in the explorer page', () => {
      const html = explorerPage('/explorer', '/ws').html.toString();
      const names = JSON.parse(html.match(/<meta name="explorer-names" content="([^"]*)">/)![1].replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&amp;/g, '&'));
      for (const type of family.transactions ?? []) expect(names.transactions[type.type]).toBe(type.name);
      for (const [receipt, label] of Object.entries(family.receipts ?? {})) expect(names.receipts[receipt]).toBe(label);
    });

    it('registers routes on the gateway’s router when it serves any', () => {
      const router = new Router();
      family.routes?.(router, server.chain, routeSettings());
      expect(router.registrations > 0).toBe(family.routes !== undefined);
    });

    it.runIf(family.routes !== undefined)('has a behaviour test file for its routes, run on every mount and over PostgreSQL', () => {
      expect(existsSync(new URL(`../behaviour/families/${name}.test.ts`, import.meta.url))).toBe(true);
    });
  });

  describe.each(STATES.map((state) => [state.kind, state] as const))('state kind %s', (kind, state) => {
    it('has its tree among the chain’s state trees, in catapult’s cache id order', () => {
      const trees = server.chain.following().state.trees();
      expect(trees).toContain(state.proof.tree);
      const order = STATES.map((each) => each.proof.tree).sort((a, b) => trees.indexOf(a) - trees.indexOf(b));
      expect(trees).toEqual(order);
    });

    it('is served by the gateway: its list route pages entries, its state proof route answers', async () => {
      if (state.route) {
        const { status, body } = await server.get(`${state.route}?pageSize=100`);
        expect(status).toBe(200);
        expect(body.pagination.totalEntries).toBeGreaterThan(0);
        for (const dto of body.data) expect(state.check(dto)).toBe(dto);
      }
      const path = state.proof.path.replace(/:(\w+)/g, (_, name: string) => keyParameter(name, server.chain));
      const { status, body } = await server.get(path);
      expect(status).toBe(200);
      expect(body.raw).toMatch(/^([0-9A-F]{2})+$/);
    });

    it('has an upstream proof route a gateway answers with the same proof', async () => {
      const path = state.proof.path.replace(/:(\w+)/g, (_, name: string) => keyParameter(name, server.chain));
      const key = await state.proof.key(Object.fromEntries([...state.proof.path.matchAll(/:(\w+)/g)].map(([, name]) => [name, keyParameter(name, server.chain)])), server.chain);
      const raw = await upstreamStatePath(client, state.proof.upstream(Buffer.from(key)));
      expect(Buffer.from(raw).toString('hex').toUpperCase()).toBe((await server.get(path)).body.raw);
    });

    it('is read by a fork from a gateway by key: the entries are the chain’s own', async () => {
      const cache = server.chain.following().state.cache(state.cache);
      const keys = [...cache.keys()].slice(0, 5);
      expect(keys.length).toBeGreaterThan(0);
      const fetched = await upstreamEntrySource(client).fetch(state.cache.name, keys)!;
      for (const key of keys) expect(fetched.entries.get(key), key).toEqual(cache.get(key));
    });

    it('is written by the PostgreSQL writer and served by its readers', async () => {
      const write = stateModule.createPart({ listBucketSize: 1_000 }).collect(server.chain, { events: [], blocks: [], catchUp: { storedHeight: 0n } })!;
      const written = new Set<string>();
      await write({
        query: async (sql: string, parameters: unknown[] = []) => {
          if (sql.startsWith('insert into state_entries')) written.add(String(parameters[0]));
          if (sql.startsWith('insert into multisig_entries')) written.add('multisig');
          return { rows: [] };
        },
      } as never);
      expect(written).toContain(kind);
      const repositories = stateModule.repositories({} as Reader);
      expect(repositories[kind], kind).toBeDefined();
    });

    it('is copied whole by a mirror from its upstream', async () => {
      const source = {
        client,
        addresses: new AddressBook(server.chain.symbolNetwork),
        stored: async () => [],
        storedRoots: async () => new Map<string, string>(),
        storedMultisig: async () => [],
        storedEnding: async () => [],
        storedImportant: async () => [],
        important: new ImportantAccounts(),
        harvesting: undefined,
      };
      const rows = await stateRows(source, { blocks: [], rows: [], statements: [] }, true);
      if (state.layout === 'multisig') expect(rows.multisig.length).toBeGreaterThan(0);
      else expect(rows.entries.get(kind)?.length).toBeGreaterThan(0);
    });
  });

  it('uses addresses the chain knows (a sanity check of the keys the routes are asked with)', () => {
    expect(new Address(keyParameter('address', server.chain)).toString()).toBe(server.chain.fundedAccounts[0].address);
  });
});
