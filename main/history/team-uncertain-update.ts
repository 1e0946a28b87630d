import type pg from 'pg'
import { isUncertainOutcome } from '../../preload/contract/platform/request-outcomes'
import type { Parameter } from '../platform/privacy/parameter'
import { redactParameters } from '../platform/privacy/redaction'
import { valueOf } from './history-rows'
import type { HistoryEntry } from './history-types'
import { TEAM_HISTORY_COLUMNS, teamEntryOf, type TeamHistoryRow } from './team-audit-trail'
import { updateKey } from './uncertain-updates'

/**
 * The resend guard's question on the team's trail, as the local history answers it
 * (uncertainSameUpdateOf): the newest update any desk sent to the profile in the environment,
 * when its outcome is uncertain (still sending counts) and it was this same update; else null.
 */
export async function teamUncertainSameUpdate(
  pool: Pick<pg.Pool, 'query'>,
  environmentId: string,
  parameters: readonly Parameter[],
): Promise<HistoryEntry | null> {
  const profileId = valueOf(parameters, 'recurring-payment-id')
  if (profileId === null) return null
  const { rows } = await pool.query<TeamHistoryRow>(
    `SELECT ${TEAM_HISTORY_COLUMNS} FROM gatedesk.history
     WHERE environment_id = $1 AND profile_id = $2 AND operation = 'update-recurring-payment'
     ORDER BY sent_at DESC, id DESC LIMIT 1`,
    [environmentId, profileId],
  )
  const newest = rows[0] && teamEntryOf(rows[0])
  if (!newest || !isUncertainOutcome(newest.outcome)) return null
  return updateKey(newest.parameters) === updateKey(redactParameters(parameters)) ? newest : null
}
