/** Tables from the category scores (P7). */
import type { Audit } from '../audit/assemble.ts';
import { figCell, keyCell, wordsCell } from './cells.ts';
import { cols, num, slug, type TableSpec } from './spec.ts';
import { say } from '../core/strings.ts';

const F = 'results/catf1.json' as const;

export function perCategoryTable(a: Audit): TableSpec {
  return {
    id: 'table-per-category',
    caption: say('tables/catf1.perCategoryTable.caption'),
    table: {
      columns: cols(
        'split',
        'predictor',
        num('joint'),
        num('location'),
        num('weighted F-score'),
        num(say('tables/catf1.full-recall')),
        num('categories with support'),
      ),
      rows: a.catf1.rows.map((_, i) => [
        wordsCell(a, F, ['rows', i, 'split']),
        wordsCell(a, F, ['rows', i, 'predictor']),
        figCell(a, F, ['rows', i, 'joint_accuracy'], 'score'),
        figCell(a, F, ['rows', i, 'location_accuracy'], 'score'),
        figCell(a, F, ['rows', i, 'weighted_f1'], 'f1'),
        figCell(a, F, ['rows', i, 'categories_at_full_recall'], 'integer'),
        figCell(a, F, ['rows', i, 'categories_with_support'], 'integer'),
      ]),
    },
  };
}

export interface BlockSpec extends TableSpec {
  readonly split: string;
  /** The row index of the split in catf1's rows, for the split name's provenance. */
  readonly row: number;
}

/** Per split, the two predictors that differ only in where, side by side. */
export function perCategoryBlockTables(a: Audit): BlockSpec[] {
  const [x, y] = a.catf1.differ_only_in_where;
  return a.catf1.identical_per_category_block.map((split) => {
    const ix = a.catf1.rows.findIndex((r) => r.split === split && r.predictor === x);
    const iy = a.catf1.rows.findIndex((r) => r.split === split && r.predictor === y);
    if (ix < 0 || iy < 0) throw new Error(`${F} has no rows for ${x} and ${y} on ${split}`);
    const cell = (row: number, label: string, k: 'precision' | 'recall' | 'f1') =>
      figCell(a, F, ['rows', row, 'per_category', label, k], 'score');
    return {
      id: `table-per-category-block-${slug(split)}`,
      caption: say('tables/catf1.perCategoryBlockTables.caption'),
      split,
      row: ix,
      table: {
        columns: cols(
          'category',
          num(say('tables/catf1.label')),
          num('precision, every span'),
          num('precision, one span'),
          num('recall, every span'),
          num('recall, one span'),
          num('F-score, every span'),
          num('F-score, one span'),
        ),
        rows: Object.keys(a.catf1.rows[ix]!.per_category).map((label) => [
          keyCell(F, ['rows', ix, 'per_category'], label),
          figCell(a, F, ['rows', ix, 'per_category', label, 'support'], 'count'),
          cell(ix, label, 'precision'),
          cell(iy, label, 'precision'),
          cell(ix, label, 'recall'),
          cell(iy, label, 'recall'),
          cell(ix, label, 'f1'),
          cell(iy, label, 'f1'),
        ]),
      },
    };
  });
}
