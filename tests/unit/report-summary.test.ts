/** How the report places each finding's evidence: the opening table and the map of counts stay, a finding with a page sends its evidence there, one without keeps it collapsed. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FINDINGS } from '../../src/findings/registry.ts';
import { reportPlacement } from '../../src/findings/report-summary.ts';

test('the opening table stays on the report; evidence with a property page moves there; evidence without one is collapsed', () => {
  const placed = Object.fromEntries(FINDINGS.map((f) => [f.id, reportPlacement(f)]));
  assert.equal(placed['teaser'], 'inline');
  assert.equal(placed['file-counts'], 'collapsed');
  assert.equal(placed['conditions'], 'collapsed');
  assert.equal(placed['committed-files'], 'collapsed');
  for (const f of FINDINGS)
    if (f.id !== 'teaser' && f.id !== 'file-counts' && f.properties.length > 0)
      assert.equal(placed[f.id], 'elsewhere', f.id);
  assert.equal(reportPlacement({ id: 'anything', properties: [] }), 'collapsed');
  assert.equal(reportPlacement({ id: 'anything', properties: ['P3'] }), 'elsewhere');
});
