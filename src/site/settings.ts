/**
 * The site's address, checked before the build starts (scripts/prepare.ts and
 * astro.config.mjs both call this). `SITE_BASE` is a path under the one host of
 * `SITE_URL`; `SITE_URL` is an origin, https (plain http only for a local, unpublished
 * build). A build meant for publishing must name its address: a site published with
 * localhost in its canonical links, feeds and sitemap is wrong for every reader.
 */
import { SettingError } from '../core/setting-error.ts';
import { siteRepository } from './repository.ts';

export interface SiteSettings {
  /** The origin, no trailing slash: `https://owner.github.io`. */
  readonly site: string;
  /** The base path, starting and ending with '/'. */
  readonly base: string;
  /** True when the build is meant for publishing (SITE_PUBLISH=1, or GitHub Actions unless SITE_PUBLISH=0). */
  readonly publishing: boolean;
}

const LOCAL_SITE = 'http://localhost:4321';
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Plain path segments only: percent-encoding, '?', '#', '\' and '.'/'..' segments are refused rather than guessed at. */
const BASE = /^\/(?:(?!\.\.?\/)[A-Za-z0-9._~-]+\/)*$/;

/** Whether an address is this machine's (a local build's): such an address names no page a reader elsewhere can open. */
export function isLocalAddress(url: URL | string | undefined): boolean {
  if (url === undefined) return true;
  return LOCAL_HOSTS.has(new URL(url).hostname);
}

function isPublishing(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env['SITE_PUBLISH'] === '1') return true;
  if (env['SITE_PUBLISH'] === '0') return false;
  return env['GITHUB_ACTIONS'] === 'true';
}

export function siteSettings(env: NodeJS.ProcessEnv = process.env): SiteSettings {
  const publishing = isPublishing(env);
  const flag = env['SITE_PUBLISH'];
  if (flag !== undefined && flag !== '' && flag !== '0' && flag !== '1')
    throw new SettingError('SITE_PUBLISH', '1 (publishing) or 0 (not)', JSON.stringify(flag));

  // Refused here too, before anything runs: it becomes a link in every footer.
  siteRepository(env);
  const base = env['SITE_BASE'] || '/';
  if (!BASE.test(base)) {
    throw new SettingError(
      'SITE_BASE',
      "a path that starts and ends with '/', made of plain segments (letters, digits, '.', '_', '~', '-'; no '//' start, no '?', '#', '%' escapes or '..')",
      JSON.stringify(base),
    );
  }

  const raw = env['SITE_URL'] || '';
  if (raw === '') {
    if (publishing)
      throw new SettingError(
        'SITE_URL',
        'the https:// origin the site is published at (this build is meant for publishing: SITE_PUBLISH=1 or GitHub Actions)',
        'nothing',
      );
    return { site: LOCAL_SITE, base, publishing };
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SettingError('SITE_URL', 'an absolute URL such as https://owner.github.io', JSON.stringify(raw));
  }
  const local = LOCAL_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local && !publishing)) {
    throw new SettingError(
      'SITE_URL',
      'an https:// origin (plain http:// only for localhost in a build not meant for publishing)',
      JSON.stringify(raw),
    );
  }
  if (publishing && local)
    throw new SettingError('SITE_URL', 'a public origin (this build is meant for publishing)', JSON.stringify(raw));
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') {
    throw new SettingError(
      'SITE_URL',
      'an origin only, with no path, query, fragment or credentials (the path goes in SITE_BASE)',
      JSON.stringify(raw),
    );
  }
  return { site: url.origin, base, publishing };
}
