import {
  copyFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTeamWorkspace, TEAM_DESKS, type TeamWorkspace } from '../../fixtures/team-workspace'
import { useAppInBrowser } from '../harness/app-under-test'
import { atZoom150, screenLooks } from '../reports/screen-looks'

// The team server is checked again each second, so losing it shows within seconds.
const suite = useAppInBrowser({ workspacePollMs: 1000 })
const page = () => suite.app.page
const byTestId = (id: string) => page().getByTestId(id)
const open = (section: string) => page().getByRole('link', { name: section, exact: true }).click()
const input = (field: string) => byTestId(`workspace-${field}`).locator('input').first()
const feedbackOf = (item: string) =>
  byTestId(`workspace-item-${item}`).locator('.n-form-item-feedback-wrapper').textContent()
const badge = () => byTestId('workspace-badge').textContent()

const VIEWER = { user: 'desk_vera', password: 'Vera-Workspace-Pw-5e02' }
let team: TeamWorkspace
const dir = mkdtempSync(join(tmpdir(), 'gatedesk-e2e-workspace-'))
// The administrator's CA file, kept by the desk: the server's own folder goes when it stops.
const caFile = join(dir, 'team-ca.pem')

beforeAll(async () => {
  team = await startTeamWorkspace()
  team.server.sql(
    `CREATE ROLE ${VIEWER.user} LOGIN PASSWORD '${VIEWER.password}';
     GRANT gatedesk_viewer TO ${VIEWER.user};`,
    'team',
  )
  copyFileSync(team.server.caFile, caFile)
}, 60_000)
afterAll(async () => {
  await team?.stop()
  rmSync(dir, { recursive: true, force: true })
})

async function fillConnection(login: { user: string; password: string }, port = team.server.port) {
  await input('host').fill('localhost')
  await input('port').fill(String(port))
  await input('database').fill('team')
  await input('user').fill(login.user)
  await input('password').fill(login.password)
}

/** Every file in the app's data folder, searched for `secret`: the files that hold it. */
function filesHolding(secret: string): string[] {
  return readdirSync(suite.gatedesk.dataDir, { recursive: true, withFileTypes: true })
    .filter((file) => file.isFile())
    .map((file) => join(file.parentPath, file.name))
    .filter((path) => readFileSync(path).includes(secret))
}

describe('Workspace: the team workspace on PostgreSQL', () => {
  it('starts in the local workspace, and the shell says so', async () => {
    await expect.poll(badge).toContain('Local')
    await open('Workspace')
    await expect.poll(() => byTestId('workspace-local').isVisible()).toBe(true)
  })

  it('names each field at fault and its rule, keeping what was typed', async () => {
    await byTestId('workspace-choice-team').click()
    await input('database').fill('team')
    await input('port').fill('0')
    await byTestId('workspace-connect').click()
    await expect.poll(() => feedbackOf('host')).toBe('Host is required.')
    await expect.poll(() => feedbackOf('port')).toBe('Port must be a whole number from 1 to 65535.')
    await expect.poll(() => feedbackOf('user')).toBe('User is required.')
    await expect.poll(() => feedbackOf('password')).toBe('Password is required.')
    expect(await input('database').inputValue()).toBe('team')
    expect(await input('port').inputValue()).toBe('0')
  })

  it('names "refused" beside the host when nothing answers at the port', async () => {
    await fillConnection(VIEWER, 1)
    await byTestId('workspace-check').click()
    await expect
      .poll(() => feedbackOf('host'), { timeout: 15_000 })
      .toContain('Nothing answers at localhost:1')
    expect(await input('user').inputValue()).toBe(VIEWER.user)
    expect(await input('password').inputValue()).toBe(VIEWER.password)
  })

  it('names TLS beside the CA file when the server cannot be verified without it', async () => {
    await input('port').fill(String(team.server.port))
    // An edit clears the last check's explanation (it fades out: Naive UI's transition), so the
    // form settles before the next click lands.
    await expect.poll(() => feedbackOf('host')).toBe('')
    await byTestId('workspace-check').click()
    await expect
      .poll(() => feedbackOf('ca'), { timeout: 15_000 })
      .toContain('could not be verified over TLS')
    expect(await feedbackOf('host')).toBe('')
  })

  it('names the login beside the password when the password is wrong', async () => {
    suite.gatedesk.dialogs.nextOpen = caFile
    await byTestId('workspace-choose-ca').click()
    await expect.poll(() => byTestId('workspace-ca-file').textContent()).toBe('team-ca.pem')
    await expect.poll(() => feedbackOf('ca')).toBe('')
    await input('password').fill('not-the-password')
    await byTestId('workspace-check').click()
    await expect
      .poll(() => feedbackOf('password'), { timeout: 15_000 })
      .toContain('The server refused the login of desk_vera')
    expect(await input('host').inputValue()).toBe('localhost')
    await screenLooks(suite.app, 'workspace-wrong-password')
  })

  it('checks a connection without keeping it', async () => {
    await input('password').fill(VIEWER.password)
    await byTestId('workspace-check').click()
    await expect
      .poll(() => byTestId('workspace-check-ok').textContent(), { timeout: 15_000 })
      .toContain('The connection works')
    expect(await badge()).toContain('Local')
  })

  it('connects as a viewer: the role and what it allows; the password in no file', async () => {
    await byTestId('workspace-connect').click()
    await expect.poll(badge, { timeout: 15_000 }).toContain('Team: team @ localhostRole: viewer')
    const role = await byTestId('workspace-role').textContent()
    expect(role).toContain('Your role: viewer')
    expect(role).toContain('It allows: run and view reports, read the history.')
    expect(role).toContain('Not with this role: send updates, run bulk jobs')
    // Connected, the form closes and its password with it; it opens again to change the connection.
    expect(await byTestId('team-form').count()).toBe(0)
    expect(filesHolding(VIEWER.password)).toEqual([])
    const stored = await page().evaluate(() =>
      JSON.stringify({ ...localStorage, ...sessionStorage }),
    )
    expect(stored).not.toContain(VIEWER.password)
    await screenLooks(suite.app, 'workspace-viewer')
    await atZoom150(suite.app, suite.gatedesk.harness, async (zoomed) => {
      await zoomed.page.getByRole('link', { name: 'Workspace', exact: true }).click()
      await expect.poll(() => zoomed.page.getByTestId('workspace-role').isVisible()).toBe(true)
      await zoomed.screenshot('workspace-viewer-zoom150')
    })
    await atZoom150(
      suite.app,
      suite.gatedesk.harness,
      async (zoomed) => {
        await zoomed.page.goto(`${suite.gatedesk.harness.url}#/workspace`)
        await expect.poll(() => zoomed.page.getByTestId('workspace-role').isVisible()).toBe(true)
        await zoomed.screenshot('workspace-viewer-zoom150-ru')
      },
      { locale: 'ru-RU' },
    )
  })

  it('holds back Send and a bulk start from a viewer, saying why', async () => {
    const why = 'Your role in the team workspace (viewer) cannot send updates — ask an admin'
    await open('Recurring')
    await expect.poll(() => byTestId('recurring-send-refusal').textContent()).toBe(why)
    expect(await byTestId('recurring-send').isDisabled()).toBe(true)
    await screenLooks(suite.app, 'workspace-viewer-recurring', { russian: false })
    const updates = join(dir, 'updates.csv')
    writeFileSync(updates, 'Recurring Payment ID;amount\r\nRP-1;10.00\r\n')
    suite.gatedesk.dialogs.nextOpen = updates
    await open('Bulk updates')
    await byTestId('bulk-open').click()
    await expect
      .poll(() => byTestId('bulk-start-refusal').textContent())
      .toBe('Your role in the team workspace (viewer) cannot start bulk jobs — ask an admin')
    expect(await byTestId('bulk-start').isDisabled()).toBe(true)
  })

  it('holds back environment, key and template changes from a non-admin, saying why', async () => {
    await open('Keys & environments')
    await expect
      .poll(() => byTestId('keys-refusal').textContent())
      .toBe(
        'Your role in the team workspace (viewer) cannot change keys or environments — ask an admin',
      )
    expect(await byTestId('add-environment').isDisabled()).toBe(true)
    // The built-in Sandbox stays each desk's own: its keys are open to every role.
    expect(await byTestId('import-key').isDisabled()).toBe(false)
    await screenLooks(suite.app, 'workspace-viewer-keys', { russian: false })
    await open('Reports')
    // The team has no template yet (the desk's own are not the team's): a new draft it is.
    await byTestId('template-new').click()
    await expect
      .poll(() => byTestId('designer-save-refusal').textContent())
      .toBe('Your role in the team workspace (viewer) cannot save report templates — ask an admin')
    expect(await byTestId('designer-save').isDisabled()).toBe(true)
  })

  it('disconnects after asking: back to the local workspace', async () => {
    await open('Workspace')
    await byTestId('workspace-disconnect').click()
    await page().locator('.n-dialog').getByRole('button', { name: 'Disconnect' }).click()
    await expect.poll(badge).toContain('Local')
    await expect.poll(() => byTestId('workspace-local').isVisible()).toBe(true)
    await open('Recurring')
    expect(await byTestId('recurring-send-refusal').count()).toBe(0)
  })

  it('offline: the shell marks it, and Send is held back saying why', async () => {
    await open('Workspace')
    await byTestId('workspace-choice-team').click()
    await fillConnection(TEAM_DESKS.anna)
    suite.gatedesk.dialogs.nextOpen = caFile
    await byTestId('workspace-choose-ca').click()
    await byTestId('workspace-connect').click()
    await expect.poll(badge, { timeout: 15_000 }).toContain('Role: admin')
    // Even an admin's Bulk screen sends nothing in the team workspace: it says what to use.
    suite.gatedesk.dialogs.nextOpen = join(dir, 'updates.csv')
    await open('Bulk updates')
    await byTestId('bulk-open').click()
    await expect
      .poll(() => byTestId('bulk-start-refusal').textContent())
      .toContain('bulk jobs run from the command line for now')
    expect(await byTestId('bulk-start').isDisabled()).toBe(true)
    await open('Workspace')
    team.server.stop()
    await expect
      .poll(() => byTestId('workspace-offline-mark').isVisible(), { timeout: 15_000 })
      .toBe(true)
    await expect
      .poll(() => byTestId('workspace-unreachable').textContent())
      .toContain('Nothing answers at localhost')
    await screenLooks(suite.app, 'workspace-offline')
    // Folded at 150 %, the navigation marks the Workspace icon and names the state.
    await atZoom150(suite.app, suite.gatedesk.harness, async (zoomed) => {
      const mark = zoomed.page.getByTestId('workspace-offline-dot')
      await expect.poll(() => mark.isVisible(), { timeout: 15_000 }).toBe(true)
      expect(
        await zoomed.page
          .getByRole('link', { name: 'Workspace: The team server cannot be reached' })
          .count(),
      ).toBe(1)
      await zoomed.screenshot('workspace-offline-zoom150')
    })
    await open('Recurring')
    await expect
      .poll(() => byTestId('recurring-send-refusal').textContent())
      .toBe(
        'The team workspace cannot be reached: nothing is sent until it is back, or switch to the local workspace',
      )
    expect(await byTestId('recurring-send').isDisabled()).toBe(true)
    expect(suite.app.pageErrors).toEqual([])
    expect(await suite.app.cspViolations()).toEqual([])
  })
})
