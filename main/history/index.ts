// The history feature's face for the command line: the repository the app's History screen reads.
// main/cli/ imports a feature only through this file (.dependency-cruiser.js).
export {
  createHistoryRepository,
  type HistoryOperation,
  type HistoryQuery,
  type HistoryRepository,
  type RequestResult,
} from './history-repository'
export type { AuditEntry } from './audit-trail'
export { teamHistorySource } from './team-history-search'
export { createTeamAuditTrail, teamHistoryWrites } from './team-audit-trail'
export type { SentRequest } from './history-types'
export { notRecorded, teamRecords } from './team-records'
export { teamUncertainSameUpdate } from './team-uncertain-update'
