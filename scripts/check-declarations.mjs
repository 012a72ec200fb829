// Checks the built declarations (dist/*.d.ts) as a user's editor reads them: every type, class,
// function or constant they declare is exported by an entry of the package, so every type a
// public signature uses can be named. Run by check-package.sh after the build.
import { readdirSync, readFileSync } from 'node:fs';

const ENTRIES = ['index', 'express', 'koa', 'testing', 'postgres', 'genesis'];
const files = readdirSync('dist').filter((name) => name.endsWith('.d.ts'));
const declared = new Set();
for (const file of files) {
  const text = readFileSync(`dist/${file}`, 'utf8');
  for (const [, name] of text.matchAll(/^(?:export )?(?:declare )?(?:abstract )?(?:class|interface|type|enum|const|function) (\w+)/gm)) declared.add(name);
}
const exported = new Set();
for (const entry of ENTRIES) {
  const text = readFileSync(`dist/${entry}.d.ts`, 'utf8');
  for (const [, list] of text.matchAll(/export (?:type )?\{([^}]*)\}/g)) {
    for (const part of list.split(',').map((each) => each.trim().replace(/^type /, '')).filter(Boolean)) exported.add(part.includes(' as ') ? part.split(' as ')[1].trim() : part);
  }
  for (const [, name] of text.matchAll(/^export (?:declare )?(?:abstract )?(?:class|interface|type|enum|const|function) (\w+)/gm)) exported.add(name);
}
const unexported = [...declared].filter((name) => !exported.has(name)).sort();
if (unexported.length > 0) {
  console.error(`check:package: the declarations use names no entry exports: ${unexported.join(', ')}`);
  process.exit(1);
}
console.log(`check:package: every one of the ${declared.size} names the declarations declare is exported`);
