import { call } from '../../../platform/bridge'

/** Where the file's row `rowId` is in the report's current view, or null when left out. */
export function useRowPosition(reportId: string) {
  return async (rowId: number) =>
    (await call('report-grid:row-position', { reportId, rowId })).position
}
