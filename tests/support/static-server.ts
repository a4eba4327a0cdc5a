/** The static file server lives with the scripts that also use it (scripts/lib/static-server.ts). */
export { serve } from '../../scripts/lib/static-server.ts';
