/** The claims register (content/claims.register.json): what supports each sentence, and where a reader opens it. */
import * as z from 'zod/mini';
import type { LockFile } from '../admission/schemas.ts';
import raw from '../../content/claims.register.json' with { type: 'json' };

/** What can support a sentence. */
export const SUPPORT_KINDS = ['artifact', 'rederivation', 'audit-file', 'paper', 'site'] as const;

export const RegisterRow = z.strictObject({
  id: z.string().check(z.regex(/^(s-[0-9a-f]{10}|holds:[a-z0-9-]+)$/)),
  /** The page it shows on (or "build" for text only the build prints). */
  page: z.string().check(z.minLength(1)),
  /** A file that holds the sentence (tests/unit/claims.test.ts checks it: a sentence that moves takes its row's file with it). */
  file: z.string().check(z.minLength(1)),
  /** A short gist in the reviewer's words, never a copied passage. */
  gist: z.string().check(z.minLength(3), z.maxLength(160)),
  support: z.strictObject({
    kind: z.enum(SUPPORT_KINDS),
    /** file#/pointer, a derivation or conclusion name, a public file of the audit as path@commit#La-Lb, or a site module. */
    at: z.string().check(z.minLength(1)),
    /** For a file of the audit: the opening words of the supporting passage, which must stand in those lines. */
    passage: z.optional(z.string().check(z.minLength(3), z.maxLength(80))),
  }),
  /** supported: true as it stands; rewritten: changed in the review to say no more than its support; about-the-site: a statement about this site, checked against its code. */
  verdict: z.enum(['supported', 'rewritten', 'about-the-site']),
});
export type RegisterRow = z.infer<typeof RegisterRow>;
export const Register = z.strictObject({ $comment: z.string(), rows: z.array(RegisterRow) });

export const REGISTER_PATH = 'content/claims.register.json';

/** Where an `audit-file` support points: a public file of the audit at a commit, and the lines that hold the passage. */
export interface AuditPlace {
  readonly path: string;
  readonly commit: string;
  readonly from: number;
  readonly to: number;
}

export function parseAuditPlace(at: string): AuditPlace | undefined {
  const m = /^([\w./-]+)@([0-9a-f]{40})#L(\d+)(?:-L(\d+))?$/.exec(at);
  if (!m) return undefined;
  const from = Number(m[3]);
  return { path: m[1]!, commit: m[2]!, from, to: m[4] === undefined ? from : Number(m[4]) };
}

/** The address a reader opens for an `audit-file` support: the file on GitHub at its commit, at those lines. */
export function auditPlaceUrl(repository: string, place: AuditPlace): string {
  // GitHub renders Markdown unless asked for its text; only the text has line anchors.
  const plain = place.path.endsWith('.md') ? '?plain=1' : '';
  const lines = place.to === place.from ? `L${place.from}` : `L${place.from}-L${place.to}`;
  return `https://github.com/${repository}/blob/${place.commit}/${place.path}${plain}#${lines}`;
}

/** The register as committed. */
export const registerRows = (): readonly RegisterRow[] => Register.parse(raw).rows;

/** Where a reader opens a row's support, where it is outside the site: a file of the audit at its lines, or an artifact at its commit. */
export function supportUrl(
  row: RegisterRow,
  files: readonly Pick<LockFile, 'path' | 'repository' | 'commit'>[],
): string | undefined {
  const { kind, at } = row.support;
  if (kind === 'audit-file') {
    const place = parseAuditPlace(at);
    return place && auditPlaceUrl(files[0]!.repository, place);
  }
  if (kind !== 'artifact') return undefined;
  const f = files.find((x) => x.path === at.split('#')[0]);
  return f && `https://github.com/${f.repository}/blob/${f.commit}/${f.path}`;
}
