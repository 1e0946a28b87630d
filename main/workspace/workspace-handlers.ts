import { basename } from 'node:path'
import type { EventPayload } from '../../preload/contract/channels'
import { ExplainedError } from '../../preload/contract/platform/explained'
import type {
  TeamConnectionInput,
  WorkspaceCheck,
} from '../../preload/contract/workspace/workspace'
import { dialogWords, type FileDialogs, type OfferedFilter } from '../platform/electron/dialogs'
import type { Handlers } from '../platform/electron/ipc'
import { explainedError } from '../platform/i18n/english'
import type { JobRunner } from '../platform/jobs/job-runner'
import type { TeamConnection } from './team-connection'
import type { CheckProgress } from './workspace-check'
import type { WorkspaceService } from './workspace-service'
import type { WorkspaceSettingsRepository } from './workspace-settings-repository'
import { openedView } from './workspace-view'
import type { WorkspaceWatch } from './workspace-watch'
import { isCancelled } from '../platform/jobs/cancelled'

// The team's bulk jobs are answered by the composition root, which joins the workspace and bulk.
type WorkspaceChannel = Exclude<
  Extract<keyof Handlers, `workspace:${string}`>,
  'workspace:team-bulk-jobs'
>

const CA_FILES: OfferedFilter[] = [{ id: 'certificates', extensions: ['pem', 'crt', 'cer'] }]

/** An AbortSignal's own reason: the check was cancelled, not failed. */

export function workspaceHandlers(deps: {
  workspace: WorkspaceService
  settings: Pick<WorkspaceSettingsRepository, 'get'>
  watch: WorkspaceWatch
  dialogs: FileDialogs
  /** Checks run as jobs: jobs:cancel ends one, keeping nothing. */
  jobs: JobRunner
  emit: (
    event: 'workspace:check-progress',
    payload: EventPayload<'workspace:check-progress'>,
  ) => void
}): Pick<Handlers, WorkspaceChannel> {
  // The CA file the user picked: its path stays in main, the window knows its name.
  let chosenCaFile: string | null = null

  /** The CA file to trust: the one chosen now, else the one this desk connects with. */
  const caFileOf = (useCaFile: boolean): string | null => {
    if (!useCaFile) return null
    const caFile = chosenCaFile ?? deps.settings.get()?.caFile ?? null
    if (caFile === null) throw explainedError('workspace.ca.not-chosen')
    return caFile
  }

  /** Runs a check (and a connect) as a job; a failed step or a Cancel is a result, not an error. */
  const checked = (
    input: TeamConnectionInput,
    work: (
      connection: TeamConnection,
      password: string,
      progress: CheckProgress,
    ) => Promise<Parameters<typeof openedView>[0] & { migrated: number }>,
  ): Promise<WorkspaceCheck> =>
    deps.jobs
      .start('workspace-check', 'requests', async ({ jobId, signal }) => {
        const { password, useCaFile, ...where } = input
        const connection = { ...where, caFile: caFileOf(useCaFile) }
        const onStage: CheckProgress['onStage'] = (stage) =>
          deps.emit('workspace:check-progress', { jobId, stage })
        const opened = await work(connection, password, { signal, onStage })
        return { outcome: 'ok' as const, migrated: opened.migrated, ...openedView(opened) }
      })
      .result.catch((error: unknown): WorkspaceCheck => {
        if (isCancelled(error)) return { outcome: 'cancelled' }
        if (!(error instanceof ExplainedError)) throw error
        const { message, messageCode, params } = error
        return { outcome: 'failed', problem: { message, messageCode, params } }
      })

  return {
    'workspace:status': () => deps.watch.refresh(),
    'workspace:choose-ca-file': async (wording) => {
      const file = await deps.dialogs.chooseFileToOpen(
        dialogWords(wording, 'workspace.dialogs.caFile', CA_FILES),
      )
      if (file) chosenCaFile = file
      return { fileName: file ? basename(file) : null }
    },
    'workspace:check': (input) => checked(input, deps.workspace.check),
    'workspace:connect': async (input) => {
      const result = await checked(input, deps.workspace.connect)
      if (result.outcome === 'ok') {
        chosenCaFile = null
        await deps.watch.refresh()
      }
      return result
    },
    'workspace:disconnect': async () => {
      const wasTeam = await deps.workspace.disconnect()
      await deps.watch.refresh()
      return { wasTeam }
    },
  }
}
