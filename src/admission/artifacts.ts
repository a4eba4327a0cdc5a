/** The one mapping from an artifact's path to where its parsed content sits in the admitted audit. */
import type { ArtifactPath } from './schemas.ts';
import type { Artifacts } from './types.ts';

export const ARTIFACT_KEYS = {
  'index/spans.json': 'index',
  'results/adversarial.json': 'adversarial',
  'results/datacheck.json': 'datacheck',
  'results/normaliser.json': 'normaliser',
  'results/catf1.json': 'catf1',
  'results/pairing.json': 'pairing',
} as const satisfies Record<ArtifactPath, keyof Artifacts>;

export function artifactAt<P extends ArtifactPath>(a: Artifacts, path: P): Artifacts[(typeof ARTIFACT_KEYS)[P]] {
  return a[ARTIFACT_KEYS[path]];
}
