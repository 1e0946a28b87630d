/**
 * The window's Content Security Policy, sent as a header by the app:// protocol (and by the e2e
 * harness) and repeated in renderer/index.html for the dev server. Scripts and workers come from
 * the app alone. style-src keeps 'unsafe-inline' because Naive UI injects its styles at run time
 * through css-render, whose <style> elements take no nonce (css-render 0.15's createElement sets
 * only cssr-id, and neither Naive UI nor vueuc offers a nonce option); styles cannot run code.
 *
 * The PDF viewer (pdf.js) needs nothing more: its worker is a file of the app ('self', never a
 * blob:), report files come from app://gatedesk/report-files/ ('self'), fonts are loaded from
 * bytes through the FontFace API (no font URL), pdf_viewer.css's small icons are data: images
 * (img-src), and it runs with WebAssembly off, so no 'wasm-unsafe-eval'; pdf.js 6 has no eval.
 * connect-src names app://gatedesk for the dev server's page, which reads report files there
 * (in the app it is 'self' anyway).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self' app://gatedesk",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ')
