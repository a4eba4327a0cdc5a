/** The raw host stood in for on loopback (scripts/lib/audit-mirror.ts). */
export { rawHost, type Host } from '../../scripts/lib/audit-mirror.ts';
