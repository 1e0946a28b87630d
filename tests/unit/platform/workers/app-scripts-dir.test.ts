import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { appScriptsDir } from '../../../../main/platform/workers/script-ref'

describe("the app's scripts", () => {
  it('are in out/scripts, beside out/main, where the app runs unpacked', () => {
    expect(appScriptsDir(join('/work', 'gatedesk', 'out', 'main'))).toBe(
      join('/work', 'gatedesk', 'out', 'scripts'),
    )
  })

  it('come from app.asar.unpacked in a package, never from inside app.asar', () => {
    const resources = join('/opt', 'GateDesk', 'resources')
    expect(appScriptsDir(join(resources, 'app.asar', 'out', 'main'))).toBe(
      join(resources, 'app.asar.unpacked', 'out', 'scripts'),
    )
  })
})
