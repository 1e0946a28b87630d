// The report view's bounds, apart from its schemas: the report engine in main reads them
// without loading zod (20 MB of memory in every process that imports it).

/** The most columns a report may have for GateDesk to view it. */
export const REPORT_COLUMNS_MAX = 512
/** The most rows one window request may ask for. */
export const REPORT_WINDOW_ROWS_MAX = 1000
/** The most problems kept per report: the rest are counted, not listed. */
export const REPORT_PROBLEMS_MAX = 1000
/** The most values a `oneOf` filter lists: as many as the distinct-value checklist shows. */
export const FILTER_VALUES_MAX = 1000
/** The most distinct values a column lists: as many as a `oneOf` filter may hold. */
export const DISTINCT_VALUES_MAX = FILTER_VALUES_MAX
/** The longest value a list holds: the longest a filter may be given back. */
export const DISTINCT_VALUE_LENGTH_MAX = 1000
