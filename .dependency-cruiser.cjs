/**
 * The folders of src/ are one-way layers, in the order src/core/pipeline.ts gives: a file may
 * import its own folder and those before it, never one after, and nothing imports in a circle.
 * Type-only imports count. Run by tests/unit/imports.test.ts, or `npx depcruise src`.
 * dependency-cruiser reads .ts and .js; the frontmatter of .astro files is not parsed.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- dependency-cruiser loads its config as CommonJS
const { PIPELINE } = require('./src/core/pipeline.ts');

const layers = PIPELINE.map(([folder]) => folder);

module.exports = {
  forbidden: [
    ...layers.slice(0, -1).map((folder, i) => ({
      name: `layer-${folder}`,
      comment: `src/${folder}/ may import only ${layers.slice(0, i + 1).join(', ')}`,
      severity: 'error',
      from: { path: `^src/${folder}/` },
      to: { path: `^src/(${layers.slice(i + 1).join('|')})/` },
    })),
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'in-a-layer',
      comment: 'every file of src/ is in a folder of the pipeline',
      severity: 'error',
      from: { path: '^src/', pathNot: `^src/(${layers.join('|')})/` },
      to: {},
    },
  ],
  options: {
    includeOnly: '^src/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
