/**
 * The window's Content Security Policy, sent as a header by the app:// protocol (and by the e2e
 * harness) and repeated in renderer/index.html for the dev server. Naive UI injects its styles at
 * run time, hence style-src 'unsafe-inline'; scripts and workers come from the app alone.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ')
