import { describe, expect, it, vi } from 'vitest'
import { channels } from '../../../preload/contract/channels'
import type { WorkspaceCheckStage } from '../../../preload/contract/workspace/workspace'
import { explainedError } from '../../../main/platform/i18n/english'
import { createJobRunner } from '../../../main/platform/jobs/job-runner'
import type { TeamConnection } from '../../../main/workspace/team-connection'
import type { CheckProgress } from '../../../main/workspace/workspace-check'
import { workspaceHandlers } from '../../../main/workspace/workspace-handlers'
import type { WorkspaceService } from '../../../main/workspace/workspace-service'
import type { WorkspaceWatch } from '../../../main/workspace/workspace-watch'

const input = {
  host: 'db.example.com',
  port: 5432,
  database: 'team',
  user: 'anna',
  password: 'Workspace-Pw-1',
  useCaFile: false,
}
const opened = { serverVersion: '16.4', schemaVersion: 8, migrated: 0, role: 'viewer' as const }

function setup(check: WorkspaceService['check'] = async () => opened) {
  const jobs = createJobRunner({ progress: () => undefined, finished: () => undefined })
  const seen: { connection: TeamConnection; password: string }[] = []
  const spy =
    (work: WorkspaceService['check']) =>
    (connection: TeamConnection, password: string, progress?: CheckProgress) => {
      seen.push({ connection, password })
      return work(connection, password, progress)
    }
  const workspace = {
    check: spy(check),
    connect: spy(check),
    disconnect: vi.fn(async () => true),
  } as unknown as WorkspaceService
  const watch = { refresh: vi.fn(async () => ({ workspace: 'local' as const })), close: vi.fn() }
  const dialogs = {
    chooseFileToOpen: vi.fn(async () => '/home/anna/team/ca.pem'),
    chooseFileToSave: vi.fn(),
  }
  const emit = vi.fn()
  const settings = { get: vi.fn((): TeamConnection | null => null) }
  const handlers = workspaceHandlers({
    workspace,
    settings,
    watch: watch as unknown as WorkspaceWatch,
    dialogs,
    jobs,
    emit,
  })
  return { handlers, seen, watch, emit, jobs, settings, dialogs }
}

/** The output as the contract lets it leave main. */
const checked = (output: unknown) => channels['workspace:check'].output.parse(output)

describe('workspace handlers', () => {
  it('checks a connection: the role and what it allows, its steps told to the window', async () => {
    const stages: WorkspaceCheckStage[] = ['connecting', 'opening']
    const { handlers, seen, emit, watch } = setup(async (_connection, _password, progress) => {
      for (const stage of stages) progress?.onStage?.(stage)
      return opened
    })
    const result = checked(await handlers['workspace:check'](input))
    expect(result).toEqual({
      outcome: 'ok',
      migrated: 0,
      serverVersion: '16.4',
      schemaVersion: 8,
      role: 'viewer',
      rights: ['reports', 'history'],
    })
    expect(seen).toEqual([
      {
        connection: {
          host: 'db.example.com',
          port: 5432,
          database: 'team',
          user: 'anna',
          caFile: null,
        },
        password: 'Workspace-Pw-1',
      },
    ])
    expect(emit.mock.calls.map(([event, { stage }]) => [event, stage])).toEqual([
      ['workspace:check-progress', 'connecting'],
      ['workspace:check-progress', 'opening'],
    ])
    // A check keeps nothing: the status is not even asked again.
    expect(watch.refresh).not.toHaveBeenCalled()
  })

  it('answers a failed step as a result naming it, not as an error', async () => {
    const { handlers } = setup(async () => {
      throw explainedError('workspace.check.auth', { user: 'anna', detail: 'password failed' })
    })
    const result = checked(await handlers['workspace:check'](input))
    expect(result).toMatchObject({
      outcome: 'failed',
      problem: { messageCode: 'workspace.check.auth', params: { user: 'anna' } },
    })
  })

  it('ends a check on Cancel: the outcome says so', async () => {
    const { handlers, jobs, emit } = setup(
      (_connection, _password, progress) =>
        new Promise((_resolve, reject) => {
          progress?.onStage?.('connecting')
          progress?.signal?.addEventListener('abort', () => reject(progress.signal?.reason))
        }),
    )
    const pending = handlers['workspace:check'](input)
    await vi.waitFor(() => expect(emit).toHaveBeenCalled())
    expect(jobs.cancel(emit.mock.calls[0]![1].jobId)).toBe(true)
    expect(await pending).toEqual({ outcome: 'cancelled' })
  })

  it('trusts the CA file chosen in the dialog, whose path stays in main', async () => {
    const { handlers, seen } = setup()
    const refused = checked(await handlers['workspace:check']({ ...input, useCaFile: true }))
    expect(refused).toMatchObject({
      outcome: 'failed',
      problem: { messageCode: 'workspace.ca.not-chosen' },
    })
    expect(await handlers['workspace:choose-ca-file']({})).toEqual({ fileName: 'ca.pem' })
    await handlers['workspace:check']({ ...input, useCaFile: true })
    expect(seen.at(-1)?.connection.caFile).toBe('/home/anna/team/ca.pem')
  })

  it('keeps trusting the CA file the desk connects with when none is chosen now', async () => {
    const { handlers, seen, settings } = setup()
    settings.get.mockReturnValue({ ...input, caFile: '/etc/team-ca.pem' })
    await handlers['workspace:check']({ ...input, useCaFile: true })
    expect(seen.at(-1)?.connection.caFile).toBe('/etc/team-ca.pem')
  })

  it('connects, then tells the window the new status; disconnects likewise', async () => {
    const { handlers, watch } = setup()
    expect(checked(await handlers['workspace:connect'](input))).toMatchObject({ outcome: 'ok' })
    expect(watch.refresh).toHaveBeenCalledTimes(1)
    expect(await handlers['workspace:disconnect'](undefined)).toEqual({ wasTeam: true })
    expect(watch.refresh).toHaveBeenCalledTimes(2)
  })

  it('lets an unexplained failure through as an error', async () => {
    const { handlers } = setup(async () => {
      throw new TypeError('a bug')
    })
    await expect(handlers['workspace:check'](input)).rejects.toThrow('a bug')
  })
})
