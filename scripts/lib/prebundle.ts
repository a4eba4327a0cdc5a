/**
 * A content-addressed prebundle: one file holding a command's entry module and
 * everything it imports, so a short command loads one module instead of about
 * 130 (zod alone is 95 files). It is used only when it provably comes from the
 * files on disk now: its manifest lists every file the bundler read (the
 * sources, the package.json files that resolved each package, this file and the
 * bundler's package.json) and the Node version. Our own files are keyed by one
 * SHA-256 over exactly the bytes the bundler read. A package's files (under
 * node_modules: about 90 of zod's alone, most of them locales the bundle leaves
 * out) are keyed by size and change time, taken before their bytes were read:
 * any write to a file moves its change time, even one that restores its bytes or
 * its modification time, and hashing them cost about 8 ms of every run. The bundle
 * is stored under its own digest. Any difference, a missing or unreadable file, or
 * a manifest that does not parse is a miss: the command runs from source and the
 * bundle is rebuilt afterwards.
 */
// Node's modules taken as they are, not through ESM imports: an ESM import of a builtin builds a facade
// that reads every export, and fs's and crypto's lazy ones load streams and WebCrypto (about 7 ms here).
const { createHash } = process.getBuiltinModule('node:crypto');
const { closeSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync } = process.getBuiltinModule('node:fs');
const { findPackageJSON, isBuiltin } = process.getBuiltinModule('node:module');
const { join, relative, resolve, sep } = process.getBuiltinModule('node:path');
const { pathToFileURL } = process.getBuiltinModule('node:url');

/** Bump when the manifest or the bundling options change meaning (this file is also an input). */
const FORMAT = 3;

export interface PrebundleSpec {
  /** The project root every recorded path is relative to. */
  readonly root: string;
  /** The entry module, relative to root. */
  readonly entry: string;
  /** Where the manifest and bundles live (git-ignored). */
  readonly cacheDir: string;
}

interface Manifest {
  readonly format: number;
  readonly node: string;
  readonly entry: string;
  /**
   * Every file the bundle was built from, in a fixed order: [path relative to root, its
   * size] for one keyed by its bytes, [path, size, change time in ms] for a package's file.
   */
  readonly inputs: readonly (readonly [string, number] | readonly [string, number, number])[];
  /** The sha256 of every byte-keyed input's path, size and bytes, in that order (inputKey). */
  readonly key: string;
  /** [specifier, importer relative to root, package.json relative to root]: how each package resolved. */
  readonly packages: readonly (readonly [string, string, string])[];
  /** The bundle's own sha256, which is also its file name. */
  readonly bundle: string;
}

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');
const manifestPath = (spec: PrebundleSpec) => join(spec.cacheDir, `${spec.entry.replaceAll(/[^A-Za-z0-9.-]/g, '_')}.manifest.json`);
const HEX64 = /^[0-9a-f]{64}$/;

function digestOf(file: string): string | undefined {
  try {
    return sha256(readFileSync(file));
  } catch {
    return undefined;
  }
}

/** One hash over each input's path, size and bytes: what a bundle is keyed by. */
function inputKey(): { add: (path: string, bytes: Uint8Array) => void; digest: () => string } {
  const hash = createHash('sha256');
  return {
    add: (path, bytes) => hash.update(`${path}\0${bytes.length}\0`).update(bytes),
    digest: () => hash.digest('hex'),
  };
}

/** A file inside an installed package: keyed by size and change time, not by its bytes. */
const inPackage = (path: string) => /(^|[\\/])node_modules[\\/]/.test(path);

/**
 * The key of the files on disk now, or undefined if one is missing, not of its recorded
 * size, or (a package's file) changed since it was recorded. One buffer, one hash: this
 * runs on every command.
 */
function keyOnDisk(base: string, inputs: Manifest['inputs']): string | undefined {
  const key = inputKey();
  let buffer = Buffer.allocUnsafe(1 << 20);
  for (const entry of inputs) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'string' || !Number.isSafeInteger(entry[1]) || entry[1] < 0) return undefined;
    const [file, size, changed] = entry;
    if (changed !== undefined) {
      const st = statSync(base + file, { throwIfNoEntry: false });
      if (st === undefined || !st.isFile() || st.size !== size || st.ctimeMs !== changed) return undefined;
      continue;
    }
    if (buffer.length < size + 1) buffer = Buffer.allocUnsafe(size + 1);
    let fd: number;
    try {
      fd = openSync(base + file, 'r');
    } catch {
      return undefined;
    }
    let got = 0;
    try {
      // One byte more than recorded, so a file that grew is caught.
      for (let n = -1; n !== 0 && got < size + 1; got += n) n = readSync(fd, buffer, got, size + 1 - got, got);
    } catch {
      return undefined;
    } finally {
      closeSync(fd);
    }
    if (got !== size) return undefined;
    key.add(file, buffer.subarray(0, size));
  }
  return key.digest();
}

/** The path of the bundle if it was built from exactly the files on disk now; otherwise undefined (a miss). */
export function freshBundle(spec: PrebundleSpec): string | undefined {
  let m: Manifest;
  try {
    m = JSON.parse(readFileSync(manifestPath(spec), 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
  if (m === null || typeof m !== 'object' || m.format !== FORMAT || m.node !== process.version || m.entry !== spec.entry) return undefined;
  if (!Array.isArray(m.inputs) || !Array.isArray(m.packages) || typeof m.bundle !== 'string' || !HEX64.test(m.bundle) || typeof m.key !== 'string') return undefined;
  // The bundler and this file are inputs too: a different esbuild, or different options here, is a different bundle.
  const self = relative(spec.root, import.meta.filename);
  if (!m.inputs.some(([f]) => f === self)) return undefined;
  // Paths joined by hand, not path.resolve: this runs on every command, for about 130 files.
  const base = spec.root.endsWith(sep) ? spec.root : spec.root + sep;
  if (keyOnDisk(base, m.inputs) !== m.key) return undefined;
  // A package must still resolve where it did (a node_modules added nearer an importer would shadow it).
  for (const [specifier, importer, pkg] of m.packages) {
    let found: string | undefined;
    try {
      found = findPackageJSON(specifier, pathToFileURL(resolve(spec.root, importer)));
    } catch {
      return undefined;
    }
    if (found !== resolve(spec.root, pkg)) return undefined;
  }
  const bundle = join(spec.cacheDir, `${m.bundle}.mjs`);
  return digestOf(bundle) === m.bundle ? bundle : undefined;
}

/**
 * Builds the bundle and writes it under its digest, then the manifest (each
 * through a temporary file and a rename, so a reader sees a whole file or none).
 * The digest of each source is taken from the very bytes handed to the bundler.
 */
export async function rebuildBundle(spec: PrebundleSpec): Promise<void> {
  const esbuild = await import('esbuild');
  const inputs = new Map<string, { bytes: Uint8Array; changed?: number }>();
  const packages: [string, string, string][] = [];
  /** Reads a file for the bundler and records it; a package's change time is taken first, so a write during the build is a miss next time. */
  const recordFile = (abs: string): Uint8Array => {
    const rel = relative(spec.root, abs);
    const changed = inPackage(rel) ? statSync(abs).ctimeMs : undefined;
    const bytes = readFileSync(abs);
    inputs.set(rel, changed === undefined ? { bytes } : { bytes, changed });
    return bytes;
  };
  // Read before the build: if either changes during it, the recorded digest is the older one and the next run misses.
  recordFile(import.meta.filename);
  recordFile(findPackageJSON('esbuild', import.meta.url)!);
  recordFile(resolve(spec.root, 'package.json'));
  const result = await esbuild.build({
    entryPoints: [resolve(spec.root, spec.entry)],
    absWorkingDir: spec.root,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    write: false,
    outfile: 'bundle.mjs',
    logLevel: 'silent',
    // No tsconfig lookup: the transform depends on nothing but these options and the inputs.
    tsconfigRaw: {},
    minifyWhitespace: true,
    plugins: [
      {
        // The bundle takes Node's modules as they are (see the top of this file), never through an ESM facade.
        name: 'builtins-without-facade',
        setup(build) {
          build.onResolve({ filter: /^[a-z_:/]+$/ }, (args) => (isBuiltin(args.path) ? { path: args.path, namespace: 'builtin' } : undefined));
          build.onLoad({ filter: /.*/, namespace: 'builtin' }, (args) => {
            const names = Object.keys(process.getBuiltinModule(args.path) ?? {}).filter((n) => /^[A-Za-z_$][\w$]*$/.test(n) && n !== 'default');
            // Each export is read only if the bundle uses it: an unused pure call is dropped, so no lazy getter runs.
            const contents = [
              `const m = process.getBuiltinModule(${JSON.stringify(args.path)});`,
              'export default m;',
              ...names.map((n) => `export const ${n} = /* @__PURE__ */ (() => m.${n})();`),
            ].join('\n');
            return { contents, loader: 'js' };
          });
        },
      },
      {
        name: 'record-inputs',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) => {
            if (isBuiltin(args.path)) return undefined;
            const pkg = findPackageJSON(args.path, pathToFileURL(args.importer));
            if (pkg === undefined) throw new Error(`cannot find the package of ${args.path}`);
            recordFile(pkg);
            packages.push([args.path, relative(spec.root, args.importer), relative(spec.root, pkg)]);
            return undefined;
          });
          build.onLoad({ filter: /\.(ts|mjs|js|json)$/ }, (args) => {
            const contents = recordFile(args.path);
            const ext = /\.(ts|json)$/.exec(args.path)?.[1];
            return { contents, loader: ext === 'ts' ? 'ts' : ext === 'json' ? 'json' : 'js' };
          });
        },
      },
    ],
  });
  // Every file the bundler read must have come through the recorder above.
  for (const file of Object.keys(result.metafile?.inputs ?? {})) {
    if (!inputs.has(relative(spec.root, resolve(spec.root, file)))) throw new Error(`bundle input ${file} was not recorded`);
  }
  const code = result.outputFiles[0]!.contents;
  const bundle = sha256(code);
  const sorted = [...inputs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const key = inputKey();
  for (const [file, { bytes, changed }] of sorted) if (changed === undefined) key.add(file, bytes);
  const manifest: Manifest = {
    format: FORMAT,
    node: process.version,
    entry: spec.entry,
    inputs: sorted.map(([file, { bytes, changed }]) => (changed === undefined ? ([file, bytes.length] as const) : ([file, bytes.length, changed] as const))),
    key: key.digest(),
    packages,
    bundle,
  };
  mkdirSync(spec.cacheDir, { recursive: true });
  writeWhole(join(spec.cacheDir, `${bundle}.mjs`), code);
  writeWhole(manifestPath(spec), JSON.stringify(manifest, null, 1));
  // Bundles are never overwritten (a reader may have just checked one); those left by earlier builds go after an hour.
  for (const f of readdirSync(spec.cacheDir)) {
    const path = join(spec.cacheDir, f);
    if (/^[0-9a-f]{64}\.mjs$/.test(f) && f !== `${bundle}.mjs` && Date.now() - statSync(path).mtimeMs > 3_600_000) rmSync(path, { force: true });
  }
}

function writeWhole(path: string, data: Uint8Array | string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, path);
  } finally {
    rmSync(tmp, { force: true });
  }
}

/**
 * Imports the entry from its fresh bundle, or from source on a miss; the caller
 * runs `rebuild` once its own work and output are done.
 */
export async function importPrebundled<T>(spec: PrebundleSpec): Promise<{ module: T; from: 'bundle' | 'source'; rebuild: () => Promise<void> }> {
  const bundle = freshBundle(spec);
  if (bundle !== undefined) return { module: (await import(pathToFileURL(bundle).href)) as T, from: 'bundle', rebuild: async () => {} };
  const module = (await import(pathToFileURL(resolve(spec.root, spec.entry)).href)) as T;
  return {
    module,
    from: 'source',
    // A cache: if it cannot be built (no esbuild, a read-only tree), the command still ran from source; nothing to report.
    rebuild: () => rebuildBundle(spec).catch(() => {}),
  };
}
