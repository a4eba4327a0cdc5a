/** Every output file: no raw control, format or separator character, and when publishing, no local address. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Problem } from '../core/problem.ts';
import { RAW_CONTROL_IN_OUTPUT } from '../provenance/untrusted.ts';

const TEXT = /\.(html|csv|json|xml|svg|txt|css|js|webmanifest)$/;
const LOCAL = /\b(?:localhost|127\.0\.0\.1|0\.0\.0\.0)\b|\[::1\]/;

// Pages and downloads carry artifact text; Pagefind's index and the site's own bundles (_astro/) do not, and a
// bundle may rightly hold such a character (the /verify/ script strips a \ufeff).
const OWN_CODE = ['pagefind', '_astro'];

function textFiles(dist: string): string[] {
  return readdirSync(dist, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && TEXT.test(e.name) && !OWN_CODE.includes(relative(dist, e.parentPath).split(sep)[0]!))
    .map((e) => join(e.parentPath, e.name));
}

/** `line:column`, the place the one problem type gives a position in a file. */
function place(text: string, index: number): string {
  const before = text.slice(0, index);
  const line = before.split('\n').length;
  return `${line}:${index - before.lastIndexOf('\n')}`;
}

export function checkPublishedText(dist: string, publishing: boolean): Problem[] {
  const problems: Problem[] = [];
  for (const file of textFiles(dist)) {
    const text = readFileSync(file, 'utf8');
    const name = relative(dist, file);
    const control = new RegExp(RAW_CONTROL_IN_OUTPUT.source, 'u').exec(text);
    if (control) {
      const code = control[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
      problems.push({
        file: name,
        place: place(text, control.index),
        message: `a raw control character U+${code}; artifact strings must be shown visibly`,
      });
    }
    if (publishing) {
      const local = LOCAL.exec(text);
      if (local)
        problems.push({
          file: name,
          place: place(text, local.index),
          message: `names "${local[0]}" in a build meant for publishing; set SITE_URL`,
        });
    }
  }
  return problems;
}
