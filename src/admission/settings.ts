/** Admission's one network setting, checked before any request: where downloads come from. */
import { SettingError } from '../core/setting-error.ts';

const DEFAULT_BASE = 'https://raw.githubusercontent.com/';

/** `AUDIT_DOWNLOAD_BASE` ending in '/': https (http to loopback with AUDIT_DOWNLOAD_INSECURE=1), no credentials, query or fragment. */
export function downloadBase(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env['AUDIT_DOWNLOAD_BASE'] || DEFAULT_BASE;
  const name = 'AUDIT_DOWNLOAD_BASE';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SettingError(name, 'an absolute https:// URL', JSON.stringify(raw));
  }
  const loopback = url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(env['AUDIT_DOWNLOAD_INSECURE'] === '1' && loopback)) {
    throw new SettingError(
      name,
      'an https:// URL (plain http:// only to loopback, with AUDIT_DOWNLOAD_INSECURE=1)',
      JSON.stringify(raw),
    );
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new SettingError(name, 'a URL without credentials, query or fragment', JSON.stringify(raw));
  }
  return url.href.replace(/\/?$/, '/');
}
