/** The window around the screens: navigation, about line, language switch. */
export const shell = {
  navigation: 'Sections',
  version: 'Version {version}',
  language: 'Language',
  theme: { label: 'Theme', system: 'As the system', light: 'Light', dark: 'Dark' },
  showNavigation: 'Show navigation ({shortcut})',
  hideNavigation: 'Hide navigation ({shortcut})',
  sectionShortcut: '{title} ({shortcut})',
  /** The native menu bar's words (main/app/menu.ts). */
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
    openRecent: 'Open Recent',
    clearRecent: 'Clear Recently Opened',
    noRecent: 'No Recent Reports',
  },
  sections: {
    recurring: {
      title: 'Recurring',
    },
    reports: {
      title: 'Reports',
    },
    bulk: {
      title: 'Bulk updates',
    },
    keys: {
      title: 'Keys & environments',
    },
    sandbox: {
      title: 'Sandbox',
    },
    history: {
      title: 'History',
    },
    workspace: {
      title: 'Workspace',
    },
  },
}
