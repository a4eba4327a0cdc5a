/** P7's evidence from its own numbers: identical blocks, each F-score, the weighted F-score, the category counts. */
import { toPointer } from '../admission/pointer.ts';
import { roundPython } from '../core/python-round.ts';
import type { Artifacts } from '../admission/types.ts';
import { compare, type Comparison, type Rederivation } from './types.ts';
import { say } from '../core/strings.ts';

const F = 'results/catf1.json' as const;

/** The splits on which two predictors' per-category blocks are identical, column for column: P7's comparison, in one place. */
export function identicalBlocks(a: Artifacts, [x, y]: readonly [string, string]): string[] {
  const splits = [...new Set(a.catf1.rows.map((r) => r.split))];
  return splits.filter((split) => {
    const bx = a.catf1.rows.find((r) => r.split === split && r.predictor === x);
    const by = a.catf1.rows.find((r) => r.split === split && r.predictor === y);
    return bx !== undefined && by !== undefined && JSON.stringify(bx.per_category) === JSON.stringify(by.per_category);
  });
}

export const catf1Rederivation: Rederivation = {
  name: 'category-scores',
  title: 'Per-category and weighted F-scores',
  explanation: say('rederive/catf1.explanation'),
  source: 'src/rederive/catf1.ts',
  properties: ['P7'],
  run: (a) => {
    const out: Comparison[] = [];
    a.catf1.rows.forEach((row, i) => {
      const cats = Object.entries(row.per_category);
      for (const [label, c] of cats) {
        const f1 = c.precision + c.recall === 0 ? 0 : (2 * c.precision * c.recall) / (c.precision + c.recall);
        out.push(compare(F, toPointer(['rows', i, 'per_category', label, 'f1']), c.f1, f1, 1e-12));
      }
      const support = cats.reduce((s, [, c]) => s + c.support, 0);
      const weighted = support === 0 ? 0 : cats.reduce((s, [, c]) => s + c.f1 * c.support, 0) / support;
      out.push(compare(F, toPointer(['rows', i, 'weighted_f1']), row.weighted_f1, roundPython(weighted, 10)));
      const withSupport = cats.filter(([, c]) => c.support > 0);
      out.push(
        compare(F, toPointer(['rows', i, 'categories_with_support']), row.categories_with_support, withSupport.length),
      );
      out.push(
        compare(
          F,
          toPointer(['rows', i, 'categories_at_full_recall']),
          row.categories_at_full_recall,
          withSupport.filter(([, c]) => c.recall === 1).length,
        ),
      );
    });
    out.push(
      compare(
        F,
        '/identical_per_category_block',
        a.catf1.identical_per_category_block,
        identicalBlocks(a, a.catf1.differ_only_in_where),
      ),
    );
    return out;
  },
};
