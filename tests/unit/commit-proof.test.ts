/** The two proofs that a commit holds a file's bytes, on small inputs. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { downloadProof, githubRepositoryOf, proofKey } from '../../src/admission/commit-proof.ts';
import { sha256Hex } from '../../src/admission/digest.ts';

test('a GitHub remote is read in its https, ssh and scp-like spellings, and nothing else passes for one', () => {
  for (const url of [
    'https://github.com/Owner/Repo.git',
    'https://github.com/owner/repo',
    'git@github.com:owner/repo.git',
    'ssh://git@github.com/owner/repo.git',
  ])
    assert.equal(githubRepositoryOf(url), 'owner/repo', url);
  for (const url of [
    'https://gitlab.com/owner/repo.git',
    'https://github.com.evil.org/owner/repo',
    '/srv/git/owner/repo',
    'https://github.com/owner/repo/tree/main',
  ])
    assert.equal(githubRepositoryOf(url), undefined, url);
});

test('a download proves a commit only with exactly the bytes, and says why otherwise', () => {
  const bytes = new TextEncoder().encode('{"a":1}');
  const key = proofKey('results/a.json', 'c'.repeat(40));
  assert.equal(
    downloadProof(new Map([[key, { sha256: sha256Hex(bytes) }]]), 'c'.repeat(40), 'results/a.json', bytes).proven,
    true,
  );
  assert.deepEqual(
    downloadProof(new Map([[key, { sha256: sha256Hex('other') }]]), 'c'.repeat(40), 'results/a.json', bytes),
    {
      proven: false,
      why: `the repository holds other bytes at results/a.json in commit ${'c'.repeat(40)} (SHA-256 ${sha256Hex('other')})`,
    },
  );
  assert.match(
    (
      downloadProof(new Map([[key, { failed: 'HTTP 404' }]]), 'c'.repeat(40), 'results/a.json', bytes) as {
        why: string;
      }
    ).why,
    /failed \(HTTP 404\)/,
  );
  assert.match(
    (downloadProof(new Map(), 'c'.repeat(40), 'results/a.json', bytes) as { why: string }).why,
    /no download/,
  );
});
