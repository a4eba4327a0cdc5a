/** Per property: the lines of TRAIL's scorer it concerns (all within the scorer line map). */
import type { PropertyName } from '../core/names.ts';
import type { Audit } from '../audit/assemble.ts';
import { SCORER_LINES, scorerUrl, type ScorerLine } from './scorer-lines.ts';

type Citation = ScorerLine | readonly [ScorerLine, ScorerLine];

export const PROPERTY_SCORER_LINES: Record<PropertyName, readonly Citation[]> = {
  P1: [53, 54, 57, 58, 312],
  P2: [49, 57, 58],
  P3: [157, 242],
  P4: [[12, 30], 45, [64, 66]],
  P5: [21, 26, [115, 122]],
  P6: [14, 17, 26],
  P7: [[61, 70], 298, 312, 314],
  P8: [45, 46, 49, 50],
  P9: [],
};

/** The scorer lines a property concerns, each with what it holds and its address at the pinned commit. */
export function scorerLinesOf(a: Audit, name: PropertyName) {
  const { trail_repository, pinned_commit, scorer_path } = a.pins;
  return PROPERTY_SCORER_LINES[name].map((c) => {
    const [from, to] = typeof c === 'number' ? [c, c] : c;
    return {
      from,
      to,
      what: SCORER_LINES[from],
      url: scorerUrl(trail_repository, pinned_commit, scorer_path, from, to),
    };
  });
}

export function citationSpec(c: Citation): `${number}` | `${number}-${number}` {
  return typeof c === 'number' ? `${c}` : `${c[0]}-${c[1]}`;
}
