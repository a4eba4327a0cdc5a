/**
 * The Content-Security-Policy, as a meta tag (GitHub Pages sets no headers): inline scripts by hash
 * (src/passes/csp-hashes.ts), WebAssembly for search, inline styles because Shiki and Plot write them.
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
