/**
 * The admitted audit, for pages and components. Importing this module runs
 * admission, so no page can render from artifacts that were not verified.
 */
import { admit } from './admission/admit.ts';
import { artifactsRoot, lockPath } from './admission/paths.ts';

export const audit = admit({ root: artifactsRoot(), lockPath: lockPath() });
export type { Audit } from './admission/admit.ts';
