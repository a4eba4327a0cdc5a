/** The one way to walk the built site: every HTML page under dist/, and every image drawn from data, in a stable order. */
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export interface BuiltPage {
  /** Absolute path on disk. */
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

/** Every image the build drew as SVG from the site's data (share cards and chart images), in a stable order. */
export function builtImages(dist: string): BuiltPage[] {
  return ['share', 'data']
    .flatMap((dir) => {
      try {
        return readdirSync(join(dist, dir), { withFileTypes: true })
          .filter((e) => e.isFile() && e.name.endsWith('.svg'))
          .map((e) => join(dist, dir, e.name));
      } catch {
        return [];
      }
    })
    .map((path) => ({ path, rel: relative(dist, path).split(sep).join('/') }))
    .sort((a, b) => a.rel.localeCompare(b.rel));
}

/** Every table download's sidecar (data/<table>.csv.meta.json), in a stable order. */
export function builtSidecars(dist: string): BuiltPage[] {
  try {
    return readdirSync(join(dist, 'data'), { withFileTypes: true })
      .filter((e) => e.isFile() && e.name.endsWith('.csv.meta.json'))
      .map((e) => join(dist, 'data', e.name))
      .map((path) => ({ path, rel: relative(dist, path).split(sep).join('/') }))
      .sort((a, b) => a.rel.localeCompare(b.rel));
  } catch {
    return [];
  }
}
