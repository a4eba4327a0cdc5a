/** robots.txt, pointing at the sitemap. */
import type { APIRoute } from 'astro';
import { href } from '../site/paths.ts';

export const GET: APIRoute = ({ site }) =>
  new Response(`User-agent: *\nAllow: /\nSitemap: ${new URL(href('sitemap.xml'), site).href}\n`);
