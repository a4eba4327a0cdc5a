/**
 * Reading a file admission may trust to be a file. Every artifact, the lock and every
 * source file brought in goes through here: only a regular file is read, never a
 * directory, device, FIFO or socket (a FIFO would hang the read, /dev/zero would fill
 * the heap); a file that resolves outside the folder it must live in (a symlink out of
 * it) is refused; so is one larger than the limit. The type is checked before opening,
 * the file is opened non-blocking without following a link, and checked again on the
 * open descriptor, so a swap between the checks is caught too.
 */
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, statSync, type Stats } from 'node:fs';
import { isAbsolute, relative } from 'node:path';
import { MAX_ARTIFACT_BYTES } from './schemas.ts';

/** Why a path could not be read as a file: `found` completes "expected a regular file; found ...". */
export class FileRefusal extends Error {
  readonly found: string;
  constructor(found: string) {
    super(found);
    this.name = 'FileRefusal';
    this.found = found;
  }
}

function kind(st: Stats): string | undefined {
  if (st.isFile()) return undefined;
  if (st.isDirectory()) return 'a directory';
  if (st.isFIFO()) return 'a FIFO (named pipe)';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  if (st.isSocket()) return 'a socket';
  return 'something that is not a regular file';
}

function errorFound(e: unknown, what: string): FileRefusal {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return new FileRefusal(`no such file (${what})`);
  if (code === 'EACCES' || code === 'EPERM')
    return new FileRefusal(`a file that cannot be read: permission denied (${what})`);
  if (code === 'ELOOP') return new FileRefusal(`a symbolic link loop or a link swapped in while reading (${what})`);
  return new FileRefusal(`a file that cannot be read: ${code ?? String(e)} (${what})`);
}

/** True when `inner` is `outer` or lies under it. */
export function isInside(outer: string, inner: string): boolean {
  const rel = relative(outer, inner);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * Reads `full` if it is a regular file of at most `maxBytes`, resolving (when `within`
 * is given) inside the real path of `within`. Throws a FileRefusal otherwise.
 */
export function readRegularFile(full: string, options: { within?: string; maxBytes?: number } = {}): Uint8Array {
  const maxBytes = options.maxBytes ?? MAX_ARTIFACT_BYTES;
  let real: string;
  try {
    // The native call: one syscall, where the JavaScript one lstats every component of the path.
    real = realpathSync.native(full);
  } catch (e) {
    // A dangling link: lstat sees it, realpath does not.
    throw errorFound(e, full);
  }
  if (options.within !== undefined) {
    let folder: string;
    try {
      folder = realpathSync.native(options.within);
    } catch (e) {
      throw errorFound(e, options.within);
    }
    if (!isInside(folder, real)) throw new FileRefusal(`a link to ${real}, outside the folder ${folder}`);
  }
  let st: Stats;
  try {
    st = statSync(real);
  } catch (e) {
    throw errorFound(e, full);
  }
  const notFile = kind(st);
  if (notFile) throw new FileRefusal(`${notFile} at ${full}`);
  if (st.size > maxBytes)
    throw new FileRefusal(`${st.size} bytes at ${full}, over the limit of ${maxBytes} bytes per file`);

  let fd: number;
  try {
    fd = openSync(real, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (e) {
    throw errorFound(e, full);
  }
  try {
    const opened = fstatSync(fd);
    const swapped = kind(opened);
    if (swapped) throw new FileRefusal(`${swapped} at ${full} (swapped in while reading)`);
    // Read to the end, but never past the limit: a file that grows while read is refused, not truncated.
    // One buffer a byte larger than the file's size usually holds it all; it grows only if the file does.
    let buffer = new Uint8Array(Math.min(opened.size, maxBytes) + 1);
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        const grown = new Uint8Array(Math.min(buffer.length * 2, maxBytes + 1));
        grown.set(buffer);
        buffer = grown;
      }
      let n: number;
      try {
        n = readSync(fd, buffer, length, buffer.length - length, null);
      } catch (e) {
        throw errorFound(e, full);
      }
      if (n === 0) break;
      length += n;
      if (length > maxBytes) throw new FileRefusal(`more than ${maxBytes} bytes at ${full}, over the limit per file`);
    }
    return buffer.subarray(0, length);
  } finally {
    closeSync(fd);
  }
}
