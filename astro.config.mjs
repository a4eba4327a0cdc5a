// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import { auditGuards } from './src/guards/integration.ts';
import { siteSettings } from './src/site/settings.ts';

// Checked here too, for a build that skips scripts/prepare.ts; prepare reports a refusal first, in one line.
const { site, base, publishing } = siteSettings();

export default defineConfig({
  site,
  base,
  trailingSlash: 'always',
  build: { format: 'directory' },
  integrations: [mdx(), auditGuards({ publishing })],
});
