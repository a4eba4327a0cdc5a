/** Figures derived from the adversarial run: the absent locations, and the ceiling's inputs. */
import type { Audit } from '../audit/assemble.ts';
import { toPointer } from '../admission/pointer.ts';
import { derived, ref } from '../provenance/provenance.ts';
import { splitNames } from './splits.ts';

/** P2 as the audit renders it: every off-index location, duplicates kept, and the splits holding them. */
export function absentLocations(audit: Audit) {
  const splits = splitNames(audit);
  const lists = splits.flatMap((s) => Object.values(audit.adversarial.splits[s]!.locations_off_the_index));
  return {
    count: derived(
      'absent-locations/count',
      lists.reduce((n, l) => n + l.length, 0),
      'integer',
      splits.map((s) => ref('results/adversarial.json', toPointer(['splits', s, 'locations_off_the_index']))),
    ),
    bySplit: splits
      .map((split) => ({ split, traces: Object.keys(audit.adversarial.splits[split]!.locations_off_the_index) }))
      .filter((s) => s.traces.length > 0),
  };
}
