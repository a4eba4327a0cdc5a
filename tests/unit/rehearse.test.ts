/**
 * The check of the folder the deploy job would publish and of the site's manifest (on a small
 * synthetic site, one fault at a time), and the rehearsal stopping where the workflow would.
 * The whole rehearsal, tests included, runs in .ci/run.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, test } from 'node:test';
import { checkUpload } from '../../scripts/ci/upload-check.ts';
import { manifestOf, readFolder } from '../../scripts/lib/archive.ts';
import { siteManifestProblems } from '../../scripts/ci/site-manifest.ts';
import { createHash } from 'node:crypto';
import { CSP, VERIFY_CSP } from '../../src/site/csp.ts';
import { PROJECT } from '../support/fixture.ts';

const SITE = 'https://owner.github.io';
const BASE = '/repo/';
const temps: string[] = [];
after(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'pages-dry-run-test-'));
  temps.push(d);
  return d;
}

const page = (body: string, csp: string | false = CSP) =>
  `<!doctype html><html><head>${csp ? `<meta http-equiv="Content-Security-Policy" content="${csp.replaceAll("'", '&#39;')}">` : ''}` +
  `<link rel="stylesheet" href="/repo/_astro/site.css"></head><body>${body}</body></html>`;

/** A two-page site as upload-pages-artifact would hand it over, with `change` applied to its files. */
function site(change: (files: Record<string, string>) => void = () => {}): string {
  const files: Record<string, string> = {
    'index.html': page('<a href="/repo/p/">a page</a>'),
    'p/index.html': page('<a href="../">home</a>'),
    '_astro/site.css': 'body{margin:0}',
    'sitemap.xml': `<urlset><url><loc>${SITE}${BASE}</loc></url><url><loc>${SITE}${BASE}p/</loc></url></urlset>`,
  };
  change(files);
  const dir = tempDir();
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe('the check of the folder Pages would publish', () => {
  test('passes a sound site', () => {
    const r = checkUpload(site(), SITE, BASE);
    assert.deepEqual(r.problems, []);
    assert.equal(r.pages, 2);
  });

  test('a page without the Content-Security-Policy trips', () => {
    const r = checkUpload(
      site((f) => void (f['p/index.html'] = page('<a href="../">home</a>', false))),
      SITE,
      BASE,
    );
    assert.deepEqual(r.problems, [
      'Content-Security-Policy: 1 page(s) without the policy:\n  p/index.html: missing the meta tag',
    ]);
  });

  test('/verify/ carries its own policy, which reads the raw host; another page with it trips', () => {
    const verify = (f: Record<string, string>) => {
      f['verify/index.html'] = page('<a href="../">home</a>', VERIFY_CSP);
      f['sitemap.xml'] = f['sitemap.xml']!.replace('</urlset>', `<url><loc>${SITE}${BASE}verify/</loc></url></urlset>`);
    };
    assert.deepEqual(checkUpload(site(verify), SITE, BASE).problems, []);
    const r = checkUpload(
      site((f) => {
        verify(f);
        f['p/index.html'] = page('<a href="../">home</a>', VERIFY_CSP);
      }),
      SITE,
      BASE,
    );
    assert.equal(r.problems.length, 1, r.problems.join('\n'));
    assert.match(r.problems[0]!, /p\/index\.html: missing connect-src 'self'/);
  });

  test('a link outside the base path trips', () => {
    const r = checkUpload(
      site((f) => void (f['index.html'] = page('<a href="/p/">a page</a>'))),
      SITE,
      BASE,
    );
    assert.equal(r.problems.length, 1, r.problems.join('\n'));
    assert.match(
      r.problems[0]!,
      /^links: 1 internal link\(s\) or asset\(s\) do not resolve under \/repo\/ in the upload:\n {2}index\.html at <a href="\/p\/">: points at \/p\/, .*outside the base path \/repo\//,
    );
  });

  test('localhost anywhere trips, and so does a sitemap on another address', () => {
    const r = checkUpload(
      site((f) => {
        f['robots.txt'] = 'Sitemap: http://localhost:4321/sitemap.xml';
        f['sitemap.xml'] = f['sitemap.xml']!.replace(`${SITE}${BASE}p/`, 'http://localhost:4321/p/');
      }),
      SITE,
      BASE,
    );
    assert.equal(r.problems.length, 3, r.problems.join('\n'));
    assert.match(
      r.problems[0]!,
      /^sitemap\.xml: 1 address\(es\) not under https:\/\/owner\.github\.io\/repo\/:\n {2}http:\/\/localhost:4321\/p\//,
    );
    assert.match(r.problems[1]!, /^pages in the upload that sitemap\.xml does not name:\n {2}p\/index\.html/);
    assert.match(
      r.problems[2]!,
      /^localhost: 2 file\(s\) name a local address:\n {2}robots\.txt: .*\n {2}sitemap\.xml/,
    );
  });

  test('a page the sitemap names but the upload lacks trips', () => {
    const r = checkUpload(
      site((f) => void delete f['p/index.html']),
      SITE,
      BASE,
    );
    assert.equal(r.problems.length, 2, r.problems.join('\n'));
    assert.match(
      r.problems[0]!,
      /^sitemap\.xml names pages the upload lacks:\n {2}https:\/\/owner\.github\.io\/repo\/p\//,
    );
    assert.match(r.problems[1]!, /points at \/repo\/p\/, which the build did not produce/);
  });
});

describe('the rehearsal stops where the workflow would', () => {
  /** A git repository holding only a workflow, and the rehearsal run in it. */
  function rehearse(steps: string): { code: number; output: string } {
    const repo = tempDir();
    mkdirSync(join(repo, '.github/workflows'), { recursive: true });
    mkdirSync(join(repo, 'mirror/DataScienceVishal'), { recursive: true });
    writeFileSync(
      join(repo, '.github/workflows/pages.yml'),
      `on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@${'a'.repeat(40)}\n${steps}`,
    );
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: repo });
    git('init', '--quiet');
    git('add', '.github');
    git('commit', '--quiet', '-m', 'fixture');
    const r = spawnSync(process.execPath, [join(PROJECT, 'scripts/rehearse.ts')], {
      cwd: repo,
      env: { ...process.env, AUDIT_MIRROR: join(repo, 'mirror') },
      encoding: 'utf8',
    });
    return { code: r.status ?? -1, output: `${r.stdout}${r.stderr}` };
  }

  test('a failing command stops it, with the job, the step, the command and its output', () => {
    const r = rehearse(`      - name: A check that fails\n        run: echo "the reason" && exit 3\n`);
    assert.equal(r.code, 1, r.output);
    assert.match(
      r.output,
      /error: rehearsal: build step 2\. A check that fails failed \(exit 3\): `echo "the reason" && exit 3`\nthe reason/,
    );
  });

  test("the runner environment reaches the steps, and nothing of the caller's settings", () => {
    const r = rehearse(
      `      - run: test "$GITHUB_ACTIONS $CI" = "true true" && test -z "$SITE_BASE" && test ! -e ../../shared\n`,
    );
    assert.match(r.output, /ran {3}2\. test/, r.output);
    assert.match(r.output, /no job ran actions\/upload-pages-artifact/);
  });
});

describe("the site's manifest", () => {
  test('lists every file by SHA-256; a changed, missing or unlisted file trips', () => {
    const dir = site();
    const listed = (d: string) =>
      [...readFolder(d)].map(([path, bytes]) => ({ path, sha256: createHash('sha256').update(bytes).digest('hex') }));
    const manifest = { repository: undefined, commit: 'c', lock: 'l', files: listed(dir) };
    assert.deepEqual(siteManifestProblems(dir, manifest), []);
    writeFileSync(join(dir, 'p/index.html'), 'changed');
    writeFileSync(join(dir, 'extra.txt'), 'x');
    rmSync(join(dir, '_astro/site.css'));
    assert.deepEqual(
      siteManifestProblems(dir, manifest).map((p) => p.replace(/[0-9a-f]{64}/g, 'H')),
      [
        '_astro/site.css: expected SHA-256 H, as site-manifest.json lists; found no file',
        'extra.txt: expected no such file (site-manifest.json does not list it); found SHA-256 H',
        'p/index.html: expected SHA-256 H, as site-manifest.json lists; found SHA-256 H',
      ],
    );
  });
});

describe('the check of the permanent copies in the folder Pages would publish', () => {
  const withCopy = (change: (files: Record<string, string>) => void = () => {}) =>
    site((f) => {
      f['r/abcdef012345/index.html'] = page('<a href="/repo/r/abcdef012345/p/">a page</a>');
      f['r/abcdef012345/p/index.html'] = page('<a href="/repo/gone/">a live page that is gone</a>');
      change(f);
    });
  const manifest = (dir: string) =>
    writeFileSync(join(dir, 'r/abcdef012345.sha256'), manifestOf(readFolder(join(dir, 'r/abcdef012345'))));

  test('a copy whose files are what its manifest lists passes: its pages are in its own sitemap, its links were checked when it was built', () => {
    const dir = withCopy();
    manifest(dir);
    const r = checkUpload(dir, SITE, BASE);
    assert.deepEqual(r.problems, []);
    assert.deepEqual(r.archived, ['abcdef012345']);
  });

  test('a copy changed after its manifest, or without one, trips', () => {
    const dir = withCopy();
    manifest(dir);
    writeFileSync(join(dir, 'r/abcdef012345/p/index.html'), page('changed'));
    assert.match(
      checkUpload(dir, SITE, BASE).problems.join('\n'),
      /^permanent copies: r\/abcdef012345\/p\/index\.html: expected SHA-256/,
    );
    assert.match(
      checkUpload(withCopy(), SITE, BASE).problems.join('\n'),
      /^permanent copies: r\/abcdef012345\.sha256: expected the manifest/,
    );
  });
});
