/** Before Astro renders: the prose in content/ passes the figure check, with file:line:column for every problem. */
import { join } from 'node:path';
import type { Audit } from '../audit/assemble.ts';
import { MDX_COMPONENT_NAMES } from '../components/mdx-component-names.ts';
import { checkContentDir } from '../guards/mdx-source.ts';
import { checkRegister, siteClaims } from '../guards/claims.ts';
import { registerRows } from '../provenance/support.ts';
import { fail, type Logger } from './refusal.ts';

export function checkProse(projectRoot: string, audit: Audit, logger: Logger): void {
  const problems = checkContentDir(join(projectRoot, 'content'), projectRoot, audit, MDX_COMPONENT_NAMES);
  fail('The prose in content/ fails the figure check', problems);
  logger.info('prose: every figure in content/ comes through a figure component');
  const disagree = checkRegister(siteClaims(projectRoot), registerRows());
  fail('The prose in content/ and its claims register disagree', disagree);
  logger.info('claims: every sentence in content/ has a row in the claims register, and every row a sentence');
}
