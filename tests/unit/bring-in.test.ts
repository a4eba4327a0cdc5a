/** Bringing the artifacts in: from a folder, by download, and accepting new bytes with --update-lock. */
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { admit, loadLock } from '../../src/admission/admit.ts';
import { bringInByDownload, bringInFrom, updateLock } from '../../src/admission/bring-in.ts';
import { AdmissionError } from '../../src/admission/errors.ts';
import { ARTIFACT_PATHS } from '../../src/admission/schemas.ts';
import { LOCK, PROJECT, SHARED, makeCopy } from '../support/fixture.ts';
import { serve } from '../support/static-server.ts';
import { AUDIT_REPOSITORY, startMirror } from '../support/mirror.ts';
import { proofKey } from '../../src/admission/commit-proof.ts';
import { sha256Hex } from '../../src/admission/digest.ts';

const empty = () => mkdtempSync(join(tmpdir(), 'trail-empty-'));
/** Downloads that prove `commit` holds the files in `from`, as fetchProofs would record them. */
const proofsFor = (from: string, paths: readonly string[], commit: string) =>
  new Map(paths.map((p) => [proofKey(p, commit), { sha256: sha256Hex(readFileSync(join(from, p))) }]));
const run = (script: string, args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, [join(PROJECT, script), ...args], {
    cwd: PROJECT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });

describe('from a folder', () => {
  test('copies the six files and they are admitted', () => {
    const root = empty();
    try {
      bringInFrom(SHARED, root, loadLock(LOCK), LOCK);
      assert.equal(admit({ root, lockPath: LOCK }).files.length, 6);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
  test('refuses a source file the lock does not name, and writes nothing', () => {
    const copy = makeCopy();
    const root = empty();
    try {
      copy.write('results/pairing.json', copy.read('results/pairing.json').replace('836', '837'));
      assert.throws(
        () => bringInFrom(copy.root, root, loadLock(LOCK), LOCK),
        (e: AdmissionError) =>
          e.check === 'digest' && e.file === 'results/pairing.json' && /--update-lock/.test(e.found),
      );
      for (const p of ARTIFACT_PATHS) assert.equal(existsSync(join(root, p)), false, `${p} was written`);
    } finally {
      copy.dispose();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('by download', () => {
  let site: { url: string; close: () => Promise<void> };
  let mirror: string;
  before(async () => {
    // A loopback server laid out as <repository>/<commit>/<path>, like the raw file host.
    mirror = empty();
    for (const f of loadLock(LOCK).files) {
      mkdirSync(join(mirror, f.repository, f.commit, f.path, '..'), { recursive: true });
      cpSync(join(SHARED, f.path), join(mirror, f.repository, f.commit, f.path));
    }
    site = await serve(mirror);
  });
  after(async () => {
    await site.close();
    rmSync(mirror, { recursive: true, force: true });
  });

  test('downloads each file at its locked commit, verified', async () => {
    const root = empty();
    process.env['AUDIT_DOWNLOAD_BASE'] = site.url;
    process.env['AUDIT_DOWNLOAD_INSECURE'] = '1';
    try {
      await bringInByDownload(root, loadLock(LOCK), LOCK);
      assert.equal(admit({ root, lockPath: LOCK }).files.length, 6);
    } finally {
      delete process.env['AUDIT_DOWNLOAD_BASE'];
      delete process.env['AUDIT_DOWNLOAD_INSECURE'];
      rmSync(root, { recursive: true, force: true });
    }
  });
  test('refuses a downloaded file with a changed byte', async () => {
    const root = empty();
    const f = loadLock(LOCK).files.find((x) => x.path === 'results/catf1.json')!;
    const served = join(mirror, f.repository, f.commit, f.path);
    const original = readFileSync(served);
    cpSync(join(SHARED, 'results/pairing.json'), served);
    process.env['AUDIT_DOWNLOAD_BASE'] = site.url;
    process.env['AUDIT_DOWNLOAD_INSECURE'] = '1';
    try {
      await assert.rejects(
        bringInByDownload(root, loadLock(LOCK), LOCK),
        (e: AdmissionError) => e.check === 'digest' && e.file === 'results/catf1.json',
      );
      assert.equal(
        existsSync(join(root, 'results/adversarial.json')),
        false,
        'nothing is written when one file is refused',
      );
    } finally {
      delete process.env['AUDIT_DOWNLOAD_BASE'];
      delete process.env['AUDIT_DOWNLOAD_INSECURE'];
      cpSync(join(SHARED, 'results/catf1.json'), served);
      assert.deepEqual(readFileSync(served), original);
      rmSync(root, { recursive: true, force: true });
    }
  });
  test('the build step downloads when results/ is empty and AUDIT_ARTIFACTS is unset', async () => {
    const root = empty();
    try {
      // Asynchronous, so this process's loopback server can answer the child.
      const { stdout } = await promisify(execFile)(process.execPath, [join(PROJECT, 'scripts/prepare.ts')], {
        cwd: PROJECT,
        env: {
          ...process.env,
          AUDIT_ROOT: root,
          AUDIT_ARTIFACTS: '',
          AUDIT_DOWNLOAD_BASE: site.url,
          AUDIT_DOWNLOAD_INSECURE: '1',
        },
      });
      assert.match(stdout, /downloaded at their locked commits/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

test('with AUDIT_ARTIFACTS unset, the build step copies from ../shared/trail-scorer-audit beside the project when it is there, without downloading', () => {
  const top = empty();
  try {
    const project = join(top, 'project');
    const root = join(top, 'root');
    mkdirSync(project);
    mkdirSync(root);
    for (const p of ARTIFACT_PATHS) cpSync(join(SHARED, p), join(top, 'shared/trail-scorer-audit', p));
    const env: Record<string, string | undefined> = {
      ...process.env,
      AUDIT_ROOT: root,
      AUDIT_LOCK: LOCK,
      AUDIT_DOWNLOAD_BASE: 'http://127.0.0.1:9/',
      AUDIT_DOWNLOAD_INSECURE: '1',
    };
    delete env['AUDIT_ARTIFACTS'];
    const r = spawnSync(process.execPath, [join(PROJECT, 'scripts/prepare.ts')], {
      cwd: project,
      env,
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, r.stderr);
    assert.match(
      r.stdout,
      new RegExp(`artifacts: copied from ${join(top, 'shared/trail-scorer-audit').replaceAll('/', '\\/')}`),
    );
    assert.equal(admit({ root, lockPath: LOCK }).files.length, 6);
  } finally {
    rmSync(top, { recursive: true, force: true });
  }
});

test('with AUDIT_ARTIFACTS unset and no copy beside the project, a failed download says both were tried', () => {
  const top = empty();
  try {
    const project = join(top, 'project');
    mkdirSync(project);
    const env: Record<string, string | undefined> = {
      ...process.env,
      AUDIT_ROOT: join(top, 'root'),
      AUDIT_LOCK: LOCK,
      AUDIT_DOWNLOAD_BASE: 'http://127.0.0.1:9/',
      AUDIT_DOWNLOAD_INSECURE: '1',
    };
    delete env['AUDIT_ARTIFACTS'];
    mkdirSync(join(top, 'root'));
    const r = spawnSync(process.execPath, [join(PROJECT, 'scripts/prepare.ts')], {
      cwd: project,
      env,
      encoding: 'utf8',
    });
    assert.equal(r.status, 1);
    assert.match(
      r.stderr,
      new RegExp(
        `expected the artifacts from a copy at ${join(top, 'shared/trail-scorer-audit').replaceAll('/', '\\/')} \\(not there; AUDIT_ARTIFACTS names another\\) or the download; found a failed request`,
      ),
    );
    assert.equal(r.stderr.trim().split('\n').length, 2, 'one message and its hint');
  } finally {
    rmSync(top, { recursive: true, force: true });
  }
});

test('when the download fails, the build step stops and says how to point it at a local copy', () => {
  const root = empty();
  try {
    const r = run('scripts/prepare.ts', [], {
      AUDIT_ROOT: root,
      AUDIT_ARTIFACTS: '',
      AUDIT_DOWNLOAD_BASE: 'http://127.0.0.1:9/',
      AUDIT_DOWNLOAD_INSECURE: '1',
    });
    assert.equal(r.status, 1);
    assert.match(
      r.stderr,
      /expected the artifacts from the download AUDIT_ARTIFACTS= \(empty\) asks for; found a failed request/,
    );
    assert.match(r.stderr, /hint: Bring the artifacts in with `npm run artifacts -- --from <dir>`/);
    assert.equal(r.stderr.trim().split('\n').length, 2, 'one message and its hint');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('npm run verify on an empty results/ refuses and names the missing file', () => {
  const root = empty();
  try {
    const r = run('scripts/verify.ts', [], { AUDIT_ROOT: root });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /Artifact refused \[presence\] index\/spans\.json/);
    assert.match(r.stderr, /hint: Bring the artifacts in/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

describe('--update-lock', () => {
  test('refuses files whose pins disagree, names the file, and changes nothing', () => {
    const copy = makeCopy();
    const root = empty();
    try {
      const lockBefore = readFileSync(copy.lockPath);
      copy.set('results/pairing.json', '/runs/0/label', 'a new label');
      copy.set('results/normaliser.json', '/pinned_commit', 'a'.repeat(40));
      const from = copy.root;
      const elsewhere = mkdtempSync(join(tmpdir(), 'trail-lock-'));
      const lockPath = join(elsewhere, 'artifacts.lock.json');
      cpSync(copy.lockPath, lockPath);
      assert.throws(
        // Both changed files proven at that commit, so the pins are what is refused.
        () =>
          updateLock(from, lockPath, {
            root,
            commits: { all: 'b'.repeat(40) },
            proofs: proofsFor(from, ['results/pairing.json', 'results/normaliser.json'], 'b'.repeat(40)),
          }),
        (e: AdmissionError) =>
          e.check === 'pins' && e.file === 'results/normaliser.json' && /the files disagree, kept/.test(e.found),
      );
      assert.deepEqual(readFileSync(lockPath), lockBefore, 'the lock is unchanged');
      assert.deepEqual(readdirSync(root), [], 'nothing is brought in, no staging left');
      rmSync(elsewhere, { recursive: true, force: true });
    } finally {
      copy.dispose();
      rmSync(root, { recursive: true, force: true });
    }
  });
  test('the command line rewrites the lock and admits the new files', async () => {
    const copy = makeCopy();
    const root = empty();
    try {
      copy.set('results/pairing.json', '/runs/1/label', 'relabelled');
      // The currently locked files are the old side of the change record.
      bringInFrom(SHARED, root, loadLock(LOCK), LOCK);
      // The audit's repository, stood in for on loopback, holds the relabelled file at that commit: the proof of the credit.
      const mirror = await startMirror([
        {
          repository: AUDIT_REPOSITORY,
          commit: 'c'.repeat(40),
          path: 'results/pairing.json',
          bytes: readFileSync(join(copy.root, 'results/pairing.json')),
        },
      ]);
      let r: ReturnType<typeof run>;
      try {
        r = run(
          'scripts/artifacts.ts',
          ['--from', copy.root, '--update-lock', '--commit', `results/pairing.json=${'c'.repeat(40)}`],
          { AUDIT_ROOT: root, AUDIT_LOCK: copy.lockPath, ...mirror.env },
        );
      } finally {
        mirror.stop();
      }
      assert.equal(r.status, 0, r.stderr);
      assert.match(
        r.stdout,
        /lock updated:\n {2}results\/pairing\.json commit: [0-9a-f]{40} -> c{40}\n {2}results\/pairing\.json bytes: \d+ -> \d+/,
      );
      assert.match(r.stdout, /admitted 6 artifacts/);
      assert.notDeepEqual(readFileSync(copy.lockPath), readFileSync(LOCK));
    } finally {
      copy.dispose();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
