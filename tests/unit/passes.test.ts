/** The post-build passes on single pages: script hashes added to the page's policy, or a refusal naming the page. */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import { hashInlineScripts } from '../../src/passes/csp-hashes.ts';
import { ProblemError } from '../../src/core/problem.ts';
import { SCRIPT_SOURCES } from '../../src/site/csp.ts';

describe('script hashes for the content security policy', () => {
  const policy = `<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src ${SCRIPT_SOURCES}">`;
  test("an inline script's hash is added to its page's policy; a page without one is left as it is", () => {
    const body = 'console.log(1);';
    const page = `<html><head>${policy}</head><body><script>${body}</script><script src="/a.js"></script></body></html>`;
    const hash = `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
    assert.ok(hashInlineScripts(page, 'a.html').includes(`script-src ${SCRIPT_SOURCES} ${hash}`));
    const plain = `<html><head>${policy}</head><body><script src="/a.js"></script></body></html>`;
    assert.equal(hashInlineScripts(plain, 'b.html'), plain);
  });
  test('an inline script on a page with no policy to add its hash to is refused, naming the page', () => {
    assert.throws(
      () => hashInlineScripts('<html><head></head><body><script>x()</script></body></html>', 'search/index.html'),
      (e: unknown) => e instanceof ProblemError && /search\/index\.html/.test(e.message) && /no Content-Security-Policy/.test(e.message),
    );
  });
});
