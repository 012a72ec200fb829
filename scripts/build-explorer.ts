/**
 * Bundles the explorer's client (src/explorer/client/) into src/explorer/client-bundle.ts,
 * which the page serves inline. `npm run build:explorer` (`npm run build` runs it first).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUNDLE_MODULE, ROOT, bundleExplorerScript, bundleModule } from './explorer-bundle.js';

const script = await bundleExplorerScript();
writeFileSync(join(ROOT, BUNDLE_MODULE), bundleModule(script));
console.log(`wrote ${BUNDLE_MODULE} (${script.length} characters of script)`);
