// html-metadata and jsonld ship no types: the parts the tests use.
declare module 'html-metadata' {
  interface Metadata {
    readonly highwirePress?: Record<string, string | string[]>;
    readonly jsonLd?: Record<string, unknown> | Record<string, unknown>[];
    readonly general?: Record<string, unknown>;
  }
  const scrape: { loadFromString(html: string): Promise<Metadata> };
  export default scrape;
}
declare module 'jsonld' {
  interface RemoteDocument {
    readonly contextUrl: string | null;
    readonly documentUrl: string;
    readonly document: unknown;
  }
  const jsonld: {
    expand(
      input: unknown,
      options?: { documentLoader?: (url: string) => Promise<RemoteDocument> },
    ): Promise<Record<string, unknown>[]>;
  };
  export default jsonld;
}
