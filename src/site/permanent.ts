/**
 * Where a page's permanent copy lives. A revision here is an audit revision: the
 * first 12 hex of our lock's digest, which names one set of audit file bytes and the
 * commits credited with them. The site as first published for it is kept, unchanged,
 * under `<base>r/<revision>/`. A build whose base already ends in `r/<revision>/` is
 * that permanent copy (the deploy builds it a second time, under that base).
 */
import { SettingError } from '../core/setting-error.ts';

const ARCHIVED = /^(.*\/)r\/([0-9a-f]{12})\/$/;

/** The folder, under the live base, that holds a revision's permanent copy. */
export const archiveFolder = (revision: string): string => `r/${revision}/`;

export interface PermanentBase {
  /** The live site's base path (ends with '/'). */
  readonly liveBase: string;
  /** The revision this build is the permanent copy of, when it is one. */
  readonly archived: string | undefined;
}

/** Reads a base path: the live base, and the revision when the base is an archive folder. */
export function permanentBase(base: string): PermanentBase {
  const b = base.endsWith('/') ? base : `${base}/`;
  const m = ARCHIVED.exec(b);
  return m ? { liveBase: m[1]!, archived: m[2]! } : { liveBase: b, archived: undefined };
}

/** A page's live and permanent addresses, for `path` under the base (origin from the site's address). */
/** The base read, refused when it is another revision's folder: that copy would be a permanent address for bytes it does not hold. */
export function checkPermanentBase(base: string, revision: string): PermanentBase {
  const read = permanentBase(base);
  if (read.archived !== undefined && read.archived !== revision) {
    throw new SettingError(
      'SITE_BASE',
      `the live base, or the live base followed by ${archiveFolder(revision)} (the revision this lock names)`,
      JSON.stringify(base),
    );
  }
  return read;
}

export interface Addresses {
  readonly live: string;
  readonly permanent: string;
  /** The live site's root, and the permanent copy's. */
  readonly liveRoot: string;
  readonly permanentRoot: string;
  /** The root of this build's own files: the live root, or in a permanent copy its own (what a digest of a file built here names). */
  readonly root: string;
}

export function addressesOf(origin: string, base: string, revision: string, path: string): Addresses {
  const { liveBase, archived } = checkPermanentBase(base, revision);
  const rest = path.replace(/^\/+/, '');
  const liveRoot = new URL(liveBase, origin).href;
  const permanentRoot = new URL(liveBase + archiveFolder(revision), origin).href;
  return {
    live: new URL(rest, liveRoot).href,
    permanent: new URL(rest, permanentRoot).href,
    liveRoot,
    permanentRoot,
    root: archived ? permanentRoot : liveRoot,
  };
}
