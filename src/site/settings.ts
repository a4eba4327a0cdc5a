/**
 * The site's address, checked before the build starts: `SITE_URL` an https origin (http only for a local,
 * unpublished build), `SITE_BASE` a path under it. A build meant for publishing must name its address.
 */
import { SettingError } from '../core/setting-error.ts';
import { siteRepository } from './repository.ts';

interface SiteSettings {
  /** The origin, no trailing slash. */
  readonly site: string;
  /** The base path, starting and ending with '/'. */
  readonly base: string;
  /** SITE_PUBLISH=1, or GitHub Actions unless SITE_PUBLISH=0. */
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

export function siteSettings(env: NodeJS.ProcessEnv = process.env): SiteSettings {
  const flag = env['SITE_PUBLISH'];
  const publishing = flag === '1' || (flag !== '0' && env['GITHUB_ACTIONS'] === 'true');
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
  const meant = 'this build is meant for publishing';
  if (raw === '') {
    const at = `the https:// origin the site is published at (${meant}: SITE_PUBLISH=1 or GitHub Actions)`;
    if (publishing) throw new SettingError('SITE_URL', at, 'nothing');
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
  if (publishing && local) throw new SettingError('SITE_URL', `a public origin (${meant})`, JSON.stringify(raw));
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') {
    throw new SettingError(
      'SITE_URL',
      'an origin only, with no path, query, fragment or credentials (the path goes in SITE_BASE)',
      JSON.stringify(raw),
    );
  }
  return { site: url.origin, base, publishing };
}
