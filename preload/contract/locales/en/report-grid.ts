/** The report grid's columns, cells, keys and search (renderer/src/features/reports/table). */
export const reportGrid = {
  pin: 'Pin {name} on the left',
  unpin: 'Unpin {name}',
  pinTitle: 'Pin on the left: stays in view while the other columns scroll',
  unpinTitle: 'Pinned: click to let it scroll with the others',
  pinnedNote: 'Pinned columns stay on the left while the others scroll.',
  resizeTitle: 'Drag to change the width; double-click to fit the values on screen',
  searchKeys: 'Enter: next matching cell; Shift+Enter: the previous one',
  problemRow: 'Row {row} (file line {line}): {message}',
  showRow: 'Show row {row} in the table',
  notInView: 'Row {row} is not in this view: its filters or search leave it out.',
  net: 'net',
  netTitle:
    'Net: sales and captures less refunds, chargebacks, reversals and payouts; authorisations and voids left out',
}
