/** The site repository's address becomes a link on every page: checked like SITE_URL and SITE_BASE (issue #21, item 7). */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SettingError } from '../../src/core/setting-error.ts';
import { siteRepository } from '../../src/site/repository.ts';
import { siteSettings } from '../../src/site/settings.ts';
import { readSiteRevision } from '../../src/site/site-revision.ts';
import { PROJECT } from '../support/fixture.ts';

const refused = (fn: () => unknown, variable: string) =>
  assert.throws(
    fn,
    (e: unknown) =>
      e instanceof SettingError &&
      e.variable === variable &&
      e.message.startsWith(`Setting refused: ${variable} must be`),
  );

describe('SITE_REPOSITORY', () => {
  for (const bad of [
    ' javascript:alert(1)',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'https://github.com/owner/name\t',
    '\thttps://github.com/owner/name',
    'https://github.com/own er/name',
    'https://github.com/owner/name\u0000',
    'http://github.com/owner/name',
    'https://user:pass@github.com/owner/name',
    'https://github.com/owner/name?x=1',
    'https://github.com/owner/name#x',
    'https://github.com/owner/name/tree/main',
    'https://github.com/../name',
    'https:/github.com/owner/name',
    '//github.com/owner/name',
    'owner/..',
    'owner',
    'owner/name/extra',
  ]) {
    test(`refuses ${JSON.stringify(bad)}, before anything runs and where the revision is read`, () => {
      refused(() => siteSettings({ SITE_REPOSITORY: bad }), 'SITE_REPOSITORY');
      refused(() => readSiteRevision(PROJECT, { SITE_REPOSITORY: bad }), 'SITE_REPOSITORY');
    });
  }
  test('accepts owner/name (at github.com) and the https address, with or without a trailing slash', () => {
    assert.equal(
      siteRepository({ SITE_REPOSITORY: 'owner/trail-audit-site' }),
      'https://github.com/owner/trail-audit-site',
    );
    assert.equal(
      siteRepository({ SITE_REPOSITORY: 'https://github.com/owner/trail-audit-site' }),
      'https://github.com/owner/trail-audit-site',
    );
    assert.equal(
      siteRepository({ SITE_REPOSITORY: 'https://github.com/owner/trail-audit-site/' }),
      'https://github.com/owner/trail-audit-site',
    );
    assert.equal(
      siteRepository({ SITE_REPOSITORY: 'https://git.example.com:8443/o/r.x' }),
      'https://git.example.com:8443/o/r.x',
    );
    assert.equal(siteRepository({}), undefined);
  });
});

describe('GITHUB_REPOSITORY and GITHUB_SERVER_URL', () => {
  test('as GitHub Actions sets them', () => {
    assert.equal(siteRepository({ GITHUB_REPOSITORY: 'owner/name' }), 'https://github.com/owner/name');
    assert.equal(
      siteRepository({ GITHUB_REPOSITORY: 'owner/name', GITHUB_SERVER_URL: 'https://ghe.example.com' }),
      'https://ghe.example.com/owner/name',
    );
  });
  for (const bad of [' owner/name', 'owner/name\n', 'javascript:alert(1)', 'https://github.com/owner/name']) {
    test(`refuses GITHUB_REPOSITORY=${JSON.stringify(bad)}`, () =>
      refused(() => siteSettings({ GITHUB_REPOSITORY: bad }), 'GITHUB_REPOSITORY'));
  }
  for (const bad of [
    'javascript:alert(1)//',
    'http://github.com',
    ' https://github.com',
    'https://github.com/path',
    'https://u@github.com',
    'data:,x',
  ]) {
    test(`refuses GITHUB_SERVER_URL=${JSON.stringify(bad)}`, () =>
      refused(() => siteSettings({ GITHUB_REPOSITORY: 'owner/name', GITHUB_SERVER_URL: bad }), 'GITHUB_SERVER_URL'));
  }
});

describe("git's origin remote, where the environment names no repository", () => {
  test('an https or GitHub ssh address is read as the repository; any other form is not', () => {
    for (const url of [
      'https://github.com/o/n.git',
      'https://github.com/o/n',
      'git@github.com:o/n.git',
      'ssh://git@github.com/o/n.git',
    ])
      assert.equal(siteRepository({}, url), 'https://github.com/o/n', url);
    for (const url of ['/srv/n.git', 'file:///srv/n.git', 'http://github.com/o/n', undefined])
      assert.equal(siteRepository({}, url), undefined, url);
    assert.equal(siteRepository({ GITHUB_REPOSITORY: 'a/b' }, 'git@github.com:o/n.git'), 'https://github.com/a/b');
  });
  test('a remote that reads as an address but is not a plain one is refused as the setting', () => {
    refused(
      () => siteRepository({}, 'https://github.com/o/n javascript:x'),
      "SITE_REPOSITORY (unset: read from git's remote.origin.url)",
    );
  });
});
