/** The figures on every built page, by provenance (src/passes/figure-census.ts counts them). */
export interface Census {
  readonly total: number;
  readonly rederived: number;
  readonly reported: number;
  readonly computed: number;
  readonly lock: number;
  readonly paper: number;
  readonly share: number;
}
