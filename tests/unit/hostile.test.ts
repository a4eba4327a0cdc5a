/**
 * Hostile inputs (issue #10): artifacts that try to steer the reader by key names or
 * nesting, locks that move the site's links, files that are not files, runs that are
 * interrupted, and strings that try to rewrite the page. Small synthetic inputs in
 * temp folders; the real artifacts only where the lock must admit them.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
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
import { after, before, describe, test } from 'node:test';
import { loadLock } from '../../src/admission/admit.ts';
import { AdmissionError } from '../../src/admission/errors.ts';
import { FileRefusal, readRegularFile } from '../../src/admission/files.ts';
import { MAX_JSON_DEPTH } from '../../src/admission/json.ts';
import { parseArtifact } from '../../src/admission/read.ts';
import { ARTIFACT_PATHS, Lock, MAX_ARTIFACT_BYTES } from '../../src/admission/schemas.ts';
import { recoverInterrupted } from '../../src/admission/staging.ts';
import { lockDigest } from '../../src/admission/lock-digest.ts';
import { validate } from '../../src/admission/validate.ts';
import { bringInFrom } from '../../src/admission/bring-in.ts';
import { LOCK, PROJECT, SHARED, makeCopy } from '../support/fixture.ts';
import { AUDIT_REPOSITORY, startMirror, type Mirror } from '../support/mirror.ts';

const temp = (name = 'trail-hostile-') => mkdtempSync(join(tmpdir(), name));
const node = (script: string, args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, [join(PROJECT, script), ...args], {
    cwd: PROJECT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
const refusal = (fn: () => unknown): AdmissionError => {
  try {
    fn();
  } catch (e) {
    if (e instanceof AdmissionError) return e;
    throw e;
  }
  assert.fail('expected a refusal');
};
/** A folder's tree as path -> bytes, to prove a run left it exactly as it was. */
function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const full = join(e.parentPath, e.name);
    out.set(full.slice(dir.length), e.isFile() ? readFileSync(full).toString('base64') : 'dir');
  }
  return out;
}
/** A root holding the six real files, as a previous run would have left it. */
function populatedRoot(): string {
  const root = temp();
  for (const p of ARTIFACT_PATHS) cpSync(join(SHARED, p), join(root, p));
  return root;
}

describe('the JSON reader cannot be steered by key names, nesting or size', () => {
  const enc = (s: string) => new TextEncoder().encode(s);
  test('a __proto__ key is refused with file, line and column, and never sets a prototype', () => {
    const e = refusal(() =>
      parseArtifact('results/x.json', enc('{\n  "a": 1,\n  "__proto__": {"pinned_commit": "x"}\n}')),
    );
    assert.equal(e.check, 'json');
    assert.equal(e.file, 'results/x.json');
    assert.match(e.expected, /__proto__.*\(line 3, column 3\)/);
  });
  test('"__proto__": 5 is refused, not dropped', () => {
    assert.equal(refusal(() => parseArtifact('f.json', enc('{"__proto__": 5}'))).check, 'json');
  });
  test('two __proto__ keys are refused', () => {
    assert.match(refusal(() => parseArtifact('f.json', enc('{"__proto__": 1, "__proto__": 2}'))).expected, /__proto__/);
  });
  test('constructor and toString are kept as own data keys, and a strict schema sees them as unknown', () => {
    const v = parseArtifact('f.json', enc('{"constructor": 1, "toString": "x", "hasOwnProperty": null}')) as Record<
      string,
      unknown
    >;
    assert.equal(Object.getPrototypeOf(v), null);
    assert.deepEqual(Object.keys(v), ['constructor', 'toString', 'hasOwnProperty']);
    assert.equal(v['constructor'], 1);
  });
  test('a required key removed and supplied through __proto__ is refused at admission', () => {
    const copy = makeCopy();
    try {
      const text = copy.read('results/pairing.json');
      const doc = JSON.parse(text) as Record<string, unknown>;
      const scorer = doc['scorer_sha256'];
      delete doc['scorer_sha256'];
      copy.write(
        'results/pairing.json',
        JSON.stringify(doc, null, 2).replace(/^\{/, `{\n  "__proto__": {"scorer_sha256": ${JSON.stringify(scorer)}},`),
      );
      copy.relock();
      const r = node('scripts/verify.ts', [], { AUDIT_ROOT: copy.root, AUDIT_LOCK: copy.lockPath });
      assert.equal(r.status, 1);
      assert.match(
        r.stderr,
        /Artifact refused \[json\] results\/pairing\.json at \/__proto__: expected a key other than "__proto__".*\(line 2, column 3\)/,
      );
    } finally {
      copy.dispose();
    }
  });
  test('nesting deeper than the limit is one refusal with line and column, not a stack overflow', () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    const e = refusal(() => parseArtifact('index/spans.json', enc(deep)));
    assert.equal(e.file, 'index/spans.json');
    assert.match(
      e.expected,
      new RegExp(`at most ${MAX_JSON_DEPTH} levels.*\\(line 1, column ${MAX_JSON_DEPTH + 1}\\)`),
    );
  });
  test('what JSON.parse accepts but the reader refuses is refused: equal duplicate keys, escaped-quote keys, a number past a double', () => {
    // Duplicates JSON.parse silently merges, hidden where a key counter could be fooled (an escaped quote, a colon in a value).
    assert.equal(refusal(() => parseArtifact('f.json', enc('{"a": 1, "a": 1}'))).pointer, '/a');
    assert.equal(
      refusal(() => parseArtifact('f.json', enc('[{"k\\"": "v:", "x": [{"s": "\\":", "s": 2}]}]'))).pointer,
      '/0/x/0/s',
    );
    assert.equal(refusal(() => parseArtifact('f.json', enc('{"s\\"": 1, "s\\"": 2}'))).pointer, '/s"');
    assert.match(
      refusal(() => parseArtifact('f.json', enc('{"big": 1e999}'))).expected,
      /a number a double can hold.*\(line 1, column 9\)/,
    );
  });
  test('keys, colons and escaped quotes inside strings are read as text, not counted as keys', () => {
    const v = parseArtifact('f.json', enc('{"a\\":": "b\\": \\"c\\":", "d": ["e:", {"f": "\\\\"}]}')) as Record<
      string,
      unknown
    >;
    assert.deepEqual(JSON.parse(JSON.stringify(v)), { 'a":': 'b": "c":', d: ['e:', { f: '\\' }] });
    assert.equal(Object.getPrototypeOf((v['d'] as Record<string, unknown>[])[1]), null);
  });
  test('nesting past the limit is refused before JSON.parse builds anything (16 MB of brackets would cost it seconds and a gigabyte)', () => {
    const parse = JSON.parse;
    let calls = 0;
    JSON.parse = ((text: string, reviver?: (key: string, value: unknown) => unknown) => (
      calls++,
      parse(text, reviver)
    )) as typeof JSON.parse;
    try {
      const deep = '['.repeat(4_000_000) + ']'.repeat(4_000_000);
      assert.match(refusal(() => parseArtifact('index/spans.json', enc(deep))).expected, /at most 64 levels/);
      assert.equal(calls, 0, 'JSON.parse never saw it');
      parseArtifact('f.json', enc('{"a": [1]}'));
      assert.equal(calls, 1, 'a shallow file still takes the fast path');
    } finally {
      JSON.parse = parse;
    }
  });
  test('a byte-order mark is refused, not dropped by the decoder', () => {
    const e = refusal(() => parseArtifact('results/x.json', new Uint8Array([0xef, 0xbb, 0xbf, ...enc('{"a": 1}')])));
    assert.equal(e.check, 'json');
    assert.match(e.expected, /no byte-order mark/);
  });
  test('a file over the size limit is refused before it is parsed', () => {
    const e = refusal(() => parseArtifact('results/x.json', new Uint8Array(MAX_ARTIFACT_BYTES + 1)));
    assert.equal(e.check, 'size');
  });
  test('the lock cannot admit a file over the limit', () => {
    const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
    lock.files[0].bytes = MAX_ARTIFACT_BYTES + 1;
    assert.match(refusal(() => validate(Lock, lock, 'artifacts.lock.json')).pointer, /^\/files\/0\/bytes$/);
  });
});

describe('the lock is admitted too', () => {
  const tampered = (edit: (lock: Record<string, any>) => void) => {
    const dir = temp();
    const path = join(dir, 'artifacts.lock.json');
    const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
    edit(lock);
    writeFileSync(path, JSON.stringify(lock, null, 2));
    try {
      return refusal(() => loadLock(path));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  const cases: [string, string, (l: Record<string, any>) => void][] = [
    [
      'a repository on another host',
      '/pins/trail_repository',
      (l) => (l.pins.trail_repository = 'evil.example/patronus-ai/trail-benchmark'),
    ],
    ['a repository name of ".."', '/pins/trail_repository', (l) => (l.pins.trail_repository = 'patronus-ai/..')],
    [
      'a scorer path leaving the repository',
      '/pins/scorer_path',
      (l) => (l.pins.scorer_path = '../../evil/calculate_scores.py'),
    ],
    ['an absolute scorer path', '/pins/scorer_path', (l) => (l.pins.scorer_path = '/etc/passwd')],
    ['a scorer path that is a URL', '/pins/scorer_path', (l) => (l.pins.scorer_path = 'https://evil.example/x.py')],
    ['a scorer path with a query', '/pins/scorer_path', (l) => (l.pins.scorer_path = 'benchmarking/x.py?y=1')],
    [
      'a file repository with a path in it',
      '/files/0/repository',
      (l) => (l.files[0].repository = 'DataScienceVishal/trail-scorer-audit/../../evil'),
    ],
    [
      'a file repository that is a URL',
      '/files/1/repository',
      (l) => (l.files[1].repository = 'https://evil.example/x'),
    ],
    ['a commit that is not 40 hex', '/files/2/commit', (l) => (l.files[2].commit = 'main')],
    ['an unknown key', '/pins/extra', (l) => (l.pins.extra = 'x')],
  ];
  for (const [what, pointer, edit] of cases) {
    test(`refuses ${what}, naming the place`, () => {
      const e = tampered(edit);
      assert.equal(e.pointer, pointer, e.message);
    });
  }
});

describe('bringing in reads only regular files inside the folder', () => {
  const withSource = (edit: (from: string) => void): AdmissionError => {
    const copy = makeCopy();
    const root = populatedRoot();
    const before = snapshot(root);
    try {
      edit(copy.root);
      const e = refusal(() => bringInFrom(copy.root, root, loadLock(LOCK), LOCK));
      assert.deepEqual(snapshot(root), before, 'results/ and index/ are exactly as they were');
      return e;
    } finally {
      copy.dispose();
      rmSync(root, { recursive: true, force: true });
    }
  };
  test('a directory', () => {
    const e = withSource((from) => {
      rmSync(join(from, 'results/catf1.json'));
      mkdirSync(join(from, 'results/catf1.json'));
    });
    assert.equal(e.file, 'results/catf1.json');
    assert.match(e.found, /^a directory at /);
  });
  test('a FIFO, without hanging', () => {
    const e = withSource((from) => {
      rmSync(join(from, 'results/pairing.json'));
      assert.equal(spawnSync('mkfifo', [join(from, 'results/pairing.json')]).status, 0);
    });
    assert.match(e.found, /^a FIFO \(named pipe\) at /);
  });
  test('a symlink to a device (/dev/zero), without reading it', () => {
    const e = withSource((from) => {
      rmSync(join(from, 'index/spans.json'));
      symlinkSync('/dev/zero', join(from, 'index/spans.json'));
    });
    assert.match(e.found, /^a link to \/dev\/zero, outside the folder/);
  });
  test('a symlink leaving the folder, even to a file with the right bytes', () => {
    const e = withSource((from) => {
      rmSync(join(from, 'results/datacheck.json'));
      symlinkSync(join(SHARED, 'results/datacheck.json'), join(from, 'results/datacheck.json'));
    });
    assert.match(e.found, /^a link to .*datacheck\.json, outside the folder/);
  });
  test('a symlink inside the folder is followed', () => {
    const copy = makeCopy();
    try {
      mkdirSync(join(copy.root, 'elsewhere'));
      cpSync(join(copy.root, 'results/datacheck.json'), join(copy.root, 'elsewhere/datacheck.json'));
      rmSync(join(copy.root, 'results/datacheck.json'));
      symlinkSync('../elsewhere/datacheck.json', join(copy.root, 'results/datacheck.json'));
      assert.equal(
        readRegularFile(join(copy.root, 'results/datacheck.json'), { within: copy.root }).length,
        readFileSync(join(SHARED, 'results/datacheck.json')).length,
      );
    } finally {
      copy.dispose();
    }
  });
  test('a missing file says "no such file"', () => {
    assert.match(withSource((from) => rmSync(join(from, 'results/adversarial.json'))).found, /^no such file/);
  });
  test('a file over the size limit is refused without being read', () => {
    const dir = temp();
    try {
      writeFileSync(join(dir, 'big.json'), '');
      spawnSync('truncate', ['-s', String(MAX_ARTIFACT_BYTES + 1), join(dir, 'big.json')]);
      assert.throws(
        () => readRegularFile(join(dir, 'big.json')),
        (e: FileRefusal) => /over the limit/.test(e.found),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  test('an unreadable file, under verify: one line, no stack trace', () => {
    const root = populatedRoot();
    try {
      chmodSync(join(root, 'results/normaliser.json'), 0o000);
      // As root every file is readable, so drop to nobody for this one (the tree is made readable to it).
      const asRoot = process.getuid?.() === 0;
      if (asRoot) {
        chmodSync(root, 0o755);
        for (const d of ['results', 'index']) chmodSync(join(root, d), 0o755);
        for (const p of ARTIFACT_PATHS) if (p !== 'results/normaliser.json') chmodSync(join(root, p), 0o644);
      }
      const cmd = asRoot ? 'setpriv' : process.execPath;
      const args = [
        ...(asRoot ? ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath] : []),
        join(PROJECT, 'scripts/verify.ts'),
      ];
      const r = spawnSync(cmd, args, {
        cwd: PROJECT,
        env: { ...process.env, AUDIT_ROOT: root, NODE_COMPILE_CACHE: '' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      assert.equal(r.status, 1, r.stderr);
      assert.match(
        r.stderr,
        /Artifact refused \[presence\] results\/normaliser\.json at \(document root\): expected a regular file at .*; found a file that cannot be read: permission denied/,
      );
      assert.doesNotMatch(r.stderr, /^\s+at /m, 'no stack trace');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('all or nothing', () => {
  test('a refused bring-in leaves results/ and index/ as they were, with no stray file', () => {
    const copy = makeCopy();
    const root = populatedRoot();
    writeFileSync(join(root, 'results/pairing.json'), '{"an": "older revision"}');
    const before = snapshot(root);
    try {
      copy.write('results/catf1.json', copy.read('results/catf1.json') + ' ');
      const r = node('scripts/artifacts.ts', ['--from', copy.root], { AUDIT_ROOT: root });
      assert.equal(r.status, 1);
      assert.match(r.stderr, /Artifact refused \[digest\] results\/catf1\.json/);
      assert.deepEqual(snapshot(root), before);
    } finally {
      copy.dispose();
      rmSync(root, { recursive: true, force: true });
    }
  });
  test('a run interrupted by SIGTERM or SIGINT during a download leaves everything as it was', async () => {
    const { createServer } = await import('node:http');
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const root = populatedRoot();
      writeFileSync(join(root, 'index/spans.json'), 'an older file');
      const before = snapshot(root);
      let served = 0;
      let child: ReturnType<typeof spawn> | undefined;
      // The third request never answers; the run is interrupted while it waits.
      const server = createServer((req, res) => {
        served++;
        if (served >= 3) {
          child?.kill(signal);
          return;
        }
        const f = loadLock(LOCK).files.find((x) => req.url?.endsWith(x.path));
        res.end(f ? readFileSync(join(SHARED, f.path)) : '');
      });
      await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
      const port = (server.address() as { port: number }).port;
      try {
        child = spawn(process.execPath, [join(PROJECT, 'scripts/artifacts.ts')], {
          cwd: PROJECT,
          env: {
            ...process.env,
            AUDIT_ROOT: root,
            AUDIT_DOWNLOAD_BASE: `http://127.0.0.1:${port}/`,
            AUDIT_DOWNLOAD_INSECURE: '1',
          },
        });
        let stderr = '';
        child.stderr!.on('data', (d: Buffer) => (stderr += d));
        const code = await new Promise<number | null>((ok) => child!.on('exit', (c) => ok(c)));
        assert.equal(code, signal === 'SIGTERM' ? 143 : 130, stderr);
        assert.match(stderr, new RegExp(`interrupted by ${signal}; nothing was changed`));
        assert.doesNotMatch(stderr, /--update-lock/);
        assert.deepEqual(snapshot(root), before, `after ${signal}`);
      } finally {
        server.closeAllConnections();
        await new Promise((ok) => server.close(ok));
        rmSync(root, { recursive: true, force: true });
      }
    }
  });
  test('a run killed outright mid-staging is undone by the next run; one killed mid-swap is finished by it', () => {
    const root = populatedRoot();
    try {
      const before = snapshot(root);
      // Unverified staging from a dead process (pid 2^22 + 1 is above Linux's pid_max default): deleted.
      mkdirSync(join(root, '.artifacts-staging-4194305-x/results'), { recursive: true });
      writeFileSync(join(root, '.artifacts-staging-4194305-x/results/pairing.json'), 'half');
      assert.match(recoverInterrupted(root, LOCK).join(), /deleted unverified staging/);
      assert.deepEqual(snapshot(root), before);
      // A verified swap that keeps the lock, killed after moving one of two files: finished, each file checked again against the lock.
      const dir = join(root, '.artifacts-staging-4194306-y');
      mkdirSync(join(dir, 'results'), { recursive: true });
      cpSync(join(root, 'results/catf1.json'), join(dir, 'results/catf1.json'));
      rmSync(join(root, 'results/catf1.json'));
      const manifest = {
        for: lockDigest(loadLock(LOCK)),
        lock: null,
        record: null,
        files: ['results/pairing.json', 'results/catf1.json'],
      };
      writeFileSync(join(dir, 'SWAP.json'), JSON.stringify(manifest));
      assert.match(recoverInterrupted(root, LOCK).join(), /finished a verified swap/);
      assert.deepEqual(snapshot(root), before);
      assert.equal(existsSync(dir), false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
  test('the digest hint never points at --update-lock for bytes already in results/', () => {
    const root = populatedRoot();
    try {
      writeFileSync(
        join(root, 'results/pairing.json'),
        readFileSync(join(root, 'results/pairing.json'), 'utf8').replace('836', '837'),
      );
      const r = node('scripts/verify.ts', [], { AUDIT_ROOT: root });
      assert.equal(r.status, 1);
      assert.match(r.stderr, /hint: .*Bring the locked ones back in/);
      assert.doesNotMatch(r.stderr, /--update-lock/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('--update-lock credits each file to the commit that holds it, only with proof', () => {
  const REVISION = '9cf6e391c5a3e2908c57b9ca1c9dfde99fd37613';
  let mirror: Mirror;
  before(async () => (mirror = await startMirror()));
  after(() => mirror.stop());
  const REVISIONS = join(SHARED, '../trail-scorer-audit-revisions');
  /** A source folder: the current files with the earlier normaliser revision in place. */
  function earlierRevision(): string {
    const from = temp('trail-from-');
    for (const p of ARTIFACT_PATHS) cpSync(join(SHARED, p), join(from, p));
    cpSync(join(REVISIONS, REVISION, 'results/normaliser.json'), join(from, 'results/normaliser.json'));
    return from;
  }
  function lockCopy(): string {
    const dir = temp('trail-lock-');
    cpSync(LOCK, join(dir, 'artifacts.lock.json'));
    return join(dir, 'artifacts.lock.json');
  }
  const git = (dir: string, ...args: string[]) => {
    const r = spawnSync(
      'git',
      ['-C', dir, '-c', 'user.name=t', '-c', 'user.email=t@example.org', '-c', 'commit.gpgsign=false', ...args],
      { encoding: 'utf8' },
    );
    assert.equal(r.status, 0, r.stderr);
    return r.stdout.trim();
  };

  /** A git checkout holding the current artifacts in one commit, with the earlier normaliser copied over them, uncommitted. */
  function checkoutWithEarlierNormaliser(from: string): string {
    git(from, 'init', '-q');
    // A checkout of the audit's repository: origin is it, and what is committed below counts as fetched from it.
    git(from, 'remote', 'add', 'origin', `https://github.com/${AUDIT_REPOSITORY}.git`);
    for (const p of ARTIFACT_PATHS) cpSync(join(SHARED, p), join(from, p));
    git(from, 'add', '.');
    git(from, 'commit', '-q', '-m', 'current');
    const current = git(from, 'rev-parse', 'HEAD');
    git(from, 'update-ref', 'refs/remotes/origin/main', 'HEAD');
    cpSync(join(REVISIONS, REVISION, 'results/normaliser.json'), join(from, 'results/normaliser.json'));
    return current;
  }

  test('the earlier normaliser revision, named with --commit PATH=SHA: its commit is recorded and printed', () => {
    const from = earlierRevision();
    const lockPath = lockCopy();
    const root = populatedRoot();
    try {
      const r = node(
        'scripts/artifacts.ts',
        ['--from', from, '--update-lock', '--commit', `results/normaliser.json=${REVISION}`],
        { AUDIT_ROOT: root, AUDIT_LOCK: lockPath, ...mirror.env },
      );
      assert.equal(r.status, 0, r.stderr);
      assert.match(
        r.stdout,
        new RegExp(`results/normaliser\\.json commit: a13c1c24af0386e45c3eaee9647663a100cc233b -> ${REVISION}`),
      );
      const after = loadLock(lockPath);
      const before = loadLock(LOCK);
      const normaliser = after.files.find((f) => f.path === 'results/normaliser.json')!;
      assert.deepEqual({ commit: normaliser.commit, bytes: normaliser.bytes }, { commit: REVISION, bytes: 47478 });
      for (const f of after.files.filter((f) => f.path !== 'results/normaliser.json'))
        assert.deepEqual(
          f,
          before.files.find((g) => g.path === f.path),
        );
      assert.deepEqual(
        readFileSync(join(root, 'results/normaliser.json')),
        readFileSync(join(REVISIONS, REVISION, 'results/normaliser.json')),
      );
      // The change record was swapped in with the lock and the files.
      assert.match(r.stdout, /change recorded: .*audit-changes\/0001-/);
      assert.equal(readdirSync(join(lockPath, '..', 'audit-changes')).length, 1);
    } finally {
      for (const d of [from, join(lockPath, '..'), root]) rmSync(d, { recursive: true, force: true });
    }
  });
  test('new bytes whose commit cannot be known are refused, and nothing changes', () => {
    const from = earlierRevision();
    const lockPath = lockCopy();
    const root = populatedRoot();
    const before = snapshot(root);
    try {
      const r = node('scripts/artifacts.ts', ['--from', from, '--update-lock'], {
        AUDIT_ROOT: root,
        AUDIT_LOCK: lockPath,
      });
      assert.equal(r.status, 1);
      assert.match(
        r.stderr,
        /Artifact refused \[lock\] results\/normaliser\.json .*expected the commit that holds its new bytes.*--commit results\/normaliser\.json=<sha>; found new bytes whose commit cannot be known \(.* is not a git work tree/,
      );
      assert.deepEqual(readFileSync(lockPath), readFileSync(LOCK));
      assert.deepEqual(snapshot(root), before);
    } finally {
      for (const d of [from, join(lockPath, '..'), root]) rmSync(d, { recursive: true, force: true });
    }
  });
  test('from a clean git checkout, each changed file is credited to the commit that last changed it', () => {
    const from = temp('trail-checkout-');
    const lockPath = lockCopy();
    const root = populatedRoot();
    try {
      checkoutWithEarlierNormaliser(from);
      // Uncommitted: refused.
      const dirty = node('scripts/artifacts.ts', ['--from', from, '--update-lock'], {
        AUDIT_ROOT: root,
        AUDIT_LOCK: lockPath,
      });
      assert.equal(dirty.status, 1);
      assert.match(dirty.stderr, /differs from what HEAD holds \(uncommitted changes\)/);
      assert.equal(existsSync(join(lockPath, '..', 'audit-changes')), false, 'no change record from a refused run');
      git(from, 'commit', '-q', '-am', 'earlier normaliser');
      const changed = git(from, 'rev-parse', 'HEAD');
      writeFileSync(join(from, 'README'), 'a later commit that leaves the artifacts alone\n');
      git(from, 'add', 'README');
      git(from, 'commit', '-q', '-m', 'later');
      // Made here, not fetched from origin: refused, the commit is proven by nothing.
      const local = node('scripts/artifacts.ts', ['--from', from, '--update-lock'], {
        AUDIT_ROOT: root,
        AUDIT_LOCK: lockPath,
      });
      assert.equal(local.status, 1);
      assert.match(
        local.stderr,
        new RegExp(
          `expected proof that ${AUDIT_REPOSITORY} holds these bytes at commit ${changed}.*commit ${changed} is on no branch fetched from origin`,
        ),
      );
      git(from, 'update-ref', 'refs/remotes/origin/main', 'HEAD');
      const r = node('scripts/artifacts.ts', ['--from', from, '--update-lock'], {
        AUDIT_ROOT: root,
        AUDIT_LOCK: lockPath,
      });
      assert.equal(r.status, 0, r.stderr);
      assert.match(
        r.stdout,
        new RegExp(`results/normaliser\\.json commit: a13c1c24af0386e45c3eaee9647663a100cc233b -> ${changed}`),
      );
      // Unchanged bytes keep the commit the lock named: it still holds them.
      assert.equal(
        loadLock(lockPath).files.find((f) => f.path === 'results/pairing.json')!.commit,
        loadLock(LOCK).files.find((f) => f.path === 'results/pairing.json')!.commit,
      );
    } finally {
      for (const d of [from, join(lockPath, '..'), root]) rmSync(d, { recursive: true, force: true });
    }
  });
  test('a named commit that git shows holds other bytes is refused', () => {
    const from = temp('trail-checkout-');
    const lockPath = lockCopy();
    const root = populatedRoot();
    try {
      const current = checkoutWithEarlierNormaliser(from);
      const r = node(
        'scripts/artifacts.ts',
        ['--from', from, '--update-lock', '--commit', `results/normaliser.json=${current}`],
        { AUDIT_ROOT: root, AUDIT_LOCK: lockPath },
      );
      assert.equal(r.status, 1);
      assert.match(r.stderr, new RegExp(`commit ${current} holds other bytes at results/normaliser\\.json`));
      assert.deepEqual(readFileSync(lockPath), readFileSync(LOCK));
    } finally {
      for (const d of [from, join(lockPath, '..'), root]) rmSync(d, { recursive: true, force: true });
    }
  });
  test('a commit named from a folder that is not a checkout, and that no download proves, is refused; nothing changes', () => {
    const from = earlierRevision();
    const lockPath = lockCopy();
    const root = populatedRoot();
    const before = snapshot(root);
    try {
      for (const commit of ['b'.repeat(40), REVISION.replace(/^9/, '8')]) {
        const r = node('scripts/artifacts.ts', ['--from', from, '--update-lock', '--commit', commit], {
          AUDIT_ROOT: root,
          AUDIT_LOCK: lockPath,
          ...mirror.env,
        });
        assert.equal(r.status, 1);
        assert.match(
          r.stderr,
          new RegExp(
            `Artifact refused \\[lock\\] results/normaliser\\.json .*expected proof that ${AUDIT_REPOSITORY} holds these bytes at commit ${commit}.*the download of results/normaliser\\.json at ${commit} failed \\(.*HTTP 404\\); and .* is not a git work tree`,
          ),
        );
      }
      assert.deepEqual(readFileSync(lockPath), readFileSync(LOCK));
      assert.deepEqual(snapshot(root), before);
    } finally {
      for (const d of [from, join(lockPath, '..'), root]) rmSync(d, { recursive: true, force: true });
    }
  });
  test('--commit for every file re-credits only the files whose bytes changed: unchanged bytes keep their proven commit', () => {
    const from = earlierRevision();
    const lockPath = lockCopy();
    const root = populatedRoot();
    try {
      const r = node('scripts/artifacts.ts', ['--from', from, '--update-lock', '--commit', REVISION], {
        AUDIT_ROOT: root,
        AUDIT_LOCK: lockPath,
        ...mirror.env,
      });
      assert.equal(r.status, 0, r.stderr);
      const after = loadLock(lockPath);
      for (const f of loadLock(LOCK).files) {
        assert.equal(
          after.files.find((g) => g.path === f.path)!.commit,
          f.path === 'results/normaliser.json' ? REVISION : f.commit,
          f.path,
        );
      }
    } finally {
      for (const d of [from, join(lockPath, '..'), root]) rmSync(d, { recursive: true, force: true });
    }
  });
  test("a checkout whose origin is another repository proves nothing, even with the file's bytes at that commit", () => {
    const from = temp('trail-checkout-');
    const lockPath = lockCopy();
    const root = populatedRoot();
    try {
      checkoutWithEarlierNormaliser(from);
      git(from, 'remote', 'set-url', 'origin', 'https://github.com/someone-else/trail-scorer-audit.git');
      git(from, 'commit', '-q', '-am', 'earlier normaliser');
      git(from, 'update-ref', 'refs/remotes/origin/main', 'HEAD');
      const r = node('scripts/artifacts.ts', ['--from', from, '--update-lock'], {
        AUDIT_ROOT: root,
        AUDIT_LOCK: lockPath,
      });
      assert.equal(r.status, 1);
      assert.match(
        r.stderr,
        /the checkout's origin is https:\/\/github\.com\/someone-else\/trail-scorer-audit\.git, not github\.com\/DataScienceVishal\/trail-scorer-audit/,
      );
      assert.deepEqual(readFileSync(lockPath), readFileSync(LOCK));
    } finally {
      for (const d of [from, join(lockPath, '..'), root]) rmSync(d, { recursive: true, force: true });
    }
  });
  test('--update-lock from the folder the artifacts are brought into is refused', () => {
    const root = populatedRoot();
    const lockPath = lockCopy();
    try {
      const r = node('scripts/artifacts.ts', ['--from', root, '--update-lock', '--commit', 'a'.repeat(40)], {
        AUDIT_ROOT: root,
        AUDIT_LOCK: lockPath,
      });
      assert.equal(r.status, 1);
      assert.match(r.stderr, /--from naming a checkout of the audit, not the folder the artifacts are brought into/);
    } finally {
      for (const d of [root, join(lockPath, '..')]) rmSync(d, { recursive: true, force: true });
    }
  });
  test('a malformed --commit is one line, not a stack trace', () => {
    const root = populatedRoot();
    const r = node('scripts/artifacts.ts', ['--from', SHARED, '--update-lock', '--commit', 'results/nope.json=abc'], {
      AUDIT_ROOT: root,
    });
    rmSync(root, { recursive: true, force: true });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /^error: Artifact refused \[lock\] --commit/);
    assert.doesNotMatch(r.stderr, /^\s+at /m);
  });
});

describe('artifact strings cannot rewrite the page', () => {
  test('control and bidi characters are shown visibly, each in its own segment', async () => {
    const { segments, visibleText, jsonText } = await import('../../src/provenance/untrusted.ts');
    assert.equal(visibleText('a\u0000b\u0007c\u007f'), 'a\u2400b\u2407c\u2421');
    assert.equal(visibleText('x\u202Ey'), 'x\\u202Ey');
    assert.deepEqual(segments('ok\u202Eevil'), [
      { text: 'ok', control: false },
      { text: '\\u202E', control: true },
      { text: 'evil', control: false },
    ]);
    assert.deepEqual(
      JSON.parse(jsonText({ s: 'a\u202E\u0085b' })),
      { s: 'a\u202E\u0085b' },
      'JSON keeps the exact data',
    );
    assert.doesNotMatch(jsonText({ s: 'a\u202E\u0085b\u0000' }), /[\u0000\u0085\u202E]/, 'nothing raw');
  });
  test('CSV shows control characters visibly', async () => {
    const { toCsv } = await import('../../src/tables/csv.ts');
    const words = (text: string) => ({
      words: { text, source: { type: 'artifact' as const, file: 'results/pairing.json' as const, pointer: '/x' } },
    });
    const csv = toCsv({
      id: 't',
      table: { columns: [{ label: 'name' }], rows: [[words('NUL\u0000BEL\u0007RLO\u202E')]] },
    } as never);
    assert.equal(csv, 'name\r\nNUL\u2400BEL\u2407RLO\\u202E\r\n');
  });
  test('negative zero renders as zero', async () => {
    const { formatFigure } = await import('../../src/provenance/format.ts');
    assert.equal(formatFigure(-0, 'score'), '0.000');
    assert.equal(formatFigure(-0, 'percent1'), '0.0%');
    assert.equal(formatFigure(-0, 'count'), '0');
  });
  test('the published-text guard refuses a raw control character, and localhost when publishing', async () => {
    const { checkPublishedText } = await import('../../src/guards/published-text.ts');
    const { describeProblem } = await import('../../src/core/problem.ts');
    const dist = temp('trail-dist-');
    try {
      writeFileSync(
        join(dist, 'index.html'),
        '<p>fine\ttext</p>\n<link rel="canonical" href="http://localhost:4321/">',
      );
      assert.deepEqual(checkPublishedText(dist, false), []);
      assert.deepEqual(checkPublishedText(dist, true).map(describeProblem), [
        'index.html:2:36: names "localhost" in a build meant for publishing; set SITE_URL',
      ]);
      mkdirSync(join(dist, 'data'));
      writeFileSync(join(dist, 'data/t.csv'), 'a,b\r\nx\u0000,y\r\n');
      writeFileSync(join(dist, 'p.html'), '<q>ab\u202Ecd</q>');
      assert.deepEqual(checkPublishedText(dist, false).map(describeProblem).sort(), [
        'data/t.csv:2:2: a raw control character U+0000; artifact strings must be shown visibly',
        'p.html:1:6: a raw control character U+202E; artifact strings must be shown visibly',
      ]);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
