/**
 * postinstall, on the first `node` on npm's PATH: npm skips an optional per-platform Node package that fails
 * its integrity check without a word, and `npm run` would use the machine's Node. Plain JavaScript: any Node.
 */
import { readFileSync } from 'node:fs';

const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8'));
const name = `node-${process.platform}-${process.arch}`;
const pinned = lock.packages[`node_modules/${name}`]?.version;
const pinnedNames = Object.keys(lock.packages).filter(
  (p) => /^node_modules\/node-[a-z]+-[a-z0-9]+$/.test(p) && lock.packages[p].bin?.node,
);

if (!pinned) {
  console.error(
    `error: package-lock.json pins no Node binary for ${process.platform}-${process.arch} (it pins ${pinnedNames.map((p) => p.slice(13)).join(', ')}); ` +
      `npm run would use ${process.version} from ${process.execPath}. The build needs Node 24: add this platform's package, or run on Linux.`,
  );
  process.exit(1);
}
if (process.version !== `v${pinned}`) {
  console.error(
    `error: package-lock.json pins Node ${pinned} (${name}), but npm run would use ${process.version} from ${process.execPath}: ` +
      `npm skipped the optional package ${name}, most often because its download failed the lock's integrity check (look for EINTEGRITY in npm's log). Run npm ci again.`,
  );
  process.exit(1);
}
