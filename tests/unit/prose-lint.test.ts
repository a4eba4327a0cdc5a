/**
 * Prose typed into a template or a page-facing module escapes the claims check, which reads
 * content/ only: the lint (eslint.config.js, no-restricted-syntax) refuses it and lets the same
 * words through <Say> or say().
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

/** The lines the prose rule reports (a string may match more than one of its selectors). */
async function proseErrors(code: string, filePath: string): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath });
  const lines = result!.messages
    .filter((m) => m.ruleId === 'no-restricted-syntax' && m.message.includes('content/strings.json'))
    .map((m) => m.line);
  return [...new Set(lines)];
}

const template = (body: string) => `---\nimport Say from '../strings/Say.astro';\nconst ok = true;\n---\n\n${body}\n`;
const ASTRO = 'src/components/ui/Example.astro';

test('a sentence in a template trips the lint', async () => {
  assert.deepEqual(await proseErrors(template('<p>\n  No page lives at this address.\n</p>'), ASTRO), [6]);
});

test('the same sentence placed with <Say> passes', async () => {
  assert.deepEqual(await proseErrors(template('<p>\n  <Say of="pages/404.body" />\n</p>'), ASTRO), []);
});

test('a sentence as a string in the template, or as a text attribute, trips it', async () => {
  assert.deepEqual(await proseErrors(template("<p>{ok ? 'all is well here' : ''}</p>"), ASTRO), [6]);
  assert.deepEqual(await proseErrors(template('<nav aria-label="On this page"></nav>'), ASTRO), [6]);
});

test('code, single words and punctuation pass', async () => {
  const body = [
    '<pre><code>git clone https://example.org/site.git here</code></pre>',
    '<code>npm run build now</code>',
    '<a href="/method/" class="nav link">Method</a>',
    '<p><Say of="pages/404.body" />.</p>',
    '<nav aria-label="Site"></nav>',
  ].join('\n');
  assert.deepEqual(await proseErrors(template(body), ASTRO), []);
});

test('a sentence as a string in a page-facing module trips it; a key or a refusal passes', async () => {
  const TS = 'src/tables/example.ts';
  assert.deepEqual(await proseErrors("export const caption = 'files that would mispair';\n", TS), [1]);
  assert.deepEqual(await proseErrors("export const caption = say('tables/pairing.would-mispair');\n", TS), []);
  assert.deepEqual(await proseErrors("throw new Error('the lock names no such file here');\n", TS), []);
});
