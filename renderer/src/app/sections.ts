/**
 * The app's sections, in navigation order; each has its screen in router.ts.
 * Titles live in the locale files, under shell.sections.<id>.
 */
export const sections = [
  { id: 'recurring', path: '/recurring' },
  { id: 'reports', path: '/reports' },
  { id: 'bulk', path: '/bulk' },
  { id: 'keys', path: '/keys' },
  { id: 'sandbox', path: '/sandbox' },
  { id: 'history', path: '/history' },
  { id: 'workspace', path: '/workspace' },
] as const

export type SectionId = (typeof sections)[number]['id']
