/** Settings checked before any work (issue #10): the site's address, publishing, and where downloads come from. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SettingError } from '../../src/core/setting-error.ts';
import { downloadBase } from '../../src/admission/settings.ts';
import { siteSettings } from '../../src/site/settings.ts';

const refused = (fn: () => unknown, variable: string) =>
  assert.throws(
    fn,
    (e: unknown) =>
      e instanceof SettingError &&
      e.variable === variable &&
      e.message.startsWith(`Setting refused: ${variable} must be`),
  );

describe('SITE_BASE', () => {
  for (const bad of [
    '//evil.example/',
    '/r%20x/',
    '/a?b/',
    '/a#b/',
    'a/',
    '/a',
    '/../',
    '/a/./',
    '/a\\b/',
    'https://evil.example/',
    '/a//b/',
  ]) {
    test(`refuses ${JSON.stringify(bad)}`, () => refused(() => siteSettings({ SITE_BASE: bad }), 'SITE_BASE'));
  }
  for (const good of ['/', '/trail-scorer-audit/', '/a/b.c_d~e/']) {
    test(`accepts ${JSON.stringify(good)}`, () => assert.equal(siteSettings({ SITE_BASE: good }).base, good));
  }
});

describe('SITE_URL and publishing', () => {
  test('a local build defaults to localhost', () =>
    assert.deepEqual(siteSettings({}), { site: 'http://localhost:4321', base: '/', publishing: false }));
  test('a build meant for publishing refuses to run without SITE_URL', () => {
    refused(() => siteSettings({ SITE_PUBLISH: '1' }), 'SITE_URL');
    refused(() => siteSettings({ GITHUB_ACTIONS: 'true' }), 'SITE_URL');
  });
  test('.ci/run (CI=true, not GitHub Actions) is not publishing', () =>
    assert.equal(siteSettings({ CI: 'true' }).publishing, false));
  test('a build meant for publishing refuses a localhost SITE_URL', () =>
    refused(() => siteSettings({ SITE_PUBLISH: '1', SITE_URL: 'https://localhost' }), 'SITE_URL'));
  for (const bad of [
    'http://owner.github.io',
    'owner.github.io',
    'https://owner.github.io/path',
    'https://owner.github.io/?q',
    'https://owner.github.io/#f',
    'https://u:p@owner.github.io',
    'javascript:alert(1)',
  ]) {
    test(`refuses SITE_URL=${JSON.stringify(bad)}`, () => refused(() => siteSettings({ SITE_URL: bad }), 'SITE_URL'));
  }
  test('accepts an https origin, with or without the trailing slash', () => {
    assert.equal(
      siteSettings({ SITE_URL: 'https://owner.github.io/', SITE_PUBLISH: '1' }).site,
      'https://owner.github.io',
    );
    assert.equal(siteSettings({ SITE_URL: 'http://127.0.0.1:4332' }).site, 'http://127.0.0.1:4332');
  });
  test('SITE_PUBLISH is 1 or 0', () => refused(() => siteSettings({ SITE_PUBLISH: 'yes' }), 'SITE_PUBLISH'));
});

describe('AUDIT_DOWNLOAD_BASE', () => {
  test('defaults to GitHub over https', () => assert.equal(downloadBase({}), 'https://raw.githubusercontent.com/'));
  test('plain http is refused without the explicit flag', () => {
    refused(() => downloadBase({ AUDIT_DOWNLOAD_BASE: 'http://mirror.example/' }), 'AUDIT_DOWNLOAD_BASE');
    assert.equal(
      downloadBase({ AUDIT_DOWNLOAD_BASE: 'http://127.0.0.1:9', AUDIT_DOWNLOAD_INSECURE: '1' }),
      'http://127.0.0.1:9/',
    );
  });
  test('credentials, queries and fragments are refused', () => {
    for (const bad of [
      'https://u:p@mirror.example/',
      'https://mirror.example/?x=',
      'https://mirror.example/#x',
      'not a url',
    ])
      refused(() => downloadBase({ AUDIT_DOWNLOAD_BASE: bad }), 'AUDIT_DOWNLOAD_BASE');
  });
});

test('a refused setting prints no raw control, bidi or zero-width character', () => {
  const e = new SettingError('SITE_BASE', 'a path', JSON.stringify('/\u202egnp.exe/\u009b2J\u200b'));
  assert.doesNotMatch(e.message, /[\u202e\u009b\u200b]/);
  assert.match(e.message, /\\u\{202e\}gnp\.exe\/\\u\{9b\}2J\\u\{200b\}/);
});
