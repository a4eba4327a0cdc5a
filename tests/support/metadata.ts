/** Reading a page's metadata as third-party tools do: html-metadata (Wikimedia's, behind Citoid's reading of Highwire and JSON-LD) and the jsonld processor. */
import scrape from 'html-metadata';
import jsonld from 'jsonld';

export const readMetadata = (html: string) => scrape.loadFromString(html);

/**
 * The JSON-LD expanded by jsonld. schema.org's context is served here, not fetched (no network in
 * tests): the part of it these documents need, its vocabulary, as https://schema.org/ gives it.
 */
export const SCHEMA = 'http://schema.org/';
export function expand(doc: unknown): Promise<Record<string, unknown>[]> {
  return jsonld.expand(doc, {
    documentLoader: async (url) => {
      if (!/^https?:\/\/schema\.org\/?$/.test(url))
        throw new Error(`the test loads no context but schema.org's; asked for ${url}`);
      return { contextUrl: null, documentUrl: url, document: { '@context': { '@vocab': SCHEMA } } };
    },
  });
}
