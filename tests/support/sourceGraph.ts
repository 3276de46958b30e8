/**
 * The source tree as the TypeScript compiler reads it, for the house rules (tests/unit/house/):
 * each file's relative imports resolved to files, and each function with its own lines.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export const ROOT = resolve(__dirname, '../..');

/** Every .ts and .tsx file under `folder` (relative to the repository), declarations left out. */
export function sourceFiles(folder: string): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    for (const entry of readdirSync(path)) {
      const full = join(path, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry) && !entry.endsWith('.d.ts')) found.push(full);
    }
  };
  walk(join(ROOT, folder));
  return found.map((file) => relative(ROOT, file)).sort();
}

const parsed = new Map<string, ts.SourceFile>();

export function parse(file: string): ts.SourceFile {
  let source = parsed.get(file);
  if (!source) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
    parsed.set(file, source);
  }
  return source;
}

/** The module names a file imports or re-exports, type-only ones too (a type circle is a circle). */
export function importedNames(file: string): string[] {
  const names: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      names.push(node.moduleSpecifier.text);
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    )
      names.push(node.arguments[0].text);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal;
      if (ts.isStringLiteral(literal)) names.push(literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(file));
  return names;
}

/** The repository file a relative module name means, as the bundlers resolve it; else undefined. */
export function resolveImport(from: string, name: string): string | undefined {
  if (!name.startsWith('.')) return undefined;
  const base = resolve(ROOT, dirname(from), name.replace(/\.js$/, ''));
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ])
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(ROOT, candidate);
  return undefined;
}

/** Each file's imports among `files`, resolved. */
export function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = importedNames(file)
      .map((name) => resolveImport(file, name))
      .filter((target): target is string => target !== undefined && known.has(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/**
 * The import circles of a graph: each strongly connected group of more than one file (or a file
 * that imports itself), given as one path round it, `a → b → … → a` (Tarjan's algorithm).
 */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;
  const connect = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        connect(target);
        low.set(file, Math.min(low.get(file) as number, low.get(target) as number));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file) as number, index.get(target) as number));
      }
    }
    if (low.get(file) === index.get(file)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        group.push(member);
      } while (member !== file);
      if (group.length > 1 || (graph.get(file) ?? []).includes(file)) groups.push(group);
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) connect(file);
  return groups.map((group) => pathRound(group, graph));
}

/** One circle through the group's first file (in sorted order), by a breadth-first search. */
function pathRound(group: string[], graph: ReadonlyMap<string, readonly string[]>): string {
  const members = new Set(group);
  const start = [...group].sort()[0] as string;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    for (const target of graph.get(file) ?? []) {
      if (!members.has(target) || cameFrom.has(target)) continue;
      cameFrom.set(target, file);
      if (target === start) queue.length = 0;
      else queue.push(target);
      if (target === start) break;
    }
  }
  const path = [start];
  for (
    let file = cameFrom.get(start) as string;
    file !== start;
    file = cameFrom.get(file) as string
  )
    path.unshift(file);
  path.unshift(start);
  return path.join(' → ');
}

export interface FunctionLength {
  file: string;
  name: string;
  line: number;
  /** Its lines less those of the functions written inside it. */
  ownLines: number;
}

/** Every function in a file with its own lines: its span less the spans of functions inside it. */
export function functionLengths(file: string): FunctionLength[] {
  const source = parse(file);
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line;
  const span = (node: ts.Node) => lineOf(node.getEnd()) - lineOf(node.getStart(source)) + 1;
  const found: FunctionLength[] = [];
  const measure = (fn: ts.FunctionLikeDeclaration) => {
    let nested = 0;
    const subtract = (node: ts.Node) => {
      if (isFunction(node)) nested += span(node);
      else ts.forEachChild(node, subtract);
    };
    if (fn.body) ts.forEachChild(fn.body, subtract);
    found.push({
      file,
      name: functionName(fn, source),
      line: lineOf(fn.getStart(source)) + 1,
      ownLines: span(fn) - nested,
    });
  };
  const visit = (node: ts.Node) => {
    if (isFunction(node)) measure(node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function isFunction(node: ts.Node): node is ts.FunctionLikeDeclaration {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

function functionName(fn: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (fn.name) return fn.name.getText(source);
  if (ts.isConstructorDeclaration(fn)) return 'constructor';
  const parent = fn.parent;
  if (
    (ts.isVariableDeclaration(parent) ||
      ts.isPropertyAssignment(parent) ||
      ts.isPropertyDeclaration(parent)) &&
    parent.name
  )
    return parent.name.getText(source);
  return '(anonymous)';
}
