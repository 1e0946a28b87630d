/** Open recent on the Reports screen (renderer/src/features/reports/RecentReports.vue). */
export const recentReports = {
  button: 'Recent',
  buttonTitle: 'Reports opened lately: files and template runs, each in the view you left it',
  title: 'Recent reports',
  none: 'No reports opened yet. The files you open and the reports your templates bring show here.',
  run: 'Run of the template',
  openedAt: 'Opened {when}',
  missing: 'Missing',
  remove: 'Remove from list',
  removeTitle: 'Remove “{name}” from the list (the file is left alone)',
  clear: 'Clear the list',
  failed: 'The recent reports could not be listed: {reason}',
  keys: 'Up and Down move between reports, Enter opens, Delete removes from the list.',
}
