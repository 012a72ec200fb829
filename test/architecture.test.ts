/**
 * How the files of src/ depend on each other, read from their imports with TypeScript's own
 * parser: no file imports itself back through others (value or type-only), the folders depend
 * one way, and the in-memory chain (src/memory) imports none of what wraps or reads it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

interface Import {
  /** The imported file, relative to src/. */
  readonly target: string;
  readonly typeOnly: boolean;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Every relative import and re-export of every file of src/, by file (paths relative to src/). */
function importGraph(): Map<string, Import[]> {
  const graph = new Map<string, Import[]>();
  for (const path of sourceFiles(SRC)) {
    const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
    const imports: Import[] = [];
    const add = (specifier: string, typeOnly: boolean) => {
      if (specifier.startsWith('.')) imports.push({ target: relative(SRC, resolve(dirname(path), specifier.replace(/\.js$/, '.ts'))), typeOnly });
    };
    for (const statement of file.statements) {
      if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
        const clause = statement.importClause;
        const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
        const typeOnly = clause !== undefined && (clause.isTypeOnly || (!clause.name && named !== undefined && named.length > 0 && named.every((element) => element.isTypeOnly)));
        add(statement.moduleSpecifier.text, typeOnly);
      } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
        const named = statement.exportClause && ts.isNamedExports(statement.exportClause) ? statement.exportClause.elements : undefined;
        add(statement.moduleSpecifier.text, statement.isTypeOnly || (named !== undefined && named.every((element) => element.isTypeOnly)));
      }
    }
    // Dynamic imports (`await import('./postgres.js')`) count too.
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) add(node.arguments[0].text, false);
      ts.forEachChild(node, visit);
    };
    visit(file);
    graph.set(relative(SRC, path), imports);
  }
  return graph;
}

/** The strongly connected groups of more than one node (Tarjan): each an import cycle. */
function cycles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || (edges.get(node) ?? []).includes(node)) found.push(group.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) connect(node);
  return found;
}

/** A file's folder under src/ (`memory` for src/memory/chain/chain.ts), or the file itself for one at the top. */
const folderOf = (file: string) => file.split('/')[0];

describe('the dependencies between the files of src/', () => {
  const graph = importGraph();

  it('reads every import of every file (the graph is the whole of src/)', () => {
    expect(graph.size).toBeGreaterThan(200);
    // Every import names a file that exists: a path this test resolves wrongly would hide a cycle.
    const missing = [...graph].flatMap(([file, imports]) => imports.filter((each) => !graph.has(each.target)).map((each) => `${file} → ${each.target}`));
    expect(missing).toEqual([]);
  });

  it('has no import cycle between files, type-only imports included', () => {
    const edges = new Map([...graph].map(([file, imports]) => [file, imports.map((each) => each.target)]));
    expect(cycles(edges)).toEqual([]);
  });

  it('has its folders depend one way: no folder imports one that imports it back', () => {
    const edges = new Map<string, string[]>();
    for (const [file, imports] of graph) {
      const from = folderOf(file);
      const targets = edges.get(from) ?? [];
      for (const { target } of imports) if (folderOf(target) !== from && !targets.includes(folderOf(target))) targets.push(folderOf(target));
      edges.set(from, targets);
    }
    expect(cycles(edges)).toEqual([]);
  });

  it('keeps the in-memory chain free of what wraps or reads it: src/memory imports no fork, upstream, mirror, postgres, families, nor anything of HTTP', () => {
    const wrappers = ['fork', 'upstream', 'mirror', 'postgres', 'postgres.ts', 'genesis', 'storage', 'families', 'routes', 'http', 'ws', 'explorer', 'frameworks', 'gateway.ts', 'symbol-routes.ts', 'in-memory-chain.ts'];
    const leaks = [...graph]
      .filter(([file]) => folderOf(file) === 'memory')
      .flatMap(([file, imports]) => imports.filter((each) => wrappers.includes(folderOf(each.target))).map((each) => `${file} → ${each.target}`));
    expect(leaks).toEqual([]);
  });

  it('finds a cycle and a leak where there is one (the checks can fail)', () => {
    expect(cycles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]))).toEqual([['a', 'b', 'c']]);
    expect(cycles(new Map([['a', ['b']], ['b', []]]))).toEqual([]);
  });
});
