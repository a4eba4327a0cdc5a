/** The census /verify/ checks: each numeric figure of a page, with its provenance and its text as shown. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { figuresOf } from '../../src/passes/verify-census.ts';

test('reads a figure span, a compact table cell and a derived figure; skips words and identifiers', () => {
  const html = [
    '<span data-fig="count" data-source="artifact" data-file="results/datacheck.json" data-pointer="/corpus/files"',
    ' data-rederived="spans" class="fig"><span class="fig-v">296</span><span class="fig-p">note 7</span></span>',
    '<td data-fig="score" data-source="artifact" data-file="results/catf1.json" data-pointer="/rows/0/f1">0.973',
    '<span class="flag">!</span></td>',
    '<span data-fig="integer" data-source="derived" data-derivation="index/traces" class="fig compact">148</span>',
    '<span data-fig="words" data-source="artifact" data-file="results/catf1.json" data-pointer="/x">12 words</span>',
    '<code data-fig="id" data-source="lock" data-pointer="/files/0/commit">abc1</code>',
  ].join('');
  assert.deepEqual(figuresOf(html, 'properties/p3/index.html'), [
    {
      page: 'properties/p3/',
      kind: 'count',
      source: 'artifact',
      file: 'results/datacheck.json',
      pointer: '/corpus/files',
      derivation: undefined,
      citation: undefined,
      rederived: 'spans',
      shown: '296',
    },
    {
      page: 'properties/p3/',
      kind: 'score',
      source: 'artifact',
      file: 'results/catf1.json',
      pointer: '/rows/0/f1',
      derivation: undefined,
      citation: undefined,
      rederived: undefined,
      shown: '0.973',
    },
    {
      page: 'properties/p3/',
      kind: 'integer',
      source: 'derived',
      file: undefined,
      pointer: undefined,
      derivation: 'index/traces',
      citation: undefined,
      rederived: undefined,
      shown: '148',
    },
  ]);
  assert.equal(figuresOf('<p>none</p>', 'index.html').length, 0);
});
