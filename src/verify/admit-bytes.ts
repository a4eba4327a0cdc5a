/**
 * Shared interface 3, `admitBytes(lock, files)`, over today's admission modules: the one place
 * /verify/ reaches admission. Size and digest (WebCrypto), strict JSON, schema and cross-checks
 * are the build's own modules; only reading files and the change records (the site's, not the
 * audit's) stay out. Once admission exports admitBytes itself, this module goes.
 */
import { ARTIFACT_KEYS } from '../admission/artifacts.ts';
import { runCrossChecks } from '../admission/crosschecks.ts';
import { pythonCanonicalJson } from '../admission/digest.ts';
import { AdmissionError } from '../admission/errors.ts';
import type { JsonValue } from '../admission/json.ts';
import { parseArtifact } from '../admission/read.ts';
import { ARTIFACT_PATHS, ARTIFACT_SCHEMAS, Lock, type ArtifactPath } from '../admission/schemas.ts';
import type { Admitted, Artifacts } from '../admission/types.ts';
import { validate } from '../admission/validate.ts';
import { precomputeSha256 } from './node-shim.ts';
import { sha256Hex } from './digests.ts';

export { Lock };

export async function admitBytes(lock: Lock, files: ReadonlyMap<string, Uint8Array>): Promise<Admitted> {
  const docs = new Map<ArtifactPath, JsonValue>();
  for (const entry of lock.files) {
    const bytes = files.get(entry.path);
    if (bytes === undefined) throw new AdmissionError('presence', entry.path, '', 'the file', 'nothing');
    if (bytes.length !== entry.bytes)
      throw new AdmissionError('digest', entry.path, '', `${entry.bytes} bytes, as locked`, `${bytes.length} bytes`);
    const sha256 = await sha256Hex(bytes);
    if (sha256 !== entry.sha256)
      throw new AdmissionError('digest', entry.path, '', `sha256 ${entry.sha256}, as locked`, `sha256 ${sha256}`);
    docs.set(entry.path, parseArtifact(entry.path, bytes));
  }
  const artifacts = Object.fromEntries(
    ARTIFACT_PATHS.map((p) => [ARTIFACT_KEYS[p], validate(ARTIFACT_SCHEMAS[p], docs.get(p), p)]),
  ) as unknown as Artifacts;
  // The index digest is computed synchronously inside the cross-checks; WebCrypto answers it first.
  await precomputeSha256(pythonCanonicalJson(artifacts.index.splits as unknown as JsonValue));
  const { checks, properties } = runCrossChecks(artifacts, lock);
  return {
    ...artifacts,
    lock,
    pins: lock.pins,
    files: lock.files.map((f) => ({ ...f })),
    properties,
    checks: [
      // The two reports admission's file reader writes (src/admission/admit.ts), of the same checks made above.
      {
        id: 'digest',
        title: 'Every file has exactly the size and SHA-256 digest the lock records',
        facts: [
          { label: 'files', value: lock.files.length },
          { label: 'bytes', value: lock.files.reduce((n, f) => n + f.bytes, 0) },
        ],
      },
      {
        id: 'schema',
        title: 'Every file is strict JSON and matches its schema, with no unknown key',
        facts: [{ label: 'files', value: lock.files.length }],
      },
      ...checks,
    ],
    revision: { digest: '', short: '' },
    history: [],
  };
}
