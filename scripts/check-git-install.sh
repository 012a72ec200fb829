#!/usr/bin/env bash
# Checks an install from git as a dependent project would do it: clones this repository's HEAD,
# installs it with `npm install git+file://<clone>` into a scratch project outside the repo
# (npm's git fetcher installs the clone's dependencies and runs its prepare script, which builds),
# then loads the package with require and import. Too slow for the test suite (about a minute:
# npm installs the development dependencies in the clone, then the build runs), so it is a script.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
clone=$(mktemp -d) app=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$clone" "$app"' EXIT  # KEEP=1 leaves them for debugging
step() { echo "check:git-install: $*"; }

step "clone HEAD ($(git rev-parse --short HEAD); uncommitted changes are not part of it)"
git clone --quiet --no-local . "$clone"

step "npm install git+file://$clone into a scratch project"
cd "$app"
npm init -y >/dev/null
npm install "git+file://$clone" --no-audit --no-fund --silent
test -s node_modules/symbol-gateway/dist/index.js || { echo "check:git-install: the installed package has no dist (prepare did not build)"; exit 1; }

step "require and import"
node -e "if (typeof require('symbol-gateway').createGateway !== 'function') throw new Error('require: no createGateway')"
node --input-type=module -e "import { InMemoryChain } from 'symbol-gateway'; if (typeof InMemoryChain !== 'function') throw new Error('import: no InMemoryChain')"

echo "git install check: passed in $((SECONDS - start)) s"
