/**
 * The import graph of src/, and the two rules the pipeline keeps: no cycle, and no
 * import from a lower layer to a higher one. Type-only imports count: a type
 * borrowed from above is still a dependency on what is above.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** The pipeline, lowest first. A file may import its own layer and those below it. */
export const LAYERS: readonly (readonly [layer: string, prefixes: readonly string[]])[] = [
  ['core', ['src/core/', 'src/site/']],
  ['admission', ['src/admission/']],
  ['rederive', ['src/rederive/']],
  ['audit', ['src/audit/']],
  ['figures', ['src/figures/']],
  ['derive', ['src/derive/']],
  ['tables', ['src/findings/tables/']],
  ['charts', ['src/charts/']],
  ['findings', ['src/findings/']],
  ['components', ['src/components/']],
  ['layouts', ['src/layouts/']],
  ['pages', ['src/pages/']],
  ['guards and passes', ['src/guards/', 'src/passes/']],
];

export type Graph = ReadonlyMap<string, readonly string[]>;

/** The layer whose longest prefix names the file (src/findings/tables/ before src/findings/). */
export function layerOf(file: string): { name: string; rank: number } | undefined {
  let best: { name: string; rank: number; length: number } | undefined;
  LAYERS.forEach(([name, prefixes], rank) => {
    for (const p of prefixes) if (file.startsWith(p) && (!best || p.length > best.length)) best = { name, rank, length: p.length };
  });
  return best && { name: best.name, rank: best.rank };
}

const SPECIFIERS = [
  /\bimport\s+(?:type\s+)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bexport\s+(?:type\s+)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
];

/** The relative specifiers a module imports (bare packages are not part of the pipeline). */
export function importsOf(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found = new Set<string>();
  for (const re of SPECIFIERS) for (const m of code.matchAll(re)) if (m[1]!.startsWith('.')) found.add(m[1]!);
  return [...found];
}

/** Every .ts, .astro and .mjs file under `root/src`, with the src files it imports, as project-relative paths. */
export function importGraph(root: string): Graph {
  const files = readdirSync(join(root, 'src'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|astro|mjs)$/.test(e.name))
    .map((e) => relative(root, join(e.parentPath, e.name)));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = importsOf(readFileSync(join(root, file), 'utf8'))
      .map((s) => relative(root, resolve(root, dirname(file), s)))
      .filter((t) => t.startsWith('src/') && /\.(ts|astro|mjs)$/.test(t));
    graph.set(file, targets);
  }
  return graph;
}

/** Strongly connected components of more than one file (or a file importing itself): the cycles. */
export function cycles(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return out;
}

/** Every breach of the two rules, one message each, naming both files. */
export function pipelineProblems(graph: Graph): string[] {
  const problems: string[] = [];
  for (const [file, targets] of graph) {
    const from = layerOf(file);
    if (!from) {
      problems.push(`${file} is in no pipeline layer: add its folder to LAYERS in tests/support/import-graph.ts`);
      continue;
    }
    for (const target of targets) {
      const to = layerOf(target);
      if (to && to.rank > from.rank) {
        problems.push(`${file} (${from.name}) imports ${target} (${to.name}): a lower pipeline layer may not import a higher one`);
      }
    }
  }
  for (const c of cycles(graph)) problems.push(`import cycle: ${c.join(' -> ')} (each reaches the others)`);
  return problems;
}
