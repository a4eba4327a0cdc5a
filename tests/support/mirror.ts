/** The raw host stood in for on loopback (scripts/lib/audit-mirror.ts): the audit's mirror, or a temp one of given files. */
export {
  AUDIT_REPOSITORY,
  rawHost,
  startMirror,
  type Host,
  type Mirror,
  type MirrorFile,
} from '../../scripts/lib/audit-mirror.ts';
