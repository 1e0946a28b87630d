import type { Handlers } from '../platform/electron/ipc'
import type { ReportService } from './report-service'
import type { ReportSession } from './report-session'

type ReportGridChannel = Extract<keyof Handlers, `report-grid:${string}`>

/** The place of the file's row `rowId` in the session's current view, or null when left out. */
export async function viewPosition(session: ReportSession, rowId: number): Promise<number | null> {
  const { rowCount, query } = session.state()
  // Unsorted and unfiltered, the view is the file: a row's place is its id.
  if (!query.sort.length && !query.filters.length && !query.search) {
    return rowId < rowCount ? rowId : null
  }
  const ids = await session.rowIds(0, rowCount)
  const at = ids instanceof Uint32Array ? ids.indexOf(rowId) : Array.from(ids).indexOf(rowId)
  return at < 0 ? null : at
}

/** What the report grid asks of main beyond its rows. */
export function reportGridHandlers(deps: {
  reports: Pick<ReportService, 'get'>
}): Pick<Handlers, ReportGridChannel> {
  return {
    'report-grid:row-position': async ({ reportId, rowId }) => ({
      position: await viewPosition(deps.reports.get(reportId), rowId),
    }),
  }
}
