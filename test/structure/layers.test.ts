/**
 * Holds the layering of `src/` (drawn in ARCHITECTURE.md): each folder may import, at run time, only folders of its own
 * layer or below, and the folders' import graph has no cycle. Type-only imports (`import type`, or a clause whose every
 * name is `type`) cost nothing at run time and are left out, as the bundle leaves them out. A new folder must be placed
 * in a layer here before it can be imported.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = new URL('../../src', import.meta.url).pathname;

/** Bottom first. `(top)` is the files directly in `src/`: the composition, the lifecycle and the exports. */
const LAYERS: readonly (readonly string[])[] = [
  ['runtime'],
  ['domain'],
  ['i18n', 'api'],
  ['sites', 'rewards'],
  ['store'],
  ['config'],
  ['engine', 'network'],
  ['poll', 'multisite', 'programs', 'points', 'shop', 'claim'],
  ['commands', 'panel'],
  // The client bundle (dist/client.js, dist/ui/): it takes only the panel's protocol from the server's folders.
  ['client', 'ui'],
  ['(top)'],
];

const rankOf = new Map(LAYERS.flatMap((folders, rank) => folders.map((folder) => [folder, rank] as const)));

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });

/** The folder of a file under `src/`: its first path segment, or `(top)` for a file directly in `src/`. */
const folderOf = (file: string): string => {
  const parts = relative(src, file).split('/');
  return parts.length > 1 ? (parts[0] as string) : '(top)';
};

const STATEMENT = /^\s*(import|export)\s+(type\s+)?([^;'"]*?)\s*(?:from\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** True when an import clause names only types (`{ type A, type B }`). */
const typeOnlyClause = (clause: string): boolean => {
  const named = /^\{([\s\S]*)\}$/.exec(clause.trim());
  if (!named) return false;
  const names = (named[1] as string)
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((name) => name.startsWith('type '));
};

/** The `src/` file a relative specifier names, or null outside `src/` (the shared contract). */
const target = (from: string, specifier: string): string | null => {
  const base = resolve(dirname(from), specifier).replace(/\.js$/, '');
  for (const candidate of [`${base}.ts`, join(base, 'index.ts')])
    if (candidate.startsWith(src) && statSafe(candidate)) return candidate;
  return null;
};
const statSafe = (path: string): boolean => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

/** Every run-time import between two folders of `src/`: `from folder -> to folder` with the files that make it. */
function folderImports(): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const file of sourceFiles(src)) {
    const text = readFileSync(file, 'utf8');
    const specifiers: string[] = [];
    for (const match of text.matchAll(STATEMENT)) {
      if (match[2] || typeOnlyClause(match[3] ?? '')) continue;
      specifiers.push(match[4] as string);
    }
    for (const match of text.matchAll(DYNAMIC)) specifiers.push(match[1] as string);
    for (const specifier of specifiers) {
      const to = target(file, specifier);
      if (!to) continue;
      const [a, b] = [folderOf(file), folderOf(to)];
      if (a === b) continue;
      const key = `${a} -> ${b}`;
      edges.set(key, [...(edges.get(key) ?? []), `${relative(src, file)} -> ${relative(src, to)}`]);
    }
  }
  return edges;
}

/** The folders that sit on a cycle, each cycle as one sorted list (Tarjan's strongly connected components). */
function cycles(edges: Iterable<string>): string[][] {
  const graph = new Map<string, string[]>();
  for (const edge of edges) {
    const [a, b] = edge.split(' -> ') as [string, string];
    graph.set(a, [...(graph.get(a) ?? []), b]);
    if (!graph.has(b)) graph.set(b, []);
  }
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) as number, low.get(to) as number));
      } else if (stack.includes(to))
        low.set(node, Math.min(low.get(node) as number, index.get(to) as number));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop() as string;
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

const edges = folderImports();

describe('the layering of src/', () => {
  it('places every folder in a layer', () => {
    const folders = new Set(sourceFiles(src).map(folderOf));
    expect([...folders].filter((folder) => !rankOf.has(folder))).toEqual([]);
  });

  it('imports, at run time, only from the same layer or below', () => {
    const upward = [...edges].flatMap(([edge, files]) => {
      const [from, to] = edge.split(' -> ') as [string, string];
      return (rankOf.get(to) ?? -1) > (rankOf.get(from) ?? -1) ? [`${edge}: ${files.join(', ')}`] : [];
    });
    expect(upward).toEqual([]);
  });

  it('has no cycle between folders', () => {
    expect(cycles(edges.keys())).toEqual([]);
  });

  it('finds the imports it judges (a check that reads nothing passes nothing)', () => {
    // The composition imports every feature; if the parser missed imports, these would be absent.
    for (const edge of ['(top) -> claim', '(top) -> engine', 'engine -> store', 'config -> rewards'])
      expect(edges.has(edge), edge).toBe(true);
    expect(cycles(['a -> b', 'b -> c', 'c -> a', 'c -> d'])).toEqual([['a', 'b', 'c']]);
  });
});
