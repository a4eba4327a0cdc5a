/**
 * Staging that cannot be planted (issue #21, item 4): a staging folder left behind is
 * trusted for nothing; its manifest names no path, is read like any other input, and
 * what it stages is checked again against the lock in place; a lock-changing swap cut
 * short is undone, never completed from staging; a refusal names the folder and how to
 * clear it; and a run killed where no one reaps it (a zombie) does not stop recovery.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { loadLock } from '../../src/admission/admit.ts';
import { serialiseLock } from '../../src/admission/bring-in.ts';
import { sha256Hex } from '../../src/admission/digest.ts';
import { AdmissionError } from '../../src/admission/errors.ts';
import { lockDigest } from '../../src/admission/lock-digest.ts';
import { refusalMessage } from '../../src/admission/report.ts';
import { ARTIFACT_PATHS } from '../../src/admission/schemas.ts';
import { recoverInterrupted, Staging } from '../../src/admission/staging.ts';
import { LOCK, SHARED } from '../support/fixture.ts';

/** A project state: the six real files and a copy of the lock, in a temp folder. */
function state(): { root: string; lock: string; files: () => Map<string, string>; dispose: () => void } {
  const root = mkdtempSync(join(tmpdir(), 'trail-staging-'));
  for (const p of ARTIFACT_PATHS) cpSync(join(SHARED, p), join(root, p));
  const lock = join(root, 'artifacts.lock.json');
  cpSync(LOCK, lock);
  const files = () => {
    const out = new Map<string, string>();
    for (const e of readdirSync(root, { withFileTypes: true, recursive: true }))
      if (e.isFile())
        out.set(join(e.parentPath, e.name).slice(root.length), sha256Hex(readFileSync(join(e.parentPath, e.name))));
    return out;
  };
  return { root, lock, files, dispose: () => rmSync(root, { recursive: true, force: true }) };
}

/** A staging folder as a killed run (a pid above Linux's default pid_max, so no process) would leave it. */
function planted(root: string, manifest: unknown, files: Record<string, string> = {}): string {
  const dir = join(root, `.artifacts-staging-4194309-${Math.random().toString(36).slice(2)}`);
  mkdirSync(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  if (manifest !== undefined)
    writeFileSync(join(dir, 'SWAP.json'), typeof manifest === 'string' ? manifest : JSON.stringify(manifest));
  return dir;
}

const refusedNaming = (fn: () => unknown, dir: string, says: RegExp) =>
  assert.throws(fn, (e: unknown) => {
    assert.ok(e instanceof AdmissionError, String(e));
    assert.equal(e.check, 'staging');
    assert.ok(e.file.startsWith(dir), `names the folder: ${e.file}`);
    assert.match(e.message, says);
    assert.match(refusalMessage(e)!, /hint: .*delete it \(`rm -r <folder>`\)/, 'says how to clear it');
    return true;
  });

describe('a planted staging folder', () => {
  test('staged bytes the lock in place does not admit are refused; nothing moves', () => {
    const s = state();
    try {
      const before = s.files();
      const manifest = { for: lockDigest(loadLock(s.lock)), lock: null, record: null, files: ['results/pairing.json'] };
      const dir = planted(s.root, manifest, { 'results/pairing.json': '{"planted": true}' });
      refusedNaming(
        () => recoverInterrupted(s.root, s.lock),
        dir,
        /staged files that the lock in place admits; found results\/pairing\.json/,
      );
      assert.deepEqual(
        new Map([...s.files()].filter(([k]) => !k.startsWith(dir.slice(s.root.length)))),
        before,
        'the targets are untouched',
      );
    } finally {
      s.dispose();
    }
  });

  test('a manifest naming paths (outside the folder, outside the project) is refused, and nothing is moved', () => {
    const s = state();
    const outside = mkdtempSync(join(tmpdir(), 'trail-outside-'));
    try {
      writeFileSync(join(outside, 'precious.txt'), 'keep');
      const dir = planted(s.root, [
        { staged: join(outside, 'precious.txt'), target: join(s.root, 'results/pairing.json') },
      ]);
      refusedNaming(
        () => recoverInterrupted(s.root, s.lock),
        dir,
        /SWAP\.json.*expected an object with the keys for, lock, record and files/,
      );
      assert.equal(readFileSync(join(outside, 'precious.txt'), 'utf8'), 'keep');
      assert.equal(
        sha256Hex(readFileSync(join(s.root, 'results/pairing.json'))),
        sha256Hex(readFileSync(join(SHARED, 'results/pairing.json'))),
      );
    } finally {
      s.dispose();
      rmSync(outside, { recursive: true, force: true });
    }
  });

  test('a FIFO or a link to /dev/zero as SWAP.json is refused by its type, without hanging; malformed JSON names the file', () => {
    const s = state();
    try {
      const fifo = planted(s.root, undefined);
      assert.equal(spawnSync('mkfifo', [join(fifo, 'SWAP.json')]).status, 0);
      refusedNaming(() => recoverInterrupted(s.root, s.lock), fifo, /SWAP\.json.*found a FIFO/);
      rmSync(fifo, { recursive: true });
      const zero = planted(s.root, undefined);
      symlinkSync('/dev/zero', join(zero, 'SWAP.json'));
      refusedNaming(() => recoverInterrupted(s.root, s.lock), zero, /SWAP\.json.*found a link to \/dev\/zero/);
      rmSync(zero, { recursive: true });
      const bad = planted(s.root, '{"for": ');
      refusedNaming(
        () => recoverInterrupted(s.root, s.lock),
        bad,
        /SWAP\.json at \(document root\): expected strict JSON/,
      );
    } finally {
      s.dispose();
    }
  });

  test('a self-consistent planted set (an artifact and a lock admitting it) is never put in place: the swap is undone', () => {
    const s = state();
    try {
      const before = s.files();
      const lock = loadLock(s.lock);
      const bytes = '{"planted": true}\n';
      const plantedLock = {
        ...lock,
        files: lock.files.map((f) =>
          f.path === 'results/pairing.json' ? { ...f, bytes: bytes.length, sha256: sha256Hex(bytes) } : f,
        ),
      };
      const manifest = {
        for: lockDigest(lock),
        lock: lockDigest(plantedLock),
        record: null,
        files: ['results/pairing.json'],
      };
      const dir = planted(s.root, manifest, {
        'results/pairing.json': bytes,
        'artifacts.lock.json': serialiseLock(plantedLock),
      });
      assert.match(recoverInterrupted(s.root, s.lock).join(), /undid an interrupted swap/);
      assert.deepEqual(s.files(), before, 'the lock and every artifact as they were');
      assert.equal(existsSync(dir), false);
    } finally {
      s.dispose();
    }
  });

  test('a lock-changing swap killed after its record moved but before its lock: undone, record removed, old files back', () => {
    const s = state();
    try {
      const before = s.files();
      const lock = loadLock(s.lock);
      const newBytes = readFileSync(join(SHARED, 'results/pairing.json'), 'utf8').replace(/\n$/, '\n\n');
      const newLock = {
        ...lock,
        files: lock.files.map((f) =>
          f.path === 'results/pairing.json'
            ? { ...f, bytes: Buffer.byteLength(newBytes), sha256: sha256Hex(newBytes) }
            : f,
        ),
      };
      const name = `0001-2026-12-01-${lockDigest(newLock).slice(0, 12)}.json`;
      const record = '{"a record": true}\n';
      // As commit() leaves it when killed before its last move: the old file kept, the new one and the record moved, the lock still staged.
      const dir = planted(
        s.root,
        {
          for: lockDigest(lock),
          lock: lockDigest(newLock),
          record: { name, sha256: sha256Hex(record) },
          files: ['results/pairing.json'],
        },
        {
          '.replaced/results/pairing.json': readFileSync(join(s.root, 'results/pairing.json'), 'utf8'),
          'artifacts.lock.json': serialiseLock(newLock),
        },
      );
      writeFileSync(join(s.root, 'results/pairing.json'), newBytes);
      mkdirSync(join(s.root, 'audit-changes'));
      writeFileSync(join(s.root, 'audit-changes', name), record);
      assert.match(recoverInterrupted(s.root, s.lock).join(), /undid an interrupted swap/);
      assert.deepEqual(s.files(), before, 'no record without its lock, no file the lock does not admit');
      assert.equal(existsSync(dir), false);
    } finally {
      s.dispose();
    }
  });

  test('a swap may only name the known targets', () => {
    const s = state();
    const staging = new Staging(s.root, s.lock);
    try {
      assert.throws(
        () => staging.stage('results/pairing.json', 'x', join(s.root, '../elsewhere.json')),
        /none of the targets a swap may replace/,
      );
      assert.throws(() => staging.stage('x', 'x', s.lock), /none of the targets/);
    } finally {
      staging.discard();
      s.dispose();
    }
  });
});

describe('recovery does not wait on a process no one reaps', () => {
  test('staging whose run is a zombie is settled', async () => {
    const s = state();
    // The child exits only once its parent has exec'd into sleep (so the shell cannot reap it first),
    // and becomes a zombie: sleep never waits for it.
    const child = `sh -c 'while [ "$(cat /proc/$PPID/comm)" != sleep ]; do sleep 0.01; done'`;
    const parent = spawn('sh', ['-c', `${child} & echo $!; exec sleep 30`], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const pid = Number(
        await new Promise<string>((done) => parent.stdout!.once('data', (d: Buffer) => done(d.toString().trim()))),
      );
      const deadline = Date.now() + 10_000;
      const state = () => readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '')[0];
      while (state() !== 'Z' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      assert.equal(state(), 'Z', 'the run is a zombie');
      const dir = join(s.root, `.artifacts-staging-${pid}-x`);
      mkdirSync(join(dir, 'results'), { recursive: true });
      writeFileSync(join(dir, 'results/pairing.json'), 'half');
      assert.match(recoverInterrupted(s.root, s.lock).join(), /deleted unverified staging/);
      assert.equal(existsSync(dir), false);
    } finally {
      parent.kill('SIGKILL');
      s.dispose();
    }
  });

  test("a live run's staging is left alone", () => {
    const s = state();
    const other = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      const dir = join(s.root, `.artifacts-staging-${other.pid}-x`);
      mkdirSync(dir);
      assert.deepEqual(recoverInterrupted(s.root, s.lock), []);
      assert.equal(existsSync(dir), true);
    } finally {
      other.kill('SIGKILL');
      s.dispose();
    }
  });
});
