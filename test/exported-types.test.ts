/**
 * Every type a user meets in the package's public signatures can be named: for each entry of
 * package.json's exports, the types that its exports' signatures use (parameters, results,
 * public members, base classes, type arguments, aliased types; inferred ones too, as the
 * declarations tsup emits spell them out) and that are declared in src/ are exported by an
 * entry of the package.
 */
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** The entries of package.json's exports, as tsup.config.ts builds them. */
const ENTRIES = ['src/index.ts', 'src/frameworks/express.ts', 'src/frameworks/koa.ts', 'src/testing.ts', 'src/postgres.ts', 'src/genesis.ts'];

const program = ts.createProgram(
  ENTRIES.map((entry) => ROOT + entry),
  { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, strict: true, skipLibCheck: true, types: ['node'], noEmit: true },
);
const checker = program.getTypeChecker();

const inSrc = (symbol: ts.Symbol) => (symbol.declarations ?? []).some((declaration) => declaration.getSourceFile().fileName.startsWith(`${ROOT}src/`));
const resolved = (symbol: ts.Symbol) => (symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol);
/** What the declarations leave out: private and protected members, and what is marked `@internal` (tsup strips it). */
const isHidden = (declaration: ts.Declaration | undefined) =>
  declaration !== undefined &&
  (ts.getNameOfDeclaration(declaration)?.kind === ts.SyntaxKind.PrivateIdentifier ||
    (ts.getCombinedModifierFlags(declaration) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) !== 0 ||
    ts.getJSDocTags(declaration).some((tag) => tag.tagName.text === 'internal'));
/** The implementation of an overloaded function or constructor: the declarations keep only its overloads. */
const isOverloadImplementation = (node: ts.Node) =>
  ts.isFunctionLike(node) &&
  'body' in node &&
  node.body !== undefined &&
  ts.isClassLike(node.parent) &&
  node.parent.members.some((member: ts.ClassElement) => member !== node && member.kind === node.kind && ts.getNameOfDeclaration(member)?.getText() === ts.getNameOfDeclaration(node)?.getText());
const isPrivate = (symbol: ts.Symbol) => (symbol.declarations ?? []).some(isHidden);

/** What an entry exports, each symbol resolved to its declaration. */
function exportsOf(entry: string): ts.Symbol[] {
  return checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(ROOT + entry)!)!).map(resolved);
}

/**
 * The types declared in src/ that an entry's exports use but it does not export, each with the
 * export whose signature names it.
 */
function unexported(entry: string): string[] {
  const exports = exportsOf(entry);
  const named = new Set(ENTRIES.flatMap(exportsOf));
  const missing = new Map<string, string>();
  const seen = new Set<ts.Type>();

  const visitSymbol = (symbol: ts.Symbol, from: string): boolean => {
    if (!inSrc(symbol) || symbol.flags & ts.SymbolFlags.TypeParameter) return true;
    if (named.has(symbol)) return true;
    if (!missing.has(symbol.name)) missing.set(symbol.name, from);
    return false;
  };

  const visitType = (type: ts.Type, from: string): void => {
    if (seen.has(type)) return;
    seen.add(type);
    if (type.aliasSymbol) {
      for (const argument of type.aliasTypeArguments ?? []) visitType(argument, from);
      // A named alias of src/ must be exported (its own type is checked where it is); one of a library is the library's.
      if (!inSrc(type.aliasSymbol) || !visitSymbol(type.aliasSymbol, from)) return;
    }
    if (type.isUnionOrIntersection()) return type.types.forEach((member) => visitType(member, from));
    if (!(type.flags & ts.TypeFlags.Object)) return;
    const object = type as ts.ObjectType;
    if (object.objectFlags & ts.ObjectFlags.Reference) for (const argument of checker.getTypeArguments(object as ts.TypeReference)) visitType(argument, from);
    // A library's type (a Promise, a Map, node's or symbol-sdk's classes): only what src/ puts in it, its type arguments, is ours.
    if (!type.symbol || !inSrc(type.symbol)) return;
    // A named class or interface of src/ must be exported; its members are checked where it is.
    if (object.objectFlags & (ts.ObjectFlags.Class | ts.ObjectFlags.Interface) && !type.aliasSymbol) {
      visitSymbol(type.symbol, from);
      return;
    }
    visitMembers(type, from);
  };

  const visitSignature = (signature: ts.Signature, from: string) => {
    for (const parameter of signature.getParameters()) visitType(checker.getTypeOfSymbol(parameter), from);
    visitType(signature.getReturnType(), from);
  };

  const visitMembers = (type: ts.Type, from: string) => {
    for (const property of checker.getPropertiesOfType(type)) if (!isPrivate(property)) visitType(checker.getTypeOfSymbol(property), `${from}.${property.name}`);
    for (const signature of [...type.getCallSignatures(), ...type.getConstructSignatures()]) if (!isHidden(signature.getDeclaration())) visitSignature(signature, from);
    for (const info of checker.getIndexInfosOfType(type)) visitType(info.type, from);
  };

  // The names the declarations spell out: type references, `typeof` queries and base classes in what the declarations keep.
  const visitSyntax = (node: ts.Node, from: string): void => {
    if (isHidden(node as ts.Declaration) || ts.isBlock(node) || isOverloadImplementation(node)) return;
    if ((ts.isPropertyDeclaration(node) || ts.isVariableDeclaration(node) || ts.isParameter(node)) && node.initializer) {
      for (const child of [node.name, node.type]) if (child) visitSyntax(child, from);
      return;
    }
    const name = ts.isTypeReferenceNode(node) ? node.typeName : ts.isTypeQueryNode(node) ? node.exprName : ts.isExpressionWithTypeArguments(node) ? node.expression : undefined;
    const symbol = name && checker.getSymbolAtLocation(name);
    if (symbol) visitSymbol(resolved(symbol), from);
    ts.forEachChild(node, (child) => visitSyntax(child, from));
  };

  for (const symbol of exports) {
    const from = symbol.name;
    if (!inSrc(symbol)) continue;
    for (const declaration of symbol.declarations ?? []) visitSyntax(declaration, from);
    if (symbol.flags & ts.SymbolFlags.Class) {
      const declared = checker.getDeclaredTypeOfSymbol(symbol);
      for (const base of (declared as ts.InterfaceType).getBaseTypes?.() ?? []) visitType(base, from);
      visitMembers(declared, from);
      visitMembers(checker.getTypeOfSymbol(symbol), from);
    } else if (symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias)) {
      const declared = checker.getDeclaredTypeOfSymbol(symbol);
      for (const base of (declared as ts.InterfaceType).getBaseTypes?.() ?? []) visitType(base, from);
      seen.add(declared);
      if (declared.isUnionOrIntersection()) declared.types.forEach((member) => visitType(member, from));
      visitMembers(declared, from);
    } else if (symbol.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Variable)) {
      visitType(checker.getTypeOfSymbol(symbol), from);
    }
  }
  return [...missing].map(([name, from]) => `${name} (in ${from})`).sort();
}

describe('the types of the public signatures', () => {
  it.each(ENTRIES)('%s uses no type that no entry of the package exports', (entry) => {
    expect(unexported(entry)).toEqual([]);
  });
});
