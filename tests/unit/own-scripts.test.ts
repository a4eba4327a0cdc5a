/** Only our scripts ship (issue #21, item 8): no other script, no meta refresh, no event handler the site does not write. */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { checkOwnScripts } from '../../src/guards/own-scripts.ts';
import { SEARCH_SCRIPT } from '../../src/site/own-scripts.ts';

/** A built site of one page per entry, in a temp folder; returns the guard's findings. */
function guard(pages: Record<string, string>, base = '/'): ReturnType<typeof checkOwnScripts> {
  const dist = mkdtempSync(join(tmpdir(), 'trail-scripts-'));
  try {
    for (const [rel, body] of Object.entries(pages)) {
      mkdirSync(join(dist, rel, '..'), { recursive: true });
      writeFileSync(
        join(dist, rel),
        `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'"></head><body>${body}</body></html>`,
      );
    }
    return checkOwnScripts(dist, base);
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
}

describe('the own-scripts guard', () => {
  test("the site's own scripts pass: Pagefind's file under the base, and the search script by its text", () => {
    assert.deepEqual(
      guard(
        {
          'search/index.html': `<script src="/b/pagefind/pagefind-ui.js"></script><script>${SEARCH_SCRIPT}</script>`,
          'index.html': '<p>text</p>',
        },
        '/b/',
      ),
      [],
    );
  });
  test("/verify/'s bundled module passes on that page only, and only as a module from the base's _astro/", () => {
    const module = '<script type="module" src="/b/_astro/verify.astro_astro_type_script_index_0_lang.X1.js"></script>';
    assert.deepEqual(guard({ 'verify/index.html': module }, '/b/'), []);
    assert.equal(guard({ 'method/index.html': module }, '/b/').length, 1, 'on another page');
    assert.equal(guard({ 'verify/index.html': module.replace(' type="module"', '') }, '/b/').length, 1, 'classic');
    assert.equal(guard({ 'verify/index.html': module.replace('/b/_astro/', '/b/x/') }, '/b/').length, 1, 'elsewhere');
  });
  test('any other inline script is refused, even one a policy would list by hash', () => {
    const [p] = guard({ 'properties/p3/index.html': '<p>x</p><script>alert(1)</script>' });
    assert.equal(p!.file, 'properties/p3/index.html');
    assert.match(p!.message, /an inline script that is none of the site's own.*alert\(1\)/);
    assert.equal(
      guard({ 'search/index.html': `<script>${SEARCH_SCRIPT};alert(1)</script>` }).length,
      1,
      'the search script with anything added',
    );
    assert.equal(guard({ 'a.html': '<svg><script>alert(1)</script></svg>' }).length, 1, 'inside an SVG too');
  });
  test('a script file the site does not load is refused, and so is its own file from another address', () => {
    assert.equal(guard({ 'a.html': '<script src="https://evil.example/x.js"></script>' }).length, 1);
    assert.equal(guard({ 'a.html': '<script src="/pagefind/pagefind-ui.js"></script>' }, '/b/').length, 1);
    assert.equal(guard({ 'a.html': '<script src="/pagefind/pagefind-ui.js">alert(1)</script>' }).length, 1);
  });
  test('a meta refresh is refused, and any http-equiv but the policy', () => {
    const [p] = guard({ 'a.html': '<meta http-equiv="refresh" content="0; url=https://evil.example/">' });
    assert.match(p!.message, /a meta http-equiv the site does not write \(a refresh would send the reader elsewhere\)/);
    assert.equal(guard({ 'a.html': '<meta http-equiv=" Refresh " content="0">' }).length, 1);
    assert.equal(guard({ 'a.html': '<meta http-equiv="set-cookie" content="a=b">' }).length, 1);
  });
  test('an event-handler attribute is refused', () => {
    const problems = guard({
      'a.html': '<img src="x" onerror="alert(1)"><svg onload="alert(1)"></svg><a href="#" ONCLICK="x()">x</a>',
    });
    assert.deepEqual(
      problems.map((p) => p.place),
      ['<img onerror>', '<svg onload>', '<a onclick>'],
    );
  });
});

test('a JSON-LD data block passes when it holds one JSON value, and not when it holds script or loads a file', () => {
  const dist = mkdtempSync(join(tmpdir(), 'own-scripts-ld-'));
  try {
    const page = (head: string) => `<html><head>${head}</head><body><main></main></body></html>`;
    writeFileSync(
      join(dist, 'index.html'),
      page('<script type="application/ld+json">{"@context":"https://schema.org","name":"x"}</script>'),
    );
    assert.deepEqual(checkOwnScripts(dist, '/'), []);
    writeFileSync(join(dist, 'index.html'), page('<script type="application/ld+json">alert(1)</script>'));
    assert.match(
      checkOwnScripts(dist, '/')
        .map((p) => p.message)
        .join(''),
      /a JSON-LD block that is not one JSON value/,
    );
    writeFileSync(
      join(dist, 'index.html'),
      page('<script type="application/ld+json" src="https://evil.example/x.json"></script>'),
    );
    assert.equal(checkOwnScripts(dist, '/').length, 1);
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
});
