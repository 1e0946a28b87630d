import { explainedDetail, ExplainedError } from '../../preload/contract/platform/explained'
import { explainedError } from '../platform/i18n/english'
import { localEnvironmentStore, type EnvironmentStore } from '../environments/environment-store'
import { createEnvironmentRepository } from '../environments/environments-repository'
import { EnvironmentError } from '../environments/environment-error'
import { createTeamEnvironmentStore } from '../environments/team-environment-store'
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
  error instanceof EnvironmentError ||
  error instanceof TemplateRefusedError ||
  error instanceof ViewRefusedError

/** What the team keeps: its report templates and views, or its environments. */
type TeamKept = 'stores' | 'environments'

/** The team's stores cannot be used now: `cause` says why; nothing else is shown instead. */
const unavailable = (kept: TeamKept, cause: ExplainedError) =>
  explainedError(`workspace.${kept}.unavailable`, explainedDetail(cause))

/** A team store's failure in words: a change the database refuses this role (42501), a server gone. */
function teamFailure(kept: TeamKept, team: OpenedTeam, error: unknown): unknown {
  if (ownRefusal(error)) return error
  if ((error as { code?: unknown }).code === '42501') {
    return explainedError(`workspace.${kept}.role-refused`, { role: team.workspace.role ?? '-' })
  }
  return unavailable(kept, team.explain(error))
}

/** The team workspace the session holds now (null: the local one), its failure worded. */
async function openedTeam(
  session: Pick<TeamSession, 'current'>,
  kept: TeamKept,
): Promise<OpenedTeam | null> {
  try {
    return await session.current()
  } catch (error) {
    throw error instanceof ExplainedError ? unavailable(kept, error) : error
  }
}

/** The store with every call's failure worded by `word` (what is not a call kept as it is). */
function worded<T extends object>(store: T, word: (error: unknown) => unknown): T {
  const calls = Object.entries(store).map(([name, call]) => [
    name,
    typeof call !== 'function'
      ? call
      : (...args: unknown[]) =>
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
    const opened = await openedTeam(deps.session, 'stores')
    if (opened === null) return null
    const word = (error: unknown) => teamFailure('stores', opened, error)
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

/**
 * The environments the app's services use, in the desk's workspace as it is on each call: this
 * desk's SQLite, or the team's PostgreSQL (their settings; the secrets stay in this desk's
 * keychain). The built-in Sandbox is this desk's own in either. A team server that cannot be
 * reached is said, and this desk's environments are never shown as the team's.
 */
export function workspaceEnvironments(deps: {
  db: Db
  session: Pick<TeamSession, 'current'>
}): () => Promise<EnvironmentStore> {
  const local = localEnvironmentStore(createEnvironmentRepository(deps.db))
  return async () => {
    const opened = await openedTeam(deps.session, 'environments')
    if (opened === null) return local
    return worded(createTeamEnvironmentStore({ pool: opened.pool, local }), (error) =>
      teamFailure('environments', opened, error),
    )
  }
}
