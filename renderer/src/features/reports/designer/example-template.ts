import { i18n } from '../../../platform/i18n'

/**
 * The name a new database gives its example template (main/platform/db/migrations/
 * 002-report-templates.ts): data, written once, in English.
 */
export const EXAMPLE_TEMPLATE_NAME = 'Transactions — last 30 days'

/**
 * A template's name as the window shows it. The example keeps its seeded name in the database and
 * is shown in the window's language while that name is untouched, following a switch of language
 * as any label does; a name the user gives it (in any language) is theirs and shown as typed.
 */
export const templateTitle = (name: string): string =>
  name === EXAMPLE_TEMPLATE_NAME ? i18n.global.t('reportRequest.exampleTemplate') : name
