// The reports feature's face for the command line: the report service, its query engine, runs as History keeps them.
// main/cli/ imports a feature only through this file (.dependency-cruiser.js).
export { createQueryEngine } from './query/query-client'
export { defaultPivotMeasures } from './query/pivot-sql'
export { historyParameters } from './report-run-record'
export type { ReportService } from './report-service'
export type { ViewExportFormat } from './report-export'

/*
 * The report service and the view's exporters are loaded when asked, not with this face: the
 * command line starts its query process first, which boots while their code loads (about 0.1 s
 * of each `report-view` with a sort, a filter or totals).
 */
export const loadReportService = async () => (await import('./report-service')).createReportService
export const loadViewExport = async () => (await import('./report-export')).exportViewAs
