// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import { auditGuards } from './src/guards/integration.ts';
import { siteSettings } from './src/site/settings.ts';
import { MDX_COMPONENT_NAMES } from './src/components/mdx-component-names.ts';
import { plotBundleSpec, plotFromBundle } from './scripts/lib/plot-bundle.ts';
import { freshBundle } from './scripts/lib/prebundle.ts';

// Checked here too, for a build that skips scripts/prepare.ts; prepare reports a refusal first, in one line.
const { site, base, publishing } = siteSettings();
// Plot from its prebundle when that is fresh now; decided once, for Vite and for the chart cache's key.
const plotBundle = freshBundle(plotBundleSpec(import.meta.dirname));

export default defineConfig({
  site,
  base,
  trailingSlash: 'always',
  build: { format: 'directory' },
  // The prose has one three-line shell snippet: highlighting it loaded Shiki on the build's main thread
  // (about 85 ms a build). The re-derivation sources are highlighted apart (highlight-source.ts).
  markdown: { syntaxHighlight: false },
  vite: { plugins: [plotFromBundle(plotBundle)] },
  integrations: [
    // MDX writes the prose's plain elements as one string rather than element by element (the same HTML, about
    // 0.2 s less a build); the elements our components replace (the headings, with their anchors) stay components.
    mdx({ optimize: { ignoreElementNames: MDX_COMPONENT_NAMES.filter((n) => /^[a-z]/.test(n)) } }),
    auditGuards({ publishing, plot: plotBundle ?? 'node_modules' }),
  ],
});
