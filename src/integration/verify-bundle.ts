/**
 * In the browser bundle only (the /verify/ page's script), node:crypto, node:fs and node:path
 * resolve to src/verify/node-shim.ts: admission's modules import them at the top, though the
 * check never calls them there. Goes once admission has no `node:` import (shared interface 3).
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const SHIM = fileURLToPath(new URL('../verify/node-shim.ts', import.meta.url));
const SHIMMED = new Set(['node:crypto', 'node:fs', 'node:path']);

export const verifyBundle: Plugin = {
  name: 'audit-guards:verify-bundle',
  enforce: 'pre',
  resolveId(id) {
    return SHIMMED.has(id) && this.environment.config.consumer === 'client' ? SHIM : undefined;
  },
};
