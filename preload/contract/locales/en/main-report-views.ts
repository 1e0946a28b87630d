/** Why a report view's name is refused (main/templates/saved-views-repository.ts). */
export const mainReportViews = {
  'name-missing': 'Give the view a name.',
  'name-too-long': 'Keep the view’s name to {max} characters.',
  'name-taken': 'This report already has a view named “{name}”: choose another name.',
  'not-found': 'The view is gone: it was deleted, perhaps in another GateDesk window.',
}
