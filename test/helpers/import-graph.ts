import { join } from 'node:path';
import madge, { type DependencyTree } from 'madge';

/*
 * The import graph of the service's and the web app's sources, read by madge, and its circles:
 * between files, and between the modules the files belong to. Type-only and dynamic imports
 * count as imports: a circle of types still ties the files together, and an `import()` that
 * would hide one is a circle all the same.
 */

const root = join(import.meta.dirname, '..', '..');

/** The files under `dir` (relative to the repository) and what each imports, as paths relative to `dir`. */
export async function fileGraph(dir: string, extensions: string[], tsConfig: string): Promise<DependencyTree> {
  const graph = await madge(join(root, dir), {
    fileExtensions: extensions,
    tsConfig: join(root, tsConfig),
    // Nothing imports a test, so a test closes no circle; reading them would only cost time.
    excludeRegExp: [/\.test\.tsx?$/],
  });
  // A file madge cannot find would take its imports out of the graph; a package name (or the
  // web build's virtual modules) is not ours and is left out on purpose.
  const lost = graph.warnings().skipped.filter((name) => name.startsWith('.') || name.startsWith('/'));
  if (lost.length > 0) throw new Error(`imports madge could not resolve in ${dir}: ${lost.join(', ')}`);
  return graph.obj();
}

/** A module of src/modules is one node; any other file stays a node of its own. */
export function moduleOf(file: string): string {
  return /^(modules\/[^/]+)\//.exec(file)?.[1] ?? file;
}

/** The graph with each file replaced by its group; imports inside a group are dropped. */
export function groupGraph(files: DependencyTree, groupOf: (file: string) => string): DependencyTree {
  const groups = new Map<string, Set<string>>();
  for (const [file, imports] of Object.entries(files)) {
    const from = groupOf(file);
    const targets = groups.get(from) ?? new Set<string>();
    groups.set(from, targets);
    for (const imported of imports) if (groupOf(imported) !== from) targets.add(groupOf(imported));
  }
  return Object.fromEntries([...groups].map(([group, targets]) => [group, [...targets].sort()]));
}

/** Every circle madge finds in the graph, each as its nodes in import order. */
export async function circlesOf(graph: DependencyTree): Promise<string[][]> {
  return (await madge(graph)).circular();
}

/**
 * A circle written to be read: `a → b → a`, one line per step when the nodes are groups, each
 * step naming one import of the files that makes it (`modules/a/x.ts imports modules/b/service.ts`).
 */
export function describeCircle(circle: string[], files?: DependencyTree, groupOf?: (file: string) => string): string {
  const closed = [...circle, circle[0] as string];
  if (!files || !groupOf) return closed.join(' → ');
  const steps = circle.map((from, i) => {
    const to = closed[i + 1] as string;
    const edge = Object.entries(files)
      .flatMap(([file, imports]) => imports.map((imported) => [file, imported] as const))
      .find(([file, imported]) => groupOf(file) === from && groupOf(imported) === to);
    return `  ${from} → ${to}${edge ? ` (${edge[0]} imports ${edge[1]})` : ''}`;
  });
  return [closed.join(' → '), ...steps].join('\n');
}
