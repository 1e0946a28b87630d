/**
 * Where the window reads the report file main registered as `fileId`. The app (app://) and the
 * e2e harness serve the page and the files from one origin; the dev server's page
 * (http://localhost) reads them from main's app:// protocol, which answers that origin alone
 * with CORS headers.
 */
export function reportFileUrl(fileId: string, page: { href: string; dev: boolean }): string {
  const base = page.dev ? 'app://gatedesk/' : page.href
  return new URL(`/report-files/${encodeURIComponent(fileId)}`, base).href
}
