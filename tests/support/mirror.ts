/** The audit's repository stood in for on loopback (scripts/lib/audit-mirror.ts), holding the copies beside the project. */
import { auditFiles as filesIn, startMirror as start, type MirrorFile } from '../../scripts/lib/audit-mirror.ts';
import { SHARED } from './fixture.ts';

export { AUDIT_REPOSITORY, type Mirror, type MirrorFile } from '../../scripts/lib/audit-mirror.ts';
export const auditFiles = (): MirrorFile[] => filesIn(SHARED);
export const startMirror = (files: readonly MirrorFile[] = auditFiles()) => start(files);
