/** Saved views of a report: the Views menu beside Columns (renderer/src/features/reports/table). */
export const reportViews = {
  button: 'Views',
  buttonActive: 'View: {name}',
  introTemplate:
    'A view keeps the columns, sort, filters, search and pivot. The one used last comes back when this template runs again.',
  introFile:
    'A view keeps the columns, sort, filters, search and pivot. The one used last comes back when a file with these columns opens.',
  none: 'No saved views yet.',
  otherColumns: 'Made for other columns: this report’s header is different.',
  applyTitle: 'Show the report as this view',
  saveAs: 'Save the current view as…',
  namePlaceholder: 'View name',
  save: 'Save',
  update: 'Save changes to “{name}”',
  rename: 'Rename “{name}”',
  renameSave: 'Rename',
  delete: 'Delete “{name}”',
  deleteConfirm: 'Delete the view “{name}”? It cannot be brought back.',
  deleteYes: 'Delete',
  cancel: 'Cancel',
  saved: 'View “{name}” saved.',
  applied: 'View “{name}” applied.',
}
