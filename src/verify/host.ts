/**
 * The six files, from the audit's repository at their locked commits, as plain GETs with no header
 * of ours (the raw host refuses a CORS preflight) and the lock's SHA-256 as their integrity. When
 * the browser refuses a file, one more plain GET finds out why: the host's answer, or its bytes.
 */
import type { LockEntry } from './census.ts';
import { integrity } from './integrity.ts';

export const RAW_HOST = 'https://raw.githubusercontent.com/';

export type Fetched =
  | { readonly bytes: Uint8Array; readonly unreachable?: undefined }
  | { readonly bytes?: undefined; readonly unreachable: string };

export const rawUrl = (e: LockEntry) => `${RAW_HOST}${e.repository}/${e.commit}/${e.path}`;

async function answer(url: string, init: RequestInit): Promise<Fetched> {
  const response = await fetch(url, init);
  if (!response.ok)
    return { unreachable: `the host answered ${response.status} ${response.statusText}`.trim() + ` for ${url}` };
  return { bytes: new Uint8Array(await response.arrayBuffer()) };
}

export async function fetchLocked(entry: LockEntry): Promise<Fetched> {
  const url = rawUrl(entry);
  try {
    return await answer(url, { integrity: integrity(entry.sha256) });
  } catch {
    // An integrity failure and a network error are the same TypeError: ask again, without integrity, to tell them apart.
    try {
      return await answer(url, {});
    } catch {
      return { unreachable: `the host could not be reached for ${url} (offline, or blocked)` };
    }
  }
}
