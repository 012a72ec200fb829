// The package.json npm packs, without the `prepare` script: scripts/ is not packed, and npm 11
// lists a packed `prepare` among the install scripts it warns of on every install from the
// registry. `prepare` is for installs from git or a directory only (scripts/prepare.mjs), which
// never pack: npm runs prepack and postpack for `npm pack` and `npm publish` alone.
//   node scripts/packed-manifest.mjs strip     (prepack, after the build) takes the line out
//   node scripts/packed-manifest.mjs restore   (postpack) puts it back after the prepack line
// Line by line, so the rest of the file (and an edit made meanwhile) stays as it is. A pack that
// failed between the two leaves the line out; the next pack's restore puts it back.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PREPARE_LINE = '    "prepare": "node scripts/prepare.mjs",';
const PREPACK_LINE = /^ {4}"prepack": .*,$/;

/** `text` (a package.json) without the prepare line. */
export function stripped(text) {
  return text
    .split('\n')
    .filter((line) => line !== PREPARE_LINE)
    .join('\n');
}

/** `text` with the prepare line after the prepack line, once. */
export function restored(text) {
  const lines = stripped(text).split('\n');
  const at = lines.findIndex((line) => PREPACK_LINE.test(line));
  if (at === -1) throw new Error('package.json has no prepack script to put the prepare script after');
  lines.splice(at + 1, 0, PREPARE_LINE);
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const step = process.argv[2];
  if (step !== 'strip' && step !== 'restore') {
    console.error('usage: node scripts/packed-manifest.mjs strip|restore [package.json]');
    process.exit(2);
  }
  const file = process.argv[3] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'package.json');
  const text = readFileSync(file, 'utf8');
  const next = step === 'strip' ? stripped(text) : restored(text);
  if (step === 'strip' && JSON.parse(next).scripts?.prepare !== undefined) throw new Error(`package.json's prepare script is not the line ${PREPARE_LINE.trim()}: the packed package would keep it`);
  if (next !== text) writeFileSync(file, next);
}
