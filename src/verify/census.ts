/** /verify/figures.json: every number a page shows, where it comes from and its text, with the build's lock. */
export interface LockEntry {
  readonly path: string;
  readonly repository: string;
  readonly commit: string;
  readonly bytes: number;
  readonly sha256: string;
  readonly blob?: string | undefined;
}

export interface CensusFigure {
  /** The page, relative to the site's base: `properties/p3/`. */
  readonly page: string;
  readonly kind: string;
  readonly source: string;
  readonly file?: string | undefined;
  readonly pointer?: string | undefined;
  readonly derivation?: string | undefined;
  readonly citation?: string | undefined;
  /** The re-derivation the page says recomputed this leaf, if any. */
  readonly rederived?: string | undefined;
  /** The figure's text on the page. */
  readonly shown: string;
}

export interface VerifyCensus {
  /** The lock as the build read it. */
  readonly lock: unknown;
  readonly figures: readonly CensusFigure[];
}

export const CENSUS_PATH = 'verify/figures.json';
