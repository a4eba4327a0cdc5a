// citation-js ships no types: the part of its API citation-formats.ts uses.
declare module '@citation-js/core' {
  export class Cite {
    constructor(data: unknown);
    readonly data: Record<string, unknown>[];
    format(format: string, options?: Record<string, unknown>): string;
  }
}
declare module '@citation-js/plugin-bibtex';
declare module '@citation-js/plugin-ris';
