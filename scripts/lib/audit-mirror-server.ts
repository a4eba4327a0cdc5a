/** `node scripts/lib/audit-mirror-server.ts <dir>`: serves <dir> on loopback in a process of its own and prints its address. */
import { serve } from './static-server.ts';

const { url } = await serve(process.argv[2]!);
console.log(url);
