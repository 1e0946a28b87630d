import { explainedDetail, ExplainedError } from '../../preload/contract/platform/explained'
import { explainedError } from '../platform/i18n/english'
import type { Db } from '../platform/db/database'
import { createReportTemplatesRepository } from '../templates/report-templates-repository'
import { localSavedViewStore } from '../templates/saved-view-store'
import { createSavedViewsRepository } from '../templates/saved-views-repository'
import { createTeamSavedViewStore } from '../templates/team-saved-view-store'
import { createTeamTemplateStore } from '../templates/team-template-store'
import { TemplateRefusedError } from '../templates/report-templates-repository'
import { localTemplateStore } from '../templates/template-store'
import type { TemplateStores } from '../templates/template-service'
import { ViewRefusedError } from '../templates/view-checks'
import type { OpenedTeam, TeamSession } from '../workspace'

/** A refusal the stores word themselves (a name taken, a template gone): passed on as it is. */
const ownRefusal = (error: unknown) =>
  error instanceof ExplainedError ||
  error instanceof TemplateRefusedError ||
  error instanceof ViewRefusedError

/** The team's stores cannot be used now: `cause` says why; nothing else is shown instead. */
const unavailable = (cause: ExplainedError) =>
  explainedError('workspace.stores.unavailable', explainedDetail(cause))

/** A team store's failure in words: a change the database refuses this role (42501), a server gone. */
function teamFailure(team: OpenedTeam, error: unknown): unknown {
  if (ownRefusal(error)) return error
  if ((error as { code?: unknown }).code === '42501') {
    return explainedError('workspace.stores.role-refused', { role: team.workspace.role ?? '-' })
  }
  return unavailable(team.explain(error))
}

/** The store with every call's failure worded by `word`. */
function worded<T extends object>(store: T, word: (error: unknown) => unknown): T {
  const calls = Object.entries(store).map(([name, call]) => [
    name,
    (...args: unknown[]) =>
      (call as (...args: unknown[]) => Promise<unknown>)(...args).catch((error: unknown) => {
        throw word(error)
      }),
  ])
  return Object.fromEntries(calls) as T
}

/**
 * The report templates and saved views the app's services use, in the desk's workspace as it is
 * on each call: this desk's SQLite, or the team's PostgreSQL (on the session's pool). An opened
 * file's views stay on this desk in either.
 */
export function workspaceStores(deps: {
  db: Db
  session: Pick<TeamSession, 'current'>
  logError: (message: string, error: unknown) => void
}) {
  const templatesRepository = createReportTemplatesRepository(deps.db)
  // A delete can be undone while GateDesk runs; what this desk deleted before this start goes now.
  templatesRepository.purgeDeleted()
  const localViews = localSavedViewStore(
    createSavedViewsRepository({ db: deps.db, logError: deps.logError }),
  )
  const local: TemplateStores = {
    templates: localTemplateStore(templatesRepository),
    views: localViews,
  }
  /** The team's stores, or null in the local workspace. */
  async function team(): Promise<TemplateStores | null> {
    let opened
    try {
      opened = await deps.session.current()
    } catch (error) {
      throw error instanceof ExplainedError ? unavailable(error) : error
    }
    if (opened === null) return null
    const word = (error: unknown) => teamFailure(opened, error)
    return {
      templates: worded(createTeamTemplateStore(opened.pool), word),
      views: worded(createTeamSavedViewStore({ pool: opened.pool, logError: deps.logError }), word),
    }
  }
  return {
    localViews,
    templates: async () => (await team()) ?? local,
    sharedViews: async () => (await team())?.views ?? null,
  }
}
