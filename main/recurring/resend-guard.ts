import type { Parameter } from '../platform/privacy/parameter'
import type { HistoryEntry, HistoryOutcome, HistoryRepository } from '../history/history-repository'
import { coded } from '../platform/i18n/english'

/** An earlier send of the same update whose outcome is uncertain: it may have changed the profile. */
export interface UncertainSend {
  historyId: number
  sentAt: string
  outcome: HistoryOutcome
  profileId: string
}

/**
 * The rule the editor, bulk runs and the CLI all obey: when the newest send to this profile in
 * this environment was the same update and its outcome is uncertain, sending it again needs a
 * deliberate confirmation ("sending" counts: it may be in flight from another window or process
 * right now). Returns that earlier send, or null when sending needs no question.
 */
export function uncertainEarlierSend(
  history: HistoryRepository,
  environmentId: string,
  parameters: readonly Parameter[],
): UncertainSend | null {
  return uncertainSendOf(history.uncertainSameUpdateOf(environmentId, parameters))
}

/** The earlier send the guard holds an update for, from the records' newest uncertain entry. */
export function uncertainSendOf(latest: HistoryEntry | null): UncertainSend | null {
  if (latest === null) return null
  return {
    historyId: latest.id,
    sentAt: latest.sentAt,
    outcome: latest.outcome,
    profileId: latest.profileId!,
  }
}

/** Why nothing was sent, and what to do (the window words `outcome` as its outcome label). */
export const uncertainSendRefusal = (earlier: UncertainSend) =>
  coded('update.uncertain-earlier', {
    profile: earlier.profileId,
    history: earlier.historyId,
    outcome: earlier.outcome,
  })
