import { environmentsAndHistory } from './001-environments-and-history'
import { reportTemplates } from './002-report-templates'
import { bulkJournal } from './003-bulk-journal'
import { sendersAndMessageCodes } from './004-senders-and-message-codes'
import { bulkCardCodes } from './005-bulk-card-codes'
import { forgetDataHeaders } from './006-forget-data-headers'
import { remaskStoredTexts } from './007-remask-stored-texts'
import { savedReportViews } from './008-saved-report-views'
import { recentReports } from './009-recent-reports'
import { historySearch } from './010-history-search'
import { teamWorkspace } from './011-team-workspace'
import { historySearchInBatches } from './012-history-search-in-batches'
import type { Migration } from './migration'

/** Every migration in order; the last one's version is the schema version this GateDesk writes. */
export const MIGRATIONS: readonly Migration[] = [
  environmentsAndHistory,
  reportTemplates,
  bulkJournal,
  sendersAndMessageCodes,
  bulkCardCodes,
  forgetDataHeaders,
  remaskStoredTexts,
  savedReportViews,
  recentReports,
  historySearch,
  teamWorkspace,
  historySearchInBatches,
]

export const SCHEMA_VERSION = MIGRATIONS.at(-1)!.version
