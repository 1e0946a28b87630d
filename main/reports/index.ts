// The reports feature's face for the command line: the report service, its query engine, runs as History keeps them.
// main/cli/ imports a feature only through this file (.dependency-cruiser.js).
export { createQueryEngine } from './query/query-client'
export { defaultPivotMeasures } from './query/pivot-sql'
export type { ReportService } from './report-service'
export type { ViewExportFormat } from './report-export'

/*
 * The report service, the view's exporters and History's parameters (with the zod schemas of
 * the reports' channels) are loaded when asked, not with this face: the command line starts its
 * query process first, which boots while their code loads.
 */
export const loadReportService = async () => (await import('./report-service')).createReportService
export const loadViewExport = async () => (await import('./report-export')).exportViewAs
export const loadHistoryParameters = async () =>
  (await import('./report-run-record')).historyParameters
