/** Where the archive branch lives: ARCHIVE_REMOTE, else on GitHub Actions the workflow's own repository (with the job's token), else `origin`. */
export function archiveRemote(env: NodeJS.ProcessEnv): string {
  if (env['ARCHIVE_REMOTE']) return env['ARCHIVE_REMOTE'];
  // On the runner the checkout keeps no credentials: the job's token is given for this alone.
  if (env['GITHUB_TOKEN'] && env['GITHUB_REPOSITORY'])
    return `https://x-access-token:${env['GITHUB_TOKEN']}@github.com/${env['GITHUB_REPOSITORY']}.git`;
  return 'origin';
}
