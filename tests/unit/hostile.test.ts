/**
 * Every refusal at the trust boundary, tripped on small synthetic bytes: the pure
 * admission (size, digest, strict JSON, schema, cross-checks, escaped messages), the
 * reader (not a regular file, over the cap), the bring-in (a download's HTTP error, a
 * short or long body) and the download settings. Temp folders and an in-test loopback
 * server only.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test, type TestContext } from 'node:test';
import { admitBytes } from '../../src/admission/admit.ts';
import { bringIn, download } from '../../src/admission/bring-in.ts';
import { AdmissionError } from '../../src/admission/errors.ts';
import { loadLock, readCapped } from '../../src/admission/load.ts';
import { ARTIFACT_PATHS, type Lock } from '../../src/admission/schemas.ts';
import { downloadBase } from '../../src/admission/settings.ts';
import { SettingError } from '../../src/core/setting-error.ts';
import { PROJECT } from '../support/fixture.ts';
import { cruise } from 'dependency-cruiser';
import { writeSyntheticAudit } from '../support/synthetic-audit.ts';

const temp = (t: TestContext) => {
  const dir = mkdtempSync(join(tmpdir(), 'trail-hostile-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};
const enc = (s: string) => new TextEncoder().encode(s);

/** The synthetic audit's lock and bytes; `edit` may rewrite one file's text, and the lock follows it when `relock`. */
function synthetic(t: TestContext): { lock: Lock; files: Map<string, Uint8Array>; root: string; lockPath: string } {
  const dir = temp(t);
  const { root, lockPath } = writeSyntheticAudit(dir);
  const files = new Map(ARTIFACT_PATHS.map((p) => [p as string, new Uint8Array(readFileSync(join(root, p)))]));
  return { lock: loadLock(lockPath), files, root, lockPath };
}
/** `files` with one file replaced and the lock's size and digest taken from the new bytes (what a lock change would say). */
async function replaced(lock: Lock, files: Map<string, Uint8Array>, path: string, text: string) {
  const { sha256Hex } = await import('../../src/admission/digest.ts');
  const bytes = enc(text);
  const out = new Map(files).set(path, bytes);
  const l = {
    ...lock,
    files: lock.files.map((f) => (f.path === path ? { ...f, bytes: bytes.length, sha256: '' } : f)),
  };
  for (const f of l.files) if (f.path === path) f.sha256 = await sha256Hex(bytes);
  return { lock: l as Lock, files: out };
}
async function refusal(p: Promise<unknown>): Promise<AdmissionError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AdmissionError) return e;
    throw e;
  }
  return assert.fail('expected a refusal');
}

describe('admission refuses, in one message naming file, place, expected and found', () => {
  test('the synthetic audit is admitted as it is', async (t) => {
    const { lock, files } = synthetic(t);
    assert.equal((await admitBytes(lock, files)).properties.length, 9);
  });
  test('a file larger than the lock says', async (t) => {
    const { lock, files } = synthetic(t);
    const p = 'results/pairing.json';
    files.set(p, enc(new TextDecoder().decode(files.get(p)) + ' '));
    const e = await refusal(admitBytes(lock, files));
    assert.equal(e.check, 'digest');
    assert.match(e.message, /expected 1\d+ bytes, as locked; found 1\d+ bytes/);
    assert.equal(e.file, p);
  });
  test('a changed byte: the wrong digest', async (t) => {
    const { lock, files } = synthetic(t);
    const p = 'results/pairing.json';
    const bytes = new Uint8Array(files.get(p)!);
    bytes[bytes.length - 2] = 0x20;
    files.set(p, bytes);
    const e = await refusal(admitBytes(lock, files));
    assert.equal(e.check, 'digest');
    assert.match(
      e.message,
      /results\/pairing\.json.*expected sha256 [0-9a-f]{64}, as locked; found sha256 [0-9a-f]{64}/,
    );
  });
  test('a key given twice, with its line and column', async (t) => {
    const s = synthetic(t);
    const text = new TextDecoder().decode(s.files.get('results/pairing.json')).replace('{', '{\n  "runs": 1,');
    const { lock, files } = await replaced(s.lock, s.files, 'results/pairing.json', text);
    const e = await refusal(admitBytes(lock, files));
    assert.equal(e.check, 'json');
    assert.match(e.pointer, /^\d+:\d+$/);
    assert.match(e.found, /"runs" again/);
  });
  test('a "__proto__" key, with its line and column, never setting a prototype', async (t) => {
    const s = synthetic(t);
    const text = new TextDecoder()
      .decode(s.files.get('results/pairing.json'))
      .replace('{', '{\n  "__proto__": {"x": 1},');
    const { lock, files } = await replaced(s.lock, s.files, 'results/pairing.json', text);
    const e = await refusal(admitBytes(lock, files));
    assert.equal(e.check, 'json');
    assert.equal(e.pointer, '2:3');
    assert.equal(({} as Record<string, unknown>)['x'], undefined);
  });
  test('a value its schema refuses, by pointer', async (t) => {
    const s = synthetic(t);
    const doc = JSON.parse(new TextDecoder().decode(s.files.get('results/pairing.json')));
    doc.runs[0].joint_accuracy = 2;
    const { lock, files } = await replaced(s.lock, s.files, 'results/pairing.json', JSON.stringify(doc));
    const e = await refusal(admitBytes(lock, files));
    assert.equal(e.check, 'schema');
    assert.equal(e.pointer, '/runs/0/joint_accuracy');
  });
  test('a file that disagrees with the lock\u2019s pins (a cross-check)', async (t) => {
    const s = synthetic(t);
    const doc = JSON.parse(new TextDecoder().decode(s.files.get('results/pairing.json')));
    doc.pinned_commit = 'b'.repeat(40);
    const { lock, files } = await replaced(s.lock, s.files, 'results/pairing.json', JSON.stringify(doc));
    const e = await refusal(admitBytes(lock, files));
    assert.equal(e.check, 'pins');
    assert.equal(e.pointer, '/pinned_commit');
  });
  test('artifact strings echoed in a refusal reach the terminal escaped', async (t) => {
    const s = synthetic(t);
    const doc = JSON.parse(new TextDecoder().decode(s.files.get('results/pairing.json')));
    doc['evil\u001b[2J\u202e'] = 1;
    const { lock, files } = await replaced(s.lock, s.files, 'results/pairing.json', JSON.stringify(doc));
    const e = await refusal(admitBytes(lock, files));
    assert.equal(e.check, 'schema');
    assert.doesNotMatch(e.message, /[\u0000-\u001f\u007f-\u009f\u202e]/);
    assert.match(e.message, /evil\\u\{1b\}\[2J\\u\{202e\}/);
  });
  test('the lock itself is strict JSON too', async () => {
    const e = await refusal(admitBytes(enc('{"pins": {}, "pins": {}}'), new Map()));
    assert.equal(e.check, 'json');
    assert.equal(e.file, 'artifacts.lock.json');
  });
  test('admission imports nothing from node: anywhere in its graph', async () => {
    const { output } = await cruise(['src/admission/admit.ts'], { baseDir: PROJECT, tsPreCompilationDeps: true });
    const { modules } = output as { modules: { source: string; coreModule?: boolean }[] };
    assert.ok(modules.length > 5, 'the graph was read');
    assert.deepEqual(
      modules.filter((m) => m.coreModule).map((m) => m.source),
      [],
    );
  });
});

describe('the reader takes only a regular file, never past the cap', () => {
  test('a folder', (t) => {
    const dir = temp(t);
    assert.throws(
      () => readCapped(dir, 'x', 10),
      (e: AdmissionError) => e.check === 'presence',
    );
  });
  test('a FIFO, without hanging', (t) => {
    const fifo = join(temp(t), 'fifo');
    execFileSync('mkfifo', [fifo]);
    assert.throws(
      () => readCapped(fifo, 'x', 10),
      (e: AdmissionError) => e.check === 'presence',
    );
  });
  test('a symbolic link', (t) => {
    const dir = temp(t);
    writeFileSync(join(dir, 'real'), '{}');
    symlinkSync(join(dir, 'real'), join(dir, 'link'));
    assert.throws(
      () => readCapped(join(dir, 'link'), 'x', 10),
      (e: AdmissionError) => /symbolic link/.test(e.found),
    );
  });
  test('a file over the cap, refused before it is read', (t) => {
    const file = join(temp(t), 'big');
    writeFileSync(file, 'x'.repeat(11));
    assert.throws(
      () => readCapped(file, 'x', 10),
      (e: AdmissionError) => /at most 10 bytes/.test(e.expected) && e.found === '11 bytes',
    );
  });
});

describe('bringing in, by mirror folder or by download', () => {
  let server: Server;
  let base = '';
  /** What the server answers for a path: a status and a body (a lie about the length makes a cut-off body). */
  const answers = new Map<string, { status: number; body: Uint8Array; length?: number }>();
  before(async () => {
    server = createServer((req, res) => {
      const a = answers.get(req.url ?? '');
      if (!a) return void res.writeHead(404).end();
      res.writeHead(a.status, { 'content-length': String(a.length ?? a.body.length) });
      if (a.length !== undefined && a.length > a.body.length) res.write(a.body, () => res.destroy());
      else res.end(a.body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
  });
  after(() => server.close());

  test('from a mirror folder: brought in once, then a no-op', async (t) => {
    const s = synthetic(t);
    const mirror = temp(t);
    for (const f of s.lock.files) {
      const at = join(mirror, f.repository, f.commit, f.path);
      mkdirSync(dirname(at), { recursive: true });
      writeFileSync(at, s.files.get(f.path)!);
    }
    const root = temp(t);
    assert.deepEqual(await bringIn(root, s.lock, { mirror }), { brought: 6, present: 0 });
    assert.deepEqual(await bringIn(root, s.lock, { mirror }), { brought: 0, present: 6 });
  });
  test('a mirror file with other bytes is refused, and not written', async (t) => {
    const s = synthetic(t);
    const mirror = temp(t);
    for (const f of s.lock.files) {
      const at = join(mirror, f.repository, f.commit, f.path);
      mkdirSync(dirname(at), { recursive: true });
      writeFileSync(at, f.path === 'results/pairing.json' ? '{}' : s.files.get(f.path)!);
    }
    const root = temp(t);
    const e = await refusal(bringIn(root, s.lock, { mirror }));
    assert.equal(e.file, 'results/pairing.json');
    assert.throws(() => readFileSync(join(root, 'results/pairing.json')));
  });
  test('a download answered with an HTTP error', async () => {
    const e = await refusal(download(`${base}missing`, 'results/x.json', 100));
    assert.equal(e.check, 'presence');
    assert.match(e.found, /HTTP 404/);
  });
  test('a download cut off short of its announced length', async () => {
    answers.set('/short', { status: 200, body: enc('{"a":'), length: 100 });
    const e = await refusal(download(`${base}short`, 'results/x.json', 1000));
    assert.match(e.found, /cut-off body/);
  });
  test('a download longer than the lock admits is refused', async () => {
    answers.set('/long', { status: 200, body: enc('x'.repeat(50)) });
    const e = await refusal(download(`${base}long`, 'results/x.json', 10));
    assert.match(e.expected, /at most 10 bytes/);
  });
  test('a short download is refused against the lock', async (t) => {
    const s = synthetic(t);
    const f = s.lock.files[0]!;
    answers.set(`/${f.repository}/${f.commit}/${f.path}`, { status: 200, body: s.files.get(f.path)!.subarray(0, 5) });
    const e = await refusal(bringIn(temp(t), { ...s.lock, files: [f] }, { base }));
    assert.match(e.found, /^5 bytes$/);
    assert.equal(e.file, f.path);
  });
});

describe('the download base is a setting checked before any request', () => {
  const refused = (env: Record<string, string>) =>
    assert.throws(
      () => downloadBase(env),
      (e: unknown) => e instanceof SettingError,
    );
  test('plain http to a host other than loopback, even with AUDIT_DOWNLOAD_INSECURE=1', () =>
    refused({ AUDIT_DOWNLOAD_BASE: 'http://mirror.example/', AUDIT_DOWNLOAD_INSECURE: '1' }));
  test('plain http without AUDIT_DOWNLOAD_INSECURE', () => refused({ AUDIT_DOWNLOAD_BASE: 'http://127.0.0.1:9/' }));
  test('credentials or a query in the URL', () => {
    refused({ AUDIT_DOWNLOAD_BASE: 'https://user:pw@example.com/' });
    refused({ AUDIT_DOWNLOAD_BASE: 'https://example.com/?a=1' });
  });
  test('loopback over http is allowed with AUDIT_DOWNLOAD_INSECURE=1', () =>
    assert.equal(
      downloadBase({ AUDIT_DOWNLOAD_BASE: 'http://127.0.0.1:9', AUDIT_DOWNLOAD_INSECURE: '1' }),
      'http://127.0.0.1:9/',
    ));
  test('npm run artifacts with a bad setting stops in one line, no stack trace', (t) => {
    const r = spawnSync(process.execPath, [join(PROJECT, 'scripts/artifacts.ts')], {
      cwd: PROJECT,
      encoding: 'utf8',
      env: { ...process.env, AUDIT_MIRROR: '', AUDIT_ROOT: temp(t), AUDIT_DOWNLOAD_BASE: 'ftp://x/' },
    });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /^error: Setting refused: AUDIT_DOWNLOAD_BASE/);
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
  test('the published-text guard refuses a raw control character, and localhost when publishing', async (t) => {
    const { checkPublishedText } = await import('../../src/guards/published-text.ts');
    const { describeProblem } = await import('../../src/core/problem.ts');
    const dist = temp(t);
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
