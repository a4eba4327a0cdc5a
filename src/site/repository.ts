/**
 * The site repository's address, a link in every footer and citation, so refused (not cleaned) unless it is
 * SITE_REPOSITORY as `owner/name` or `https://<host>/owner/name`; on GitHub Actions GITHUB_REPOSITORY at
 * GITHUB_SERVER_URL; elsewhere the `origin` remote git names (https or GitHub's ssh address).
 */
import { SettingError } from '../core/setting-error.ts';

/** owner/name as GitHub spells a repository: the same form the lock admits (src/admission/schemas.ts). */
const OWNER_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}\/(?!\.\.?$)[A-Za-z0-9._-]{1,100}$/;
/** An https origin: a host name of plain labels, an optional port, nothing else. */
const ORIGIN =
  /^https:\/\/[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*(?::\d{1,5})?$/;

const FORM_REPOSITORY =
  "GitHub's owner/name (letters, digits, '-', then '/', then letters, digits, '.', '_', '-'), or the repository's address https://<host>/owner/name; no other scheme, no whitespace or control character";

/** The web address a remote's URL names (`https://host/o/n[.git]`, `git@github.com:o/n[.git]`), or undefined for any other form. */
function remoteAddress(url: string | undefined): string | undefined {
  const REMOTE =
    /^(?:https:\/\/([^/@]+)\/|git@(github\.com):|ssh:\/\/git@(github\.com)\/)([^/]+\/[^/]+?)(?:\.git)?\/?$/;
  const m = REMOTE.exec(url ?? '');
  return m ? `https://${m[1] ?? m[2] ?? m[3]}/${m[4]}` : undefined;
}

/** The repository's web address with no trailing slash, or undefined when neither the environment nor git names one. */
export function siteRepository(env: NodeJS.ProcessEnv = process.env, remote?: string): string | undefined {
  const named = env['SITE_REPOSITORY'] ?? (env['GITHUB_REPOSITORY'] ? undefined : remoteAddress(remote));
  if (named) {
    if (OWNER_NAME.test(named)) return `https://github.com/${named}`;
    const m = /^(https:\/\/[^/]*)\/([^/]+\/[^/]+?)\/?$/.exec(named);
    if (!m || !ORIGIN.test(m[1]!) || !OWNER_NAME.test(m[2]!))
      throw new SettingError(
        env['SITE_REPOSITORY'] ? 'SITE_REPOSITORY' : "SITE_REPOSITORY (unset: read from git's remote.origin.url)",
        FORM_REPOSITORY,
        JSON.stringify(named),
      );
    return `${m[1]}/${m[2]}`;
  }
  const repository = env['GITHUB_REPOSITORY'];
  if (!repository) return undefined;
  if (!OWNER_NAME.test(repository))
    throw new SettingError(
      'GITHUB_REPOSITORY',
      "GitHub's owner/name, as GitHub Actions sets it",
      JSON.stringify(repository),
    );
  const server = env['GITHUB_SERVER_URL'] || 'https://github.com';
  const origin = server.replace(/\/$/, '');
  if (!ORIGIN.test(origin))
    throw new SettingError(
      'GITHUB_SERVER_URL',
      'the https:// origin of the GitHub server (no path, query, whitespace or control character), as GitHub Actions sets it',
      JSON.stringify(server),
    );
  return `${origin}/${repository}`;
}
