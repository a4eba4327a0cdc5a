/** The configured base path, as Vite gives it to the pages: the one place the pages read it. */
export const basePath = (): string => import.meta.env.BASE_URL;

/** Internal links under the configured base path (root, or a project page such as /trail-scorer-audit/). */
export function href(path: string): string {
  const base = basePath().replace(/\/+$/, '');
  const rest = path.replace(/^\/+/, '');
  return `${base}/${rest}`;
}

/** A path under the base as an absolute address at `site`: how packets and metadata name the build's own files. */
export function absolute(path: string, site: URL | string | undefined): string {
  return new URL(href(path), site).href;
}
