// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import { auditGuards } from './src/guards/integration.ts';

export default defineConfig({
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  base: process.env.SITE_BASE ?? '/',
  trailingSlash: 'always',
  build: { format: 'directory' },
  integrations: [mdx(), auditGuards()],
});
