/** The window around the screens: navigation, about line, language switch. */
export const shell = {
  navigation: 'Sections',
  version: 'Version {version}',
  language: 'Language',
  theme: { label: 'Theme', system: 'As the system', light: 'Light', dark: 'Dark' },
  showNavigation: 'Show navigation ({shortcut})',
  hideNavigation: 'Hide navigation ({shortcut})',
  sectionShortcut: '{title} ({shortcut})',
  /** The native menu bar's words (main/menu.ts). */
  menu: {
    file: 'File',
    edit: 'Edit',
    view: 'View',
    window: 'Window',
    quit: 'Quit',
    close: 'Close',
    undo: 'Undo',
    redo: 'Redo',
    cut: 'Cut',
    copy: 'Copy',
    paste: 'Paste',
    delete: 'Delete',
    selectAll: 'Select All',
    reload: 'Reload',
    devTools: 'Toggle Developer Tools',
    resetZoom: 'Actual Size',
    zoomIn: 'Zoom In',
    zoomOut: 'Zoom Out',
    fullScreen: 'Toggle Full Screen',
    minimize: 'Minimize',
  },
  placeholder: 'This section is being built.',
  sections: {
    recurring: {
      title: 'Recurring',
      summary: 'Update recurring-payment profiles: amounts, schedules, card and payer data.',
    },
    reports: {
      title: 'Reports',
      summary: 'Design, run, view and export custom transaction reports (CSV and PDF).',
    },
    bulk: {
      title: 'Bulk updates',
      summary: 'Apply one change to many recurring profiles, with progress and a result per row.',
    },
    keys: {
      title: 'Keys & environments',
      summary: 'Gateway environments, control keys and RSA key pairs, kept in the OS keychain.',
    },
    sandbox: {
      title: 'Sandbox',
      summary: 'The built-in local gateway: demo merchant, profiles, simulated clock, faults.',
    },
    history: {
      title: 'History',
      summary: 'Every request sent, with its outcome, searchable by profile, order and date.',
    },
  },
}
