// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { defineConfig } from 'eslint/config';

const PROSE =
  'Prose belongs in content/strings.json: place it with <Say of="key"> in a template, or say("key") in code, so the claims check reads it.';
// Two words in a row; a single word (a nav label, "Verdict:"), punctuation and code are fine.
const WORDS = "/[A-Za-z][A-Za-z'’-]*[,;:.]?\\s+[A-Za-z]/";
// The attributes a reader (or a screen reader) is given as text.
const TEXT_ATTRIBUTE = '[name.name=/^(aria-label|alt|title|label|data-label|placeholder)$/]';
const CHILD = 'JSXExpressionContainer:not(JSXAttribute > JSXExpressionContainer)';
const PROSE_IN_TEMPLATES = [
  `JSXText[value=${WORDS}]:not(JSXElement[openingElement.name.name=/^(pre|code)$/] *)`,
  ...[CHILD, `${CHILD} > ConditionalExpression`, `${CHILD} > LogicalExpression`].flatMap((at) => [
    `${at} > Literal[value=${WORDS}]`,
    `${at} > TemplateLiteral > TemplateElement[value.cooked=${WORDS}]`,
  ]),
  `JSXAttribute${TEXT_ATTRIBUTE} > Literal[value=${WORDS}]`,
  `JSXAttribute${TEXT_ATTRIBUTE} > JSXExpressionContainer > Literal[value=${WORDS}]`,
  `JSXAttribute${TEXT_ATTRIBUTE} > JSXExpressionContainer > TemplateLiteral > TemplateElement[value.cooked=${WORDS}]`,
];
// In the modules that make page text: four words in a row, the claims check's sentence (refusals for the terminal aside).
const SENTENCE = "/[A-Za-z][A-Za-z'’-]*[,;:.]?(\\s+[A-Za-z][A-Za-z'’-]*[,;:.]?){3}/";
const NOT_REFUSAL = ':not(NewExpression[callee.name=/Error$/] *):not(ThrowStatement *)';
const PROSE_IN_CODE = [
  `Literal[value=${SENTENCE}]${NOT_REFUSAL}:not(JSXAttribute > Literal)`,
  `TemplateElement[value.cooked=${SENTENCE}]${NOT_REFUSAL}`,
];
/** @param {string[]} selectors @returns {import('eslint').Linter.RulesRecord} */
const proseRule = (selectors) => ({
  'no-restricted-syntax': ['error', ...selectors.map((selector) => ({ selector, message: PROSE }))],
});

export default defineConfig(
  { ignores: ['dist/', 'results/', 'index/', 'test-results/', 'playwright-report/', '.astro/', 'node_modules/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  { languageOptions: { globals: { ...globals.node, ...globals.browser } } },
  {
    rules: {
      // The trust boundary matches raw control characters on purpose.
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  // Prose lives in content/, where the claims check reads it: text typed into a template or a module escapes that check.
  { files: ['src/**/*.astro'], rules: proseRule([...PROSE_IN_TEMPLATES, ...PROSE_IN_CODE]) },
  { files: ['src/{charts,components,findings,layouts,pages,tables}/**/*.ts'], rules: proseRule(PROSE_IN_CODE) },
  prettier,
);
