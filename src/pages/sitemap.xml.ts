/** The sitemap: every page, at its canonical address. */
import type { APIRoute } from 'astro';
import { PROPERTY_NAMES } from '../core/names.ts';
import { href } from '../site/paths.ts';

export const SITE_PAGES = [
  '/',
  'method/',
  'changes/',
  'search/',
  'verify/',
  ...PROPERTY_NAMES.map((p) => `properties/${p.toLowerCase()}/`),
];

export const GET: APIRoute = ({ site }) => {
  const urls = SITE_PAGES.map((p) => `  <url><loc>${new URL(href(p), site).href}</loc></url>`).join('\n');
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
    {
      headers: { 'content-type': 'application/xml' },
    },
  );
};
