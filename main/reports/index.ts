// The reports feature's face for the command line: the report service, its query engine, runs as History keeps them.
// main/cli/ imports a feature only through this file (.dependency-cruiser.js).
export { createQueryEngine } from './query/query-client'
export { defaultPivotMeasures } from './query/pivot-sql'
export { historyParameters } from './report-run-record'
export { createReportService } from './report-service'
export { exportViewAs, type ViewExportFormat } from './report-export'
