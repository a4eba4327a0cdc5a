/**
 * The import graph of src/, and the rules the pipeline keeps: no cycle between files or
 * between folders, and no import from a lower layer to a higher one (the layers are the
 * folders of src/core/pipeline.ts). Type-only imports count: a type borrowed from above
 * is still a dependency on what is above.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { PIPELINE } from '../../src/core/pipeline.ts';

export type Graph = ReadonlyMap<string, readonly string[]>;

/** The layer of a file: its folder directly under src/, ranked by its place in PIPELINE. */
export function layerOf(
  file: string,
  pipeline: readonly (readonly [string, string])[] = PIPELINE,
): { name: string; rank: number } | undefined {
  const m = /^src\/([^/]+)\//.exec(file);
  const rank = m ? pipeline.findIndex(([folder]) => folder === m[1]) : -1;
  return rank < 0 ? undefined : { name: pipeline[rank]![0], rank };
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

/** The same graph between folders: a folder imports another when one of its files imports one of the other's. */
export function folderGraph(graph: Graph): Graph {
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = dirname(file);
    const set = folders.get(from) ?? new Set<string>();
    folders.set(from, set);
    for (const t of targets) if (dirname(t) !== from) set.add(dirname(t));
  }
  return new Map([...folders].map(([f, s]) => [f, [...s].sort()]));
}

/** Every breach of the rules, one message each, naming both files (or the folders of a cycle). */
export function pipelineProblems(graph: Graph): string[] {
  const problems: string[] = [];
  for (const [file, targets] of graph) {
    const from = layerOf(file);
    if (!from) {
      problems.push(
        `${file} is in no pipeline layer: its folder under src/ must be one of PIPELINE in src/core/pipeline.ts`,
      );
      continue;
    }
    for (const target of targets) {
      const to = layerOf(target);
      if (to && to.rank > from.rank) {
        problems.push(
          `${file} (${from.name}) imports ${target} (${to.name}): a lower pipeline layer may not import a higher one`,
        );
      }
    }
  }
  for (const c of cycles(graph)) problems.push(`import cycle: ${c.join(' -> ')} (each reaches the others)`);
  for (const c of cycles(folderGraph(graph)))
    problems.push(`folder cycle: ${c.join(' -> ')} (a file in each imports a file in the next)`);
  return problems;
}
