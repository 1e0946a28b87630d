// The bulk feature's face for the command line: its one job service and what a root builds it from.
// main/cli/ imports a feature only through this file (.dependency-cruiser.js).
export { DEFAULT_CONCURRENCY } from './bulk-job'
export { createBulkJournal, type BulkJob } from './bulk-journal-repository'
export { createBulkMappings } from './bulk-mappings-repository'
export type { BulkProgress } from './bulk-run'
export type { BulkSource } from './bulk-source'
export { createBulkJobService, readJobFile, type BulkJobService } from './job-service'
export { createPastedTables } from './pasted-tables'
export { connectionContexts, connectionEnvironment } from './row-environments'
export {
  createTeamBulkJournal,
  type TeamBulkJob,
  type TeamBulkJournal,
  type TeamRowState,
} from './team-bulk-journal'
export { teamJobRows } from './team-job-rows'
export { workOnTeamJob, type DeskTally } from './team-desk-work'
