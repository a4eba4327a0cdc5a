/** Chart snapshots: each chart, rendered from the synthetic audit, against its committed SVG in tests/output/. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import * as plots from '../plots/index.ts';
import { firstDifference, matchSnapshot } from '../support/snapshot.ts';
import { syntheticAudit } from '../support/synthetic-audit.ts';

const audit = await syntheticAudit();

describe('chart snapshots (synthetic audit)', () => {
  for (const [name, render] of Object.entries(plots)) {
    test(name, () => {
      const chart = render(audit);
      assert.ok(chart.alt.length > 0, 'every chart has a text alternative');
      assert.ok(chart.data.length > 0, 'every chart names the tables holding its values');
      // The rendering is deterministic: ids are numbered per chart, not by a global counter.
      assert.deepEqual(render(audit).svg, chart.svg);
      // Drawn at desktop and at phone width; one element per line, so a mismatch points at the element that changed.
      matchSnapshot(`${name}.svg`, `${chart.svg.wide.replaceAll('><', '>\n<')}\n`);
      matchSnapshot(`${name}.phone.svg`, `${chart.svg.narrow.replaceAll('><', '>\n<')}\n`);
    });
  }
  test('a mismatch names the line and column where the rendering departs', () => {
    assert.equal(
      firstDifference('<svg>\n<g id="a">\n</svg>', '<svg>\n<g id="b">\n</svg>'),
      'line 2, column 8\n  committed: "<g id=\\"a\\">"\n  rendered:  "<g id=\\"b\\">"',
    );
    assert.equal(firstDifference('same', 'same'), undefined);
  });
});
