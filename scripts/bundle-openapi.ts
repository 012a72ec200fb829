/**
 * Bundles the head symbol-openapi spec (OpenAPI 3.1, split in many files joined by relative
 * `$ref`s) into one file, test/fixtures/symbol-openapi-head.yml, which test/support/openapi.ts
 * checks every response body against beside the 1.0.5 spec.
 *
 *   npx tsx scripts/bundle-openapi.ts [<symbol-openapi git repository> [<revision>]]
 *
 * The repository defaults to the mirror /work/.mirror/symbol+symbol-openapi/repo (any clone of
 * github.com/symbol/symbol-openapi does), the revision to HEAD; files are read with `git show`,
 * so the repository needs no work tree. The bundle's header names the commit it came from.
 *
 * A file under a `routes/` folder (an operation), and the root's `paths`, `info` and `tags`, are
 * inlined; every other file becomes a component named for the file (schemas/, parameters/,
 * responses/, request_bodies/), so a schema used by many routes is one `#/components/...` entry,
 * as redocly's bundler (the spec's own `npm run build`) makes it.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { posix } from 'node:path';
import { parse, stringify } from 'yaml';

const ROOT_FILE = 'spec/openapi.yml';
const OUTPUT = new URL('../test/fixtures/symbol-openapi-head.yml', import.meta.url);

type Kind = 'schemas' | 'parameters' | 'responses' | 'requestBodies';

/** Where a referenced file goes: inlined, or the component kind it becomes. */
function kindOf(file: string): Kind | 'inline' {
  if (/\/routes\//.test(file) || /^spec\/(routes|info|tags)\.yml$/.test(file)) return 'inline';
  if (/\/schemas\//.test(file)) return 'schemas';
  if (file.startsWith('spec/parameters/')) return 'parameters';
  if (file.startsWith('spec/responses/')) return 'responses';
  if (file.startsWith('spec/request_bodies/')) return 'requestBodies';
  throw new Error(`${file}: no rule says whether to inline it or which component it is`);
}

/** Bundles the spec at `revision` of the git repository `repository`. */
export function bundle(repository: string, revision: string): { commit: string; document: Record<string, unknown> } {
  const git = (...args: string[]): string => execFileSync('git', ['-C', repository, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const commit = git('rev-parse', `${revision}^{commit}`).trim();
  const components: Record<Kind, Map<string, { file: string; value: unknown }>> = {
    schemas: new Map(), parameters: new Map(), responses: new Map(), requestBodies: new Map(),
  };
  const read = (file: string): unknown => parse(git('show', `${commit}:${file}`));

  /** `node` of `file` with its relative file refs inlined or turned into component refs. */
  const resolve = (node: unknown, file: string): unknown => {
    if (Array.isArray(node)) return node.map((each) => resolve(each, file));
    if (node === null || typeof node !== 'object') return node;
    const { $ref, ...siblings } = node as Record<string, unknown>;
    const rest = Object.fromEntries(Object.entries(siblings).map(([key, value]) => [key, resolve(value, file)]));
    if (typeof $ref !== 'string' || $ref.startsWith('#')) return $ref === undefined ? rest : { $ref, ...rest };
    if ($ref.includes('#')) throw new Error(`${file}: a ref into a file's inside (${$ref}) is not handled`);
    const target = posix.normalize(posix.join(posix.dirname(file), $ref));
    const kind = kindOf(target);
    if (kind === 'inline') {
      const inlined = resolve(read(target), target);
      // A sibling of an inlined ref would be lost or merged ambiguously: the spec has none.
      if (Object.keys(rest).length > 0) throw new Error(`${file}: keys beside the inlined ref ${$ref}`);
      return inlined;
    }
    const name = posix.basename(target, '.yml');
    const known = components[kind].get(name);
    if (known && known.file !== target) throw new Error(`two ${kind} named ${name}: ${known.file} and ${target}`);
    if (!known) {
      components[kind].set(name, { file: target, value: undefined }); // before resolving: a schema may refer to itself
      components[kind].get(name)!.value = resolve(read(target), target);
    }
    // OpenAPI 3.1 keeps keys beside a $ref (a property's own description): so does the bundle.
    return { $ref: `#/components/${kind}/${name}`, ...rest };
  };

  const document = resolve(read(ROOT_FILE), ROOT_FILE) as Record<string, unknown>;
  const sorted = (entries: Map<string, { value: unknown }>) =>
    Object.fromEntries([...entries].sort(([a], [b]) => a.localeCompare(b)).map(([name, { value }]) => [name, value]));
  document.components = Object.fromEntries(
    (Object.keys(components) as Kind[]).filter((kind) => components[kind].size > 0).map((kind) => [kind, sorted(components[kind])]),
  );
  return { commit, document };
}

const isMain = process.argv[1] && import.meta.url.endsWith(posix.basename(process.argv[1]));
if (isMain) {
  const [repository = '/work/.mirror/symbol+symbol-openapi/repo', revision = 'HEAD'] = process.argv.slice(2);
  const { commit, document } = bundle(repository, revision);
  const header = [
    '# The head symbol-openapi spec (github.com/symbol/symbol-openapi) in one file: made by',
    '# scripts/bundle-openapi.ts, do not edit by hand; run `npx tsx scripts/bundle-openapi.ts` to remake it.',
    `# symbol-openapi commit: ${commit}`,
    '',
  ].join('\n');
  writeFileSync(OUTPUT, header + stringify(document, { lineWidth: 0, aliasDuplicateObjects: false }));
  const paths = document.paths as Record<string, Record<string, unknown>>;
  const operations = Object.values(paths).reduce((sum, item) => sum + Object.keys(item).filter((key) => ['get', 'put', 'post', 'delete', 'patch'].includes(key)).length, 0);
  console.log(`wrote test/fixtures/symbol-openapi-head.yml from ${commit}: ${Object.keys(paths).length} paths, ${operations} operations`);
}
