#!/usr/bin/env bash
# Checks the package as npm would publish it: packs it (its prepack script builds it), installs the tarball into a scratch
# project outside the repo, then loads every entry with require and import, answers one request
# with a real gateway, type-checks a TypeScript consumer against the shipped declarations
# (ESM and CommonJS, strict, no skipLibCheck), checks that every name the declarations declare
# is exported, and runs publint and attw on the same tarball.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$PWD/node_modules/.bin start=$SECONDS
pack=$(mktemp -d) app=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$pack" "$app"' EXIT  # KEEP=1 leaves them for debugging
step() { echo "check:package: $*"; }

# No build first: npm pack's own prepack script must build what the tarball ships (a pack from a fresh clone had no code).
step "pack (its prepack script builds dist)"
rm -rf dist
npm pack --silent --pack-destination "$pack" >/dev/null
test -s dist/index.js || { echo "check:package: npm pack did not build dist (the prepack script)"; exit 1; }
node scripts/check-declarations.mjs
tarball=$(echo "$pack"/*.tgz)

# scripts/ is not packed, so neither is the prepare script (npm 11 would list it among the install
# scripts it warns of); the clone's package.json has it back for installs from git (postpack).
step "the packed package.json has no prepare script; the clone's has"
tar -xzOf "$tarball" package/package.json | node -e '
  const pkg = JSON.parse(require("node:fs").readFileSync(0, "utf8"));
  if (pkg.scripts?.prepare !== undefined) throw new Error(`the packed package.json keeps prepare: ${pkg.scripts.prepare}`);
  if (pkg.peerDependenciesMeta?.["@types/pg"]?.optional !== true) throw new Error("the packed package.json does not name @types/pg as an optional peer dependency");'
node -e 'if (require("./package.json").scripts.prepare !== "node scripts/prepare.mjs") throw new Error("postpack did not put the prepare script back into package.json")'

step "install $(basename "$tarball") into a scratch project"
cd "$app"
npm init -y >/dev/null
npm install "$tarball" pg@^8.11 @types/pg typescript@^5.9 @types/node@^20 --no-audit --no-fund --silent

# The runtime check, after a prelude that binds core, express, koa, testing, pkg and http.
smoke='
const want = {
  core: ["createGateway", "Router", "parsePagination", "toPage", "GatewayError", "InMemoryChain", "ListenerHub"],
  express: ["expressGateway"],
  koa: ["koaGateway"],
  testing: ["startTestGateway"],
  postgres: ["createPostgresBackend", "openPostgresChain", "migrate"],
  genesis: ["readGenesisPreset", "readSeedDirectory", "StorageFormatError"],
};
const mods = { core, express, koa, testing, postgres, genesis };
for (const [name, fns] of Object.entries(want))
  for (const fn of fns) if (typeof mods[name][fn] !== "function") throw new Error(`${name}.${fn} is ${typeof mods[name][fn]}`);
if (pkg.name !== "symbol-gateway") throw new Error(`package.json name is ${pkg.name}`);
setTimeout(() => { console.error("the process did not exit after close()"); process.exit(1); }, 10_000).unref();
const gateway = core.createGateway({ backend: new core.InMemoryChain({ blockInterval: false }) });
const server = http.createServer(gateway.handle);
server.listen(0, "127.0.0.1", async () => {
  try {
    const res = await fetch(`http://127.0.0.1:${server.address().port}/chain/info`);
    const body = await res.json();
    if (res.status !== 200 || body.height !== "1") throw new Error(`GET /chain/info: ${res.status} ${JSON.stringify(body)}`);
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    await gateway.close();
    server.close();
  }
});
'
step "require (CommonJS)"
node -e "
const core = require('symbol-gateway'), express = require('symbol-gateway/express'), koa = require('symbol-gateway/koa'), testing = require('symbol-gateway/testing'), postgres = require('symbol-gateway/postgres'), genesis = require('symbol-gateway/genesis');
const pkg = require('symbol-gateway/package.json'), http = require('node:http');
$smoke"

step "import (ESM)"
cat >smoke.mjs <<JS
import * as core from 'symbol-gateway';
import * as express from 'symbol-gateway/express';
import * as koa from 'symbol-gateway/koa';
import * as testing from 'symbol-gateway/testing';
import * as postgres from 'symbol-gateway/postgres';
import * as genesis from 'symbol-gateway/genesis';
import http from 'node:http';
import { createRequire } from 'node:module';
const pkg = createRequire(import.meta.url)('symbol-gateway/package.json');
$smoke
JS
node smoke.mjs

# One consumer, type-checked as ESM (.d.ts) and as CommonJS (.d.cts). The @ts-expect-error
# lines fail the check if the declarations degrade to any.
# CommonJS is checked as module Node20, not Node16: the .d.cts import symbol-sdk, which is ESM only,
# and only Node20/NodeNext model require(esm), which Node >= 20.19 (our engines) supports.
consumer="$(cat <<'TS'
import { createGateway, InMemoryChain, parsePagination, toPage, GatewayError, VERSION } from 'symbol-gateway';
import type { BlockInfoDTO, ChainInfoDTO, Gateway, GatewayBackend, Page } from 'symbol-gateway';
import { expressGateway, type ExpressMiddleware } from 'symbol-gateway/express';
import { koaGateway, type KoaMiddleware } from 'symbol-gateway/koa';
import { startTestGateway, type TestGateway } from 'symbol-gateway/testing';
import { createPostgresBackend, openPostgresChain, type PostgresBackend, type PostgresChainOptions } from 'symbol-gateway/postgres';
import { readGenesisPreset, type GenesisPreset } from 'symbol-gateway/genesis';

const chain = new InMemoryChain({ blockInterval: false });
const backend: GatewayBackend = {
  blocks: {
    search: () => ({ data: [], totalEntries: 0 }),
    getByHeight: (height: bigint) => chain.blocks.getByHeight(height),
  },
  chain: { info: async (): Promise<ChainInfoDTO> => chain.chain.info() },
  node: chain.node,
  network: chain.network,
  close: () => chain.close(),
};
const g: Gateway = createGateway({ backend, bodyLimit: 1024, cors: false });
const page: Page<BlockInfoDTO> = toPage([], 0, parsePagination(new URLSearchParams()));
const express: ExpressMiddleware = expressGateway(g);
const koa: KoaMiddleware = koaGateway(g);
const error: GatewayError = new GatewayError('InvalidArgument', 'bad');
const version: string = VERSION;
// @ts-expect-error heights are bigints
chain.blocks.getByHeight('1');
// @ts-expect-error bodyLimit is a number
createGateway({ bodyLimit: '1' });
const started: Promise<TestGateway> = startTestGateway({ accountCount: 1 });
// @ts-expect-error accountCount is a number
startTestGateway({ accountCount: '1' });
const stored: PostgresBackend = createPostgresBackend({ url: 'postgres://localhost/none', poolSize: 4 });
const writerOptions: PostgresChainOptions = { url: 'postgres://localhost/none', chain: { blockInterval: false } };
// @ts-expect-error poolSize is a number
createPostgresBackend({ url: 'postgres://localhost/none', poolSize: '4' });
const preset: Promise<GenesisPreset> = readGenesisPreset('presets/testnet');
// @ts-expect-error a preset is a folder's path
readGenesisPreset(1);
void [page.pagination.pageNumber, express, koa, error.status, version, g.close(), started, stored.close(), writerOptions, openPostgresChain, preset.catch(() => undefined)];
TS
)"
tsconfig='{ "compilerOptions": { "module": "%s", "moduleResolution": "NodeNext", "target": "ES2022", "lib": ["ES2022"],
  "types": ["node"], "strict": true, "noEmit": true, "skipLibCheck": false }, "files": ["consumer.ts"] }'
for mode in esm:module:NodeNext cjs:commonjs:Node20; do
  IFS=: read -r dir type module <<<"$mode"
  step "tsc ($dir, module $module)"
  mkdir "$dir"
  echo "{ \"type\": \"$type\" }" >"$dir/package.json"
  printf "$tsconfig" "$module" >"$dir/tsconfig.json"
  echo "$consumer" >"$dir/consumer.ts"
  node_modules/.bin/tsc -p "$dir"
done

step "publint, attw"
"$bin/publint" run "$tarball" --strict  # --strict: warnings fail too; suggestions are only printed
# --profile node16: node10 resolution ignores "exports", so the subpaths cannot resolve there,
# and Node 10-era resolution is not supported anyway (engines: node >= 20.19).
"$bin/attw" "$tarball" --profile node16

echo "package check: passed (manifest, require, import, 6 subpaths, tsc esm+cjs, publint, attw) in $((SECONDS - start)) s"
