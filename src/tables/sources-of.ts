/** The artifact files a set of tables reads, in the lock's order: the source line of a chart drawn from them. */
import { ARTIFACT_PATHS, type ArtifactPath } from '../admission/schemas.ts';
import { cellSource, type TableSpec } from './spec.ts';

export function chartFiles(tables: readonly TableSpec[]): ArtifactPath[] {
  const files = new Set<ArtifactPath>();
  for (const t of tables) {
    for (const row of t.table.rows) {
      for (const c of row) {
        const s = cellSource(c);
        if (s?.type === 'artifact') files.add(s.file);
        // A figure computed from leaves names them as `file#pointer`.
        if (s?.type === 'derived')
          for (const input of s.inputs)
            if ((ARTIFACT_PATHS as readonly string[]).includes(input.split('#')[0]!))
              files.add(input.split('#')[0] as ArtifactPath);
      }
    }
  }
  return ARTIFACT_PATHS.filter((p) => files.has(p));
}
