// The report view's bounds, apart from its schemas: the report engine in main reads them
// without loading zod (20 MB of memory in every process that imports it).

/** The most columns a report may have for GateDesk to view it. */
export const REPORT_COLUMNS_MAX = 512
/** The most rows one window request may ask for. */
export const REPORT_WINDOW_ROWS_MAX = 1000
/** The most problems kept per report: the rest are counted, not listed. */
export const REPORT_PROBLEMS_MAX = 1000
