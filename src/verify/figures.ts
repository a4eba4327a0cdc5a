/** Every figure the census lists, against the value this browser recomputes and formats with the build's own code. */
import { artifactAt } from '../admission/artifacts.ts';
import { resolvePointer } from '../admission/pointer.ts';
import { ARTIFACT_PATHS, type ArtifactPath } from '../admission/schemas.ts';
import type { Audit } from '../audit/assemble.ts';
import { inventory } from '../measures/inventory.ts';
import { NAMED_DERIVATIONS, isDerivationName } from '../measures/named.ts';
import { formatFigure, KINDS, type Kind } from '../provenance/format.ts';
import { PAPER_FIGURES } from '../provenance/paper.ts';
import { PAPER_YEAR } from '../provenance/sources.ts';
import { rederivedBy, type Figure } from '../provenance/provenance.ts';
import { shortestReachingTable } from '../tables/normaliser.ts';
import type { CensusFigure } from './census.ts';

export interface FigureCheck {
  readonly figure: CensusFigure;
  /** The text this browser would show, or the texts it accepts where a derivation names several figures. */
  readonly ours: readonly string[];
  readonly ok: boolean;
  /** Why this browser does not recompute it, when it does not. */
  readonly notHere?: string;
}

/** Figures about the site's own files, which the audit's six files cannot recompute. */
const NOT_HERE: Readonly<Record<string, string>> = {
  'admission/history': "counts this site's change records (audit-changes/), not the audit's files",
};

/** The values of the derivations that components compute inline (their names in the markup), by name. */
function derivedValues(audit: Audit, figures: readonly CensusFigure[]): Map<string, number[]> {
  const values = new Map<string, number[]>();
  const add = (name: string, value: number) => values.set(name, [...(values.get(name) ?? []), value]);
  const addFigure = (f: Figure) => f.source.type === 'derived' && add(f.source.name, f.value);
  for (const c of audit.checks) for (const f of c.facts) add(`admission/${c.id}`, f.value);
  add('rederive/count', audit.rederivations.length);
  add('rederive/leaves', audit.rederived.size);
  for (const r of audit.rederivations) add(`rederive/${r.name}`, r.comparisons.length);
  add(
    'index/traces',
    Object.values(audit.index.splits).reduce((n, s) => n + Object.keys(s).length, 0),
  );
  for (const row of inventory(audit))
    Object.values(row).forEach((f: Figure | string) => typeof f !== 'string' && addFigure(f));
  for (const row of shortestReachingTable(audit).table.rows) for (const c of row) if ('fig' in c) addFigure(c.fig);
  // The census of figures the method page states, counted again from the census itself.
  const counted = figures.filter((f) => f.derivation !== 'site/figure-census');
  const count = (test: (f: CensusFigure) => boolean) => counted.filter(test).length;
  const rederived = count((f) => f.source === 'artifact' && f.rederived !== undefined);
  for (const v of [
    counted.length,
    rederived,
    count((f) => f.source === 'artifact' && f.rederived === undefined),
    count((f) => f.source === 'derived'),
    count((f) => f.source === 'lock'),
    count((f) => f.source === 'paper'),
    counted.length === 0 ? 0 : rederived / counted.length,
  ])
    add('site/figure-census', v);
  return values;
}

function recomputed(
  audit: Audit,
  f: CensusFigure,
  inline: Map<string, number[]>,
): { values: unknown[]; mark?: string | undefined } {
  switch (f.source) {
    case 'artifact':
      if (!ARTIFACT_PATHS.includes(f.file as ArtifactPath)) return { values: [] };
      return {
        values: [resolvePointer(artifactAt(audit, f.file as ArtifactPath), f.pointer ?? '')],
        mark: rederivedBy(audit, f.file!, f.pointer ?? ''),
      };
    case 'lock':
      return { values: [resolvePointer(audit.lock, f.pointer ?? '')] };
    case 'paper':
      return {
        values: [...Object.values(PAPER_FIGURES), PAPER_YEAR]
          .filter((p) => p.source.type === 'paper' && p.source.citation === f.citation)
          .map((p) => p.value),
      };
    case 'derived': {
      const name = f.derivation ?? '';
      if (isDerivationName(name)) return { values: [NAMED_DERIVATIONS[name](audit).value] };
      return { values: inline.get(name) ?? [] };
    }
    default:
      return { values: [] };
  }
}

/** A value in the figure's format; none when the format refuses it (a fraction as a count). */
function formatted(value: number, kind: Kind): string[] {
  try {
    return [formatFigure(value, kind)];
  } catch {
    return [];
  }
}

export function checkFigures(audit: Audit, figures: readonly CensusFigure[]): FigureCheck[] {
  const inline = derivedValues(audit, figures);
  return figures.map((figure) => {
    const kind = KINDS.includes(figure.kind as Kind) ? (figure.kind as Kind) : undefined;
    const { values, mark } = recomputed(audit, figure, inline);
    const ours = [...new Set(values.flatMap((v) => (kind && typeof v === 'number' ? formatted(v, kind) : [])))];
    const notHere = NOT_HERE[figure.derivation ?? ''];
    if (notHere) return { figure, ours, ok: true, notHere };
    const ok = ours.includes(figure.shown) && (figure.source !== 'artifact' || mark === figure.rederived);
    return { figure, ours, ok };
  });
}
