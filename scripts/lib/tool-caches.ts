/** The folders under node_modules where build tools keep caches between runs (Vite's, Astro's, and others' under .cache); a fresh `npm ci` has none of them. */
export const TOOL_CACHES: readonly string[] = ['.vite', '.astro', '.cache'];
