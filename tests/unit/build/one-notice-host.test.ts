// Every screen speaks through the window's one notification host (renderer/src/platform/notices.ts):
// a screen calling Naive UI's useMessage itself escapes its merging, its limit of two and its
// clearing on leaving the screen, and piles toasts over the controls again (issue #27).
import { readdir, readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..', '..')
const renderer = join(root, 'renderer', 'src')
const HOST = join('platform', 'notices.ts')

async function sources(): Promise<string[]> {
  const entries = await readdir(renderer, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile() && /\.(vue|ts)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
}

describe('the one notification host', () => {
  it('is the only place that calls Naive UI’s useMessage', async () => {
    const callers: string[] = []
    for (const file of await sources()) {
      if (relative(renderer, file) === HOST) continue
      if (/\buseMessage\b/.test(await readFile(file, 'utf8'))) callers.push(relative(root, file))
    }
    expect(callers).toEqual([])
  })
})
