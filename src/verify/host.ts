/**
 * The six files at their locked commits, as plain GETs (the raw host refuses a CORS preflight) with the lock's
 * SHA-256 as their integrity; when the browser refuses one, a second plain GET finds out why.
 */
import type { LockEntry } from './census.ts';

type Fetched =
  | { readonly bytes: Uint8Array; readonly unreachable?: undefined }
  | { readonly bytes?: undefined; readonly unreachable: string };

const rawUrl = (e: LockEntry) => `https://raw.githubusercontent.com/${e.repository}/${e.commit}/${e.path}`;
/** A Subresource Integrity value from a hex SHA-256. */
const integrity = (sha256: string) =>
  `sha256-${btoa(String.fromCharCode(...sha256.match(/../g)!.map((h) => parseInt(h, 16))))}`;

// A host that stalls or never ends its answer is given up on, not waited for.
const TIMEOUT_MS = 60_000;

/** The body, read no further than one byte past the locked size: a longer one is refused by its size. */
async function capped(response: Response, bytes: number): Promise<Uint8Array> {
  const reader = response.body!.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (let r = await reader.read(); !r.done; r = await reader.read()) {
    chunks.push(r.value);
    length += r.value.length;
    if (length > bytes) {
      await reader.cancel();
      break;
    }
  }
  const out = new Uint8Array(length);
  chunks.reduce((at, c) => (out.set(c, at), at + c.length), 0);
  return out;
}

async function answer(url: string, entry: LockEntry, init: RequestInit): Promise<Fetched> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!response.ok) return { unreachable: `the host answered ${response.status} for ${url}` };
  return { bytes: await capped(response, entry.bytes) };
}

export async function fetchLocked(entry: LockEntry): Promise<Fetched> {
  const url = rawUrl(entry);
  try {
    return await answer(url, entry, { integrity: integrity(entry.sha256) });
  } catch {
    // An integrity failure and a network error are the same TypeError: ask again, without integrity, to tell them apart.
    try {
      return await answer(url, entry, {});
    } catch {
      return { unreachable: `the host could not be reached for ${url} (offline, blocked, or no answer in time)` };
    }
  }
}
