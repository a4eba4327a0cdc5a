/** The lock the build admitted the artifacts against, byte for byte: the file the pages name as a source. */
import type { APIRoute } from 'astro';
import { readFile } from 'node:fs/promises';
import { lockPath } from '../../admission/paths.ts';

export const GET: APIRoute = async () =>
  new Response(await readFile(lockPath()), { headers: { 'content-type': 'application/json' } });
