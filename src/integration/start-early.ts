/**
 * What a build starts before admit.ts (and most of the admission code) has loaded, while the
 * second core is otherwise idle: the method page's sources start highlighting (their files
 * are the re-derivations' own, whatever the artifacts hold) and, for `astro build`, the
 * image drawing processes start, idle until the first image is made. Both only start work the
 * build would do anyway; neither decides anything.
 */
import { startHighlighting } from '../audit/highlighted-sources.ts';
import { REDERIVATIONS } from '../rederive/index.ts';
import { Drawings } from '../passes/rasterise.ts';

/** Starts the highlighting and, when `building`, the drawing processes, which it returns. */
export function startEarly(building: boolean): Drawings | undefined {
  startHighlighting(process.cwd(), [...new Set(REDERIVATIONS.map((r) => r.source))]);
  if (!building) return undefined;
  const drawings = new Drawings();
  drawings.start();
  return drawings;
}
