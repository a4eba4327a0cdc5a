/**
 * What the figure census counts: the figures on every built page, by provenance.
 * The method page places one census figure per key; the post-build pass
 * (src/passes/figure-census.ts) counts and fills them in.
 */
export interface Census {
  readonly total: number;
  readonly rederived: number;
  readonly reported: number;
  readonly computed: number;
  readonly lock: number;
  readonly paper: number;
  readonly share: number;
}
