import type { RequestOutcome } from '../../../../preload/contract/platform/request-outcomes'
import { i18n } from '../i18n'

// Called while rendering, so each text follows the window's language.
const t = i18n.global.t

/** A request's outcome as History and Bulk updates name it. */
export const outcomeLabel = (outcome: RequestOutcome): string =>
  t(`common.outcomeLabels.${outcome}`)

/** What an uncertain outcome means for the user, said the same on every screen. */
export const uncertainHint = (): string => t('common.uncertainHint')
