/** Printing the report grid's view: its dialog and preview (renderer/src/features/reports/table). */
export const reportPrint = {
  button: 'Print…',
  buttonTitle: 'Print the view: a PDF preview first, to save or print (Ctrl+P in the grid)',
  title: 'Print the view',
  /** {max}: the most rows a print takes. */
  limit:
    'A print takes at most the first {max} rows of the view, in its order, with the columns shown.',
  /** {n}: the rows of the view. */
  all: 'The view has {n} row: it is printed. | The view has {n} rows: all of them are printed.',
  cut: 'The view has {n} rows: the first {max} are printed, and the last page says so.',
  layout:
    "Landscape {paper}; the header row repeats on every page; the view's totals (net per currency) come at the end.",
  paper: {
    A4: 'A4',
    Letter: 'Letter',
  },
  make: 'Make the preview',
  making: 'Making the print preview',
  cancelled: 'The print was cancelled; nothing was made.',
  failed: 'The print preview could not be made: {reason}',
  previewTitle: 'Print preview: {name}',
  close: 'Close',
}
