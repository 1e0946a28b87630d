import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadWindowState, saveWindowState } from '../../../main/app/window-state'

const dir = mkdtempSync(join(tmpdir(), 'gatedesk-window-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const laptop = { x: 0, y: 0, width: 1920, height: 1080 }

describe('window state', () => {
  it('restores the size and position saved at close', () => {
    const file = join(dir, 'nested', 'state.json')
    const state = { x: 100, y: 80, width: 1300, height: 850, maximized: true }
    saveWindowState(file, state)
    expect(loadWindowState(file, [laptop])).toEqual(state)
  })

  it('falls back to defaults when the window would open on an unplugged monitor', () => {
    const file = join(dir, 'second-monitor.json')
    saveWindowState(file, { x: 2500, y: 100, width: 1200, height: 800, maximized: false })
    expect(loadWindowState(file, [laptop])).toBeNull()
    expect(
      loadWindowState(file, [laptop, { x: 1920, y: 0, width: 2560, height: 1440 }]),
    ).not.toBeNull()
  })

  it('falls back to defaults for a missing or damaged file', () => {
    expect(loadWindowState(join(dir, 'none.json'), [laptop])).toBeNull()
    const damaged = join(dir, 'damaged.json')
    writeFileSync(damaged, '{"x": 1, "y":')
    expect(loadWindowState(damaged, [laptop])).toBeNull()
    writeFileSync(damaged, '{"x": 1, "y": 1, "width": 5, "height": 5, "maximized": false}')
    expect(loadWindowState(damaged, [laptop])).toBeNull()
  })
})
