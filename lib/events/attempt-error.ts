/*
 * What the delivery log says about an attempt that got no HTTP answer. Tenants read that log, so it
 * names a category, never the address, port or system message (`connect ECONNREFUSED 127.0.0.1:6379`
 * would make the log a port scanner of whatever the worker can reach). The operator's log gets the code.
 */
export const TIMEOUT_CODE = 'EDELIVERYTIMEOUT';
export const NOT_ALLOWED_CODE = 'EADDRNOTALLOWED';

const dnsCodes = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EAI_NODATA',
  'EAI_NONAME',
  'ENODATA',
  'ESERVFAIL',
  'ENOTIMP',
  'EREFUSED',
]);
const tlsCode = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH|EPROTO$|ERR_SSL)/;

/** The category stored for a failed connection (docs/webhooks.md "Delivery"). */
export function attemptErrorCategory(error: NodeJS.ErrnoException, timeoutMs: number): string {
  const code = error.code ?? '';
  if (code === TIMEOUT_CODE) return `timeout after ${timeoutMs / 1000} s`;
  // One answer for both: telling them apart would say which internal names our DNS knows.
  if (code === NOT_ALLOWED_CODE || dnsCodes.has(code)) return 'host not resolved or not allowed';
  if (tlsCode.test(code)) return 'tls error';
  return 'connection failed';
}

/** A short identifier-like code for the operator's log; never a message (it holds the address). */
export const operatorCode = (error: NodeJS.ErrnoException) =>
  typeof error.code === 'string' && /^[A-Z0-9_]{1,40}$/.test(error.code) ? error.code : 'UNKNOWN';
