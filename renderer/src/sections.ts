/** The app's sections, in navigation order; each issue replaces a placeholder with its screen. */
export const sections = [
  {
    path: '/recurring',
    title: 'Recurring',
    summary: 'Update recurring-payment profiles: amounts, schedules, card and payer data.',
  },
  {
    path: '/reports',
    title: 'Reports',
    summary: 'Design, run, view and export custom transaction reports (CSV and PDF).',
  },
  {
    path: '/bulk',
    title: 'Bulk updates',
    summary: 'Apply one change to many recurring profiles, with progress and a result per row.',
  },
  {
    path: '/keys',
    title: 'Keys & environments',
    summary: 'Gateway environments, control keys and RSA key pairs, kept in the OS keychain.',
  },
  {
    path: '/sandbox',
    title: 'Sandbox',
    summary: 'The built-in local gateway: demo merchant, profiles, simulated clock, faults.',
  },
  {
    path: '/history',
    title: 'History',
    summary: 'Every request sent, with its outcome, searchable by profile, order and date.',
  },
] as const
