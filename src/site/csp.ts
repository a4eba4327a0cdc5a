/**
 * The Content-Security-Policy, as a meta tag (a static host such as GitHub Pages
 * sets no headers). Only the site's own resources; scripts only from the site or,
 * inline, by hash (src/passes/csp-hashes.ts adds them once the inline scripts are final);
 * WebAssembly for the search index. Styles allow inline because Shiki and Plot
 * write style attributes and elements.
 */
export const SCRIPT_SOURCES = "'self' 'wasm-unsafe-eval'";

export const CSP = [
  "default-src 'none'",
  `script-src ${SCRIPT_SOURCES}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
].join('; ');

/** /verify/ alone may read the audit's files from the raw host (src/verify/host.ts). */
export const VERIFY_CSP = CSP.replace("connect-src 'self'", "connect-src 'self' https://raw.githubusercontent.com");
