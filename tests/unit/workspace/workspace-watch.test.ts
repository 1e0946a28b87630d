import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { channels } from '../../../preload/contract/channels'
import type { WorkspaceStatus } from '../../../main/workspace/workspace-service'
import { createWorkspaceWatch } from '../../../main/workspace/workspace-watch'

const connection = { host: 'db', port: 5432, database: 'team', user: 'anna', caFile: '/x/ca.pem' }
const reachable: WorkspaceStatus = {
  workspace: 'team',
  connection,
  reachable: true,
  serverVersion: '16.4',
  schemaVersion: 8,
  migrated: 0,
  role: 'operator',
}
const lost: WorkspaceStatus = {
  workspace: 'team',
  connection,
  reachable: false,
  problem: { message: 'Nothing answers', messageCode: 'workspace.check.refused' },
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

function setup(statuses: WorkspaceStatus[]) {
  const status = vi.fn(async () => statuses.shift() ?? { workspace: 'local' as const })
  const changed = vi.fn()
  const watch = createWorkspaceWatch({ status, changed, logError: vi.fn(), intervalMs: 1000 })
  return { status, changed, watch }
}

describe('the workspace watch', () => {
  it('tells the window when the server is lost and when it is back, and only then', async () => {
    const { changed, watch, status } = setup([reachable, reachable, lost, lost, reachable])
    const first = await watch.refresh()
    // What leaves main must match the contract, as the IPC binder checks.
    expect(channels['workspace:status'].output.parse(first)).toEqual(first)
    expect(first).toMatchObject({
      reachable: true,
      role: 'operator',
      rights: ['reports', 'history', 'send', 'bulk'],
      connection: { caFileName: 'ca.pem' },
    })
    for (let poll = 0; poll < 4; poll++) await vi.advanceTimersByTimeAsync(1000)
    expect(status).toHaveBeenCalledTimes(5)
    expect(changed.mock.calls.map(([view]) => view.reachable)).toEqual([false, true])
    expect(changed.mock.calls[0]![0].problem.messageCode).toBe('workspace.check.refused')
    for (const [view] of changed.mock.calls)
      expect(channels['workspace:status'].output.parse(view)).toEqual(view)
    watch.close()
  })

  it('does not poll the local workspace, nor after it is closed', async () => {
    const local = setup([])
    await local.watch.refresh()
    await vi.advanceTimersByTimeAsync(5000)
    expect(local.status).toHaveBeenCalledTimes(1)

    const team = setup([reachable, reachable])
    await team.watch.refresh()
    team.watch.close()
    await vi.advanceTimersByTimeAsync(5000)
    expect(team.status).toHaveBeenCalledTimes(1)
  })

  it('never shows the CA file path, only its name', async () => {
    const { watch } = setup([reachable])
    expect(JSON.stringify(await watch.refresh())).not.toContain('/x/')
    watch.close()
  })
})
