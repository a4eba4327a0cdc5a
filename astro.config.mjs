// @ts-check
import mdx from '@astrojs/mdx';
import { auditGuards } from './src/integration/index.ts';
import { siteSettings } from './src/site/settings.ts';
import { MDX_COMPONENT_NAMES } from './src/components/mdx-component-names.ts';
import { SettingError } from './src/core/setting-error.ts';

/** A bad SITE_URL, SITE_BASE or SITE_PUBLISH stops here, before any work, in one line. */
function settings() {
  try {
    return siteSettings();
  } catch (e) {
    if (!(e instanceof SettingError)) throw e;
    console.error(`error: ${e.message}`);
    process.exit(1);
  }
}
const { site, base, publishing } = settings();

/**
 * Typed here rather than through astro/config's defineConfig, which does nothing at run time but
 * whose module also loads an SVG optimiser (svgo) this build never uses.
 * @type {import('astro').AstroUserConfig}
 */
const config = {
  site,
  base,
  trailingSlash: 'always',
  build: { format: 'directory' },
  // The prose's one shell snippet is not highlighted; the re-derivation sources are (src/audit/highlighted-sources.ts).
  markdown: { syntaxHighlight: false },
  integrations: [
    // MDX writes the prose's plain elements as one string; the elements our components replace (the headings, with their anchors) stay components.
    mdx({ optimize: { ignoreElementNames: MDX_COMPONENT_NAMES.filter((n) => /^[a-z]/.test(n)) } }),
    auditGuards({ publishing }),
  ],
};
export default config;
