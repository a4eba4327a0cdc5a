/**
 * Stands in for node:crypto, node:fs and node:path in /verify/'s browser bundle only
 * (src/integration/verify-bundle.ts), until admission has no `node:` import (shared interface 3).
 * Admission's modules import them at the top; in the browser only createHash runs, for the
 * index digest, and only on text whose SHA-256 WebCrypto computed first (`precomputeSha256`).
 */
const known = new Map<string, string>();

import { sha256Hex } from './digests.ts';

/** Makes the SHA-256 of `text` known to createHash, which must answer synchronously. */
export async function precomputeSha256(text: string): Promise<void> {
  known.set(text, await sha256Hex(new TextEncoder().encode(text)));
}

export function createHash(algorithm: string) {
  let input = '';
  const hash = {
    update(data: string) {
      input += data;
      return hash;
    },
    digest(encoding: string) {
      const digest = known.get(input);
      if (algorithm !== 'sha256' || encoding !== 'hex' || typeof input !== 'string' || digest === undefined)
        throw new Error(`in the browser, createHash answers only a SHA-256 the check computed first`);
      return digest;
    },
  };
  return hash;
}

const absent = (name: string) => () => {
  throw new Error(`${name} does not run in the browser`);
};
export const constants = {};
export const [closeSync, existsSync, fstatSync, lstatSync, mkdirSync, openSync, readdirSync, readSync] = [
  'closeSync',
  'existsSync',
  'fstatSync',
  'lstatSync',
  'mkdirSync',
  'openSync',
  'readdirSync',
  'readSync',
].map(absent);
export const [realpathSync, renameSync, statSync, writeFileSync] = [
  'realpathSync',
  'renameSync',
  'statSync',
  'writeFileSync',
].map(absent);
export const [basename, dirname, isAbsolute, join, relative, resolve] = [
  'basename',
  'dirname',
  'isAbsolute',
  'join',
  'relative',
  'resolve',
].map(absent);
