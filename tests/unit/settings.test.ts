/** Settings checked before any work (issue #10): the site's address, publishing, and where downloads come from. */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { SettingError } from '../../src/core/setting-error.ts';
import { downloadBase } from '../../src/admission/settings.ts';
import { siteSettings } from '../../src/site/settings.ts';
import { makeCopy, PROJECT } from '../support/fixture.ts';
import { outDirOf } from '../../scripts/build.ts';
import { markBuilt } from '../../src/site/out-dir.ts';

/** A fresh output folder inside the project (.tmp/ is git-ignored): the build refuses one outside it (src/site/out-dir.ts). */
function freshOut(): string {
  mkdirSync(join(PROJECT, '.tmp'), { recursive: true });
  return mkdtempSync(join(PROJECT, '.tmp', 'trail-dist-'));
}

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

describe('the build command', () => {
  test('a bad setting stops it in one line before Astro starts, and removes the output folder', () => {
    const out = freshOut();
    try {
      mkdirSync(join(out, 'properties'), { recursive: true });
      writeFileSync(join(out, 'index.html'), '<!doctype html><title>an earlier build</title>');
      markBuilt(out);
      const r = spawnSync(process.execPath, [join(PROJECT, 'scripts/build.ts'), '--outDir', out], {
        cwd: PROJECT,
        env: { ...process.env, SITE_BASE: '//evil.example/' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      assert.equal(r.status, 1);
      assert.match(
        r.stderr,
        /^error: Setting refused: SITE_BASE must be a path that starts and ends with '\/'.*found "\/\/evil\.example\/"\./m,
      );
      assert.doesNotMatch(r.stderr, /^\s+at /m, 'no stack trace');
      assert.equal(existsSync(out), false, 'no publishable output is left');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  test('an artifact Astro refuses stops the build in one message, and no output is left', () => {
    const out = freshOut();
    const copy = makeCopy();
    try {
      writeFileSync(join(out, 'index.html'), '<!doctype html><title>an earlier build</title>');
      markBuilt(out);
      copy.set('results/pairing.json', '/on_the_real_gold/gold_errors', 841);
      const r = spawnSync(process.execPath, [join(PROJECT, 'scripts/build.ts'), '--outDir', out], {
        cwd: PROJECT,
        env: { ...process.env, AUDIT_ROOT: copy.root, AUDIT_LOCK: copy.lockPath },
        encoding: 'utf8',
        timeout: 120_000,
      });
      assert.equal(r.status, 1);
      assert.match(r.stdout + r.stderr, /Artifact refused \[digest\] results\/pairing\.json/);
      assert.match(r.stderr, new RegExp(`^error: the build failed; ${out.replaceAll('/', '\\/')} was removed`, 'm'));
      assert.doesNotMatch(r.stderr, /^\s+at /m, 'no stack trace');
      assert.equal(existsSync(out), false, 'no publishable output is left');
    } finally {
      copy.dispose();
      rmSync(out, { recursive: true, force: true });
    }
  });

  /** Starts the build into a fresh folder and, once Astro has written a page there, stops it with `stop`. */
  async function stoppedMidway(
    stop: (build: ReturnType<typeof spawn>) => void,
  ): Promise<{ code: number | null; stderr: string; out: string }> {
    const out = freshOut();
    const build = spawn(process.execPath, [join(PROJECT, 'scripts/build.ts'), '--outDir', out], {
      cwd: PROJECT,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    build.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((done) => build.on('exit', (code) => done(code)));
    const deadline = Date.now() + 120_000;
    while (!existsSync(join(out, 'index.html')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    assert.ok(existsSync(join(out, 'index.html')), 'Astro wrote a page');
    stop(build);
    return { code: await exited, stderr, out };
  }

  test('a build stopped by a signal after Astro wrote pages leaves no output, and says so', async () => {
    const r = await stoppedMidway((build) => build.kill('SIGTERM'));
    try {
      assert.equal(r.code, 143);
      assert.match(r.stderr, /error: the build failed; .* was removed/);
      assert.equal(existsSync(r.out), false, 'no publishable output is left');
    } finally {
      rmSync(r.out, { recursive: true, force: true });
    }
  });

  test('an Astro that dies without running its own code (killed, as by the OOM killer) leaves no output either', async () => {
    const r = await stoppedMidway((build) => {
      const children = spawnSync('pgrep', ['-P', String(build.pid)], { encoding: 'utf8' })
        .stdout.trim()
        .split('\n')
        .filter(Boolean);
      assert.equal(children.length, 1, 'Astro runs in one child process');
      process.kill(Number(children[0]), 'SIGKILL');
    });
    try {
      assert.equal(r.code, 1);
      assert.match(r.stderr, /error: the build failed; .* was removed/);
      assert.equal(existsSync(r.out), false, 'no publishable output is left');
    } finally {
      rmSync(r.out, { recursive: true, force: true });
    }
  });

  test('--outDir is read in both spellings, with or without =', () => {
    for (const args of [['--outDir', 'x/a=b'], ['--outDir=x/a=b'], ['--out-dir', 'x/a=b'], ['--out-dir=x/a=b']])
      assert.equal(outDirOf(args), join(process.cwd(), 'x/a=b'), args.join(' '));
    assert.equal(outDirOf(['--site', 'x']), join(process.cwd(), 'dist'));
  });
});
