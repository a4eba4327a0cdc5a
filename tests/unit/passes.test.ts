/** The post-build passes on single pages: script hashes, print references and the figure census. */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import { hashInlineScripts } from '../../src/passes/csp-hashes.ts';
import { ProblemError } from '../../src/core/problem.ts';
import { SCRIPT_SOURCES } from '../../src/site/csp.ts';
import { addPrintReferences } from '../../src/passes/print-references.ts';
import { censusOf, countFigures, fillCensus } from '../../src/passes/figure-census.ts';

describe('script hashes for the content security policy', () => {
  const policy = `<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src ${SCRIPT_SOURCES}">`;
  test("an inline script's hash is added to its page's policy; a page without one is left as it is", () => {
    const body = 'console.log(1);';
    const page = `<html><head>${policy}</head><body><script>${body}</script><script src="/a.js"></script></body></html>`;
    const hash = `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
    assert.ok(hashInlineScripts(page, 'a.html').includes(`script-src ${SCRIPT_SOURCES} ${hash}`));
    const plain = `<html><head>${policy}</head><body><script src="/a.js"></script></body></html>`;
    assert.equal(hashInlineScripts(plain, 'b.html'), plain);
  });
  test('an inline script on a page with no policy to add its hash to is refused, naming the page', () => {
    assert.throws(
      () => hashInlineScripts('<html><head></head><body><script>x()</script></body></html>', 'search/index.html'),
      (e: unknown) =>
        e instanceof ProblemError &&
        /search\/index\.html/.test(e.message) &&
        /no Content-Security-Policy/.test(e.message),
    );
  });
});

describe('print references', () => {
  test('each external address in the main content gets one number, in order of first use, and the page a list of them', () => {
    const page =
      '<html><body><nav><a href="https://x.org/nav">n</a></nav><main><a href="https://a.org/">a</a> <a href="/local/">l</a> <a href="https://b.org/">b</a> <a href="https://a.org/">again</a></main></body></html>';
    const out = addPrintReferences(page);
    assert.match(
      out,
      /<a href="https:\/\/a\.org\/" data-ref="1">a<\/a> <a href="\/local\/">l<\/a> <a href="https:\/\/b\.org\/" data-ref="2">b<\/a> <a href="https:\/\/a\.org\/" data-ref="1">again/,
    );
    assert.match(out, /<ol><li>https:\/\/a\.org\/<\/li><li>https:\/\/b\.org\/<\/li><\/ol><\/section><\/main>/);
    assert.match(out, /<nav><a href="https:\/\/x\.org\/nav">n<\/a><\/nav>/, 'links outside <main> are left alone');
  });
  test('a page that links nowhere outside, or has no main, is returned as it is', () => {
    for (const page of [
      '<html><body><main><a href="/a/">a</a></main></body></html>',
      '<html><body><a href="https://a.org/">a</a></body></html>',
    ])
      assert.equal(addPrintReferences(page), page);
  });
});

describe('figure census', () => {
  const fig = (kind: string, source: string, extra = '') =>
    `<span data-fig="${kind}" data-source="${source}"${extra}>x</span>`;
  test('counts numeric figures by provenance, leaving out identifiers, sources and its own placeholders', () => {
    const html = [
      fig('score', 'artifact', ' data-rederived="r"'),
      fig('count', 'artifact'),
      `<td data-fig="ratio" data-source="derived">1</td>`,
      fig('integer', 'lock'),
      fig('percent', 'paper'),
      fig('id', 'lock'),
      '<code data-fig="source">a.ts</code>',
      fig('count', 'derived', ' data-census="total"'),
    ].join('');
    assert.deepEqual(countFigures(html), { total: 5, rederived: 1, reported: 1, computed: 1, lock: 1, paper: 1 });
    assert.deepEqual(censusOf([html, html]), {
      total: 10,
      rederived: 2,
      reported: 2,
      computed: 2,
      lock: 2,
      paper: 2,
      share: 0.2,
    });
  });
  test('fills each placeholder with the formatted figure and its raw value', () => {
    const census = { total: 1234, rederived: 617, reported: 0, computed: 0, lock: 0, paper: 0, share: 0.5 };
    const page =
      '<span data-census="share" data-raw="census:share"><span class="fig-v" data-census-value="share">?</span></span><span data-census="total" data-raw="census:total"><span class="fig-v" data-census-value="total">?</span></span>';
    const { html, filled } = fillCensus(page, census);
    assert.equal(filled, 2);
    assert.equal(
      html,
      '<span data-census="share" data-raw="0.5"><span class="fig-v">50.0%</span></span><span data-census="total" data-raw="1234"><span class="fig-v">1,234</span></span>',
    );
    assert.deepEqual(fillCensus('<p>none</p>', census), { html: '<p>none</p>', filled: 0 });
  });
});
