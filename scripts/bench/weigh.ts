/** What each built page weighs: its HTML, the CSS and JS it loads, and its inline SVG, raw and gzipped. */
import { builtPages } from '../../src/site/built-pages.ts';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The budget for a page in all (HTML, CSS and JS it loads), gzipped. */
export const BUDGET_GZ = 60 * 1024;

export interface Weight {
  page: string;
  html: [number, number];
  css: [number, number];
  js: [number, number];
  svg: [number, number];
  total: number;
}

const sizes = (b: Buffer | string): [number, number] => [Buffer.byteLength(b), gzipSync(b, { level: 9 }).length];

export function weigh(dist: string): Weight[] {
  return builtPages(dist).map(({ path }) => {
    const text = readFileSync(path, 'utf8');
    const base = (process.env['SITE_BASE'] ?? '/').replace(/\/?$/, '/');
    const local = (url: string) => join(dist, url.startsWith(base) ? url.slice(base.length) : url.replace(/^\//, ''));
    const files = (re: RegExp) => [...text.matchAll(re)].map((m) => readFileSync(local(m[1]!)));
    const css = Buffer.concat(files(/<link rel="stylesheet" href="([^"]+)"/g));
    const js = Buffer.concat([
      ...files(/<script[^>]*\bsrc="([^"]+)"/g),
      ...[...text.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)].map(
        (m) => Buffer.from(m[1]!),
      ),
    ]);
    const svg = [...text.matchAll(/<svg[\s\S]*?<\/svg>/g)].map((m) => m[0]).join('');
    const w = { html: sizes(text), css: sizes(css), js: sizes(js), svg: sizes(svg) };
    return {
      page: '/' + relative(dist, path).replace(/index\.html$/, ''),
      ...w,
      total: w.html[1] + w.css[1] + w.js[1],
    };
  });
}
