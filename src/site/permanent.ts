/**
 * Where a page's permanent copy lives: the site as first published for an audit revision (12 hex of the
 * lock's digest) is kept under `<base>r/<revision>/`; a build under such a base is that copy.
 */
import { SettingError } from '../core/setting-error.ts';

const ARCHIVED = /^(.*\/)r\/([0-9a-f]{12})\/$/;

/** The folder, under the live base, that holds a revision's permanent copy. */
export const archiveFolder = (revision: string): string => `r/${revision}/`;

interface PermanentBase {
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

/** A page's live and permanent addresses, the two roots, and `root`: this build's own (the permanent one in a copy). */
export function addressesOf(origin: string, base: string, revision: string, path: string) {
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
