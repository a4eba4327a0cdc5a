/** The one way to walk the built site: every HTML page under dist/, and every image drawn from data, in a stable order. */
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

interface BuiltPage {
  readonly path: string;
  /** Relative to dist/, with forward slashes: how guards name the page. */
  readonly rel: string;
}

/** Every page the build wrote; Pagefind's own folder holds no page of ours. */
export function builtPages(dist: string): BuiltPage[] {
  return readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name))
    .map((path) => ({ path, rel: relative(dist, path).split(sep).join('/') }))
    .filter((p) => !p.rel.startsWith('pagefind/'))
    .sort((a, b) => a.rel.localeCompare(b.rel));
}

/** The files directly in `dirs` under dist/ whose names end with `suffix`, in a stable order; a folder that is not there holds none. */
function filesIn(dist: string, dirs: readonly string[], suffix: string): BuiltPage[] {
  return dirs
    .flatMap((dir) => {
      try {
        return readdirSync(join(dist, dir), { withFileTypes: true })
          .filter((e) => e.isFile() && e.name.endsWith(suffix))
          .map((e) => join(dist, dir, e.name));
      } catch {
        return [];
      }
    })
    .map((path) => ({ path, rel: relative(dist, path).split(sep).join('/') }))
    .sort((a, b) => a.rel.localeCompare(b.rel));
}

/** Every image the build drew as SVG from the site's data (share cards and chart images), in a stable order. */
export const builtImages = (dist: string): BuiltPage[] => filesIn(dist, ['share', 'data'], '.svg');

/** Every table download's sidecar (data/<table>.csv.meta.json), in a stable order. */
export const builtSidecars = (dist: string): BuiltPage[] => filesIn(dist, ['data'], '.csv.meta.json');
