/**
 * Whether results/ or index/ lacks an artifact: what every build asks first. It reads
 * the paths from the zod-free ARTIFACT_KEYS, so the answer "all there" loads no schema
 * or admission code (bring-in.ts is loaded only when something must be brought in).
 */
import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACT_KEYS } from './artifacts.ts';

/** Which of the six files are missing under `root` (looked at, never opened: a FIFO must not hang this). */
export function missingArtifacts(root: string): string[] {
  return Object.keys(ARTIFACT_KEYS).filter((p) => {
    try {
      lstatSync(join(root, p));
      return false;
    } catch {
      return true;
    }
  });
}

export const anyMissing = (root: string): boolean => missingArtifacts(root).length > 0;
