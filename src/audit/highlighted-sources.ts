/** The re-derivations' source files, highlighted by Shiki for the method page. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { codeToHtml } from 'shiki';

/** The HTML of one file (its path relative to `root`), both themes as CSS variables. */
export function highlighted(root: string, file: string): Promise<string> {
  return codeToHtml(readFileSync(join(root, file), 'utf8').replace(/\n$/, ''), {
    lang: 'ts',
    themes: { light: 'github-light', dark: 'github-dark' },
    defaultColor: false,
    // No time limit on a line: Shiki's default gives up mid-line on a busy machine, so one source could highlight two ways.
    tokenizeTimeLimit: 0,
  });
}
