/**
 * The charts' drawings, kept between builds (node_modules/.cache/charts). Drawing the
 * site's charts with Plot at both widths took about 0.2 s of every build.
 *
 * A drawing is a function of the audit, the code and the libraries alone (the chart
 * snapshots prove the drawing deterministic), so a build's key is one SHA-256 over all of
 * its inputs: the admitted lock and change history (admission has checked every artifact's
 * bytes against the lock), every file under src/, the project's configuration (how the code
 * is compiled and bundled), npm's record of the installed packages, the Plot bundle in use,
 * the Node version, the site's address and its revision. A chart's entry is keyed by that
 * and the chart's id; any change to any input is a miss, and the chart is drawn again. New
 * drawings are stored only once the build has passed its guards, and only if the key,
 * taken again then, is unchanged: a source edited during the build leaves nothing under a
 * key it does not match. The folder is
 * trusted as node_modules is (it sits beside the prebundles whose code the build runs);
 * an entry that does not read as two drawings is a miss. Only a build sets a key: tests
 * and the dev server (whose code changes while it runs) always draw.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { evictUnused, writeCacheFile } from '../core/cache-files.ts';
import { inputsKey } from '../core/inputs-key.ts';
import { processSlot } from '../core/process-slot.ts';

/** Bump when what an entry holds, or how a key is made, changes meaning. */
const FORMAT = 1;

export interface Drawings {
  readonly wide: string;
  readonly narrow: string;
}

/** Everything a build's drawings depend on besides the code and the libraries, which the key reads from disk. */
export interface DrawingInputs {
  /** The project: src/ is hashed from here. */
  readonly root: string;
  /** The admitted audit's identity: its lock and change history as admitted (admission has checked every artifact's bytes against the lock). */
  readonly audit: string;
  /** The site's origin and base path. */
  readonly site: string;
  readonly base: string;
  /** The site revision as shown (`<commit>` or `<commit>+dirty`). */
  readonly revision: string;
  /** The Plot prebundle the build takes (its file is named by its digest), or 'node_modules'. */
  readonly plot: string;
}

/** The build's key, or undefined when npm left no record of what is installed (then nothing is cached). */
export function drawingsKey(inputs: DrawingInputs): string | undefined {
  const { root, audit, site, base, revision, plot } = inputs;
  return inputsKey({ root, dirs: ['src'], fields: { format: String(FORMAT), audit, site, base, revision, plot }, packageUsed: '@observablehq/plot' });
}

interface Cache {
  readonly dir: string;
  readonly key: string;
  /** The entries this build used, kept by eviction. */
  readonly used: Set<string>;
  /** The ids asked for so far: an id asked for again is drawn, never taken from the cache. */
  readonly asked: Set<string>;
  /** Drawn in this build, by entry path: stored by commitDrawings. */
  readonly fresh: Map<string, Drawings>;
}
// Set by the integration, read by the pages' bundle (another copy of this module).
const slot = processSlot<Cache>('chart-drawings');

/** From now on, charts are looked up in `dir` under `key`. */
export function useDrawingsCache(dir: string, key: string): void {
  slot.set({ dir, key, used: new Set(), asked: new Set(), fresh: new Map() });
}

const entryPath = (c: Cache, id: string) => join(c.dir, `${createHash('sha256').update(`${c.key}\0${id}`).digest('hex')}.json`);

function read(path: string): Drawings | undefined {
  try {
    const d = JSON.parse(readFileSync(path, 'utf8')) as unknown;
    if (typeof d !== 'object' || d === null) return undefined;
    const { wide, narrow } = d as Record<string, unknown>;
    return typeof wide === 'string' && typeof narrow === 'string' && /^<svg[\s>]/.test(wide) && /^<svg[\s>]/.test(narrow) ? { wide, narrow } : undefined;
  } catch {
    return undefined;
  }
}

/** Chart `id`'s drawings: from the cache when this build has one and holds them, else drawn by `draw` (and stored). */
export function cachedDrawings(id: string, draw: () => Drawings): Drawings {
  const c = slot.get();
  // An entry stands for the first drawing of its id in a build (the build draws in a fixed order); a later one is drawn.
  if (!c || c.asked.has(id)) return draw();
  c.asked.add(id);
  const path = entryPath(c, id);
  c.used.add(path);
  const hit = read(path);
  if (hit) return hit;
  const drawn = draw();
  c.fresh.set(path, drawn);
  return drawn;
}

/**
 * Stores what this build drew, if `keyNow` (the key taken again once the build has passed)
 * is the one it drew under, and drops entries no build has used for an hour.
 */
export function commitDrawings(keyNow: () => string | undefined): void {
  const c = slot.get();
  if (!c || c.fresh.size === 0) return;
  if (keyNow() === c.key) for (const [path, drawn] of c.fresh) writeCacheFile(path, JSON.stringify({ wide: drawn.wide, narrow: drawn.narrow }));
  c.fresh.clear();
  evictUnused(c.dir, /^[0-9a-f]{64}\.json$/, c.used);
}
