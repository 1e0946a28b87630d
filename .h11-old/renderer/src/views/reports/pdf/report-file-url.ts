/**
 * Where the window reads the report file main registered as `fileId`. The app (app://) and the
 * e2e harness serve the page and the files from one origin; the dev server's page
 * (http://localhost) reads them from main's app:// protocol, which answers that origin alone
 * with CORS headers.
 */
export function reportFileUrl(fileId: string): string {
  const base = import.meta.env.DEV ? 'app://gatedesk/' : location.href
  return new URL(`/report-files/${encodeURIComponent(fileId)}`, base).href
}
