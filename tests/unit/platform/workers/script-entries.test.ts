// The scripts main starts in a worker thread or a process of its own are listed once
// (main/platform/workers/entries.ts): a new entry missing from the list, or built by only one of
// the two builds (the app's scripts/self-contained-scripts.mjs, the CLI's), would run from
// TypeScript in tests and be missing from the app or the CLI.
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import appBuild from '../../../../electron.vite.config'
import { SCRIPT_ENTRIES } from '../../../../main/platform/workers/entries'
import { selfContainedBuild } from '../../../../scripts/self-contained-scripts.mjs'

const root = join(import.meta.dirname, '..', '..', '..', '..')

interface CliBuild {
  cliBuilds(): Promise<{ entryPoints: Record<string, string> }[]>
}

/** Every entry's absolute source by its bundle name, with the build's own entry. */
const expectedEntries = (ownName: string, ownSource: string) => ({
  [ownName]: join(root, ownSource),
  ...Object.fromEntries(
    Object.entries(SCRIPT_ENTRIES).map(([name, { source }]) => [name, join(root, source)]),
  ),
})

describe('the worker thread and process entries', () => {
  it('lists every *.worker.ts and *.process.ts under main/, each with the kind its name says', () => {
    const onDisk = readdirSync(join(root, 'main'), { recursive: true, encoding: 'utf8' })
      .filter((path) => /\.(worker|process)\.ts$/.test(path))
      .map((path) => `main/${path.replaceAll('\\', '/')}`)
    const listed = Object.values(SCRIPT_ENTRIES)
    expect(listed.map(({ source }) => source).sort()).toEqual(onDisk.sort())
    for (const { source, kind } of listed) {
      expect(source).toMatch(new RegExp(`\\.${kind}\\.ts$`))
      expect(existsSync(join(root, source))).toBe(true)
    }
  })

  it('are what the app’s build bundles, each on its own, after its main entry', () => {
    expect(appBuild.main?.build?.rollupOptions?.input).toEqual({
      index: join(root, 'main/app/index.ts'),
    })
    const plugins = (appBuild.main?.plugins ?? []) as { name: string }[]
    expect(plugins.map(({ name }) => name)).toContain('self-contained-scripts')
    const { entryPoints } = selfContainedBuild({
      entries: SCRIPT_ENTRIES,
      root,
      outdir: join(root, 'out/scripts'),
      target: 'node22',
    })
    expect({ index: join(root, 'main/app/index.ts'), ...entryPoints }).toEqual(
      expectedEntries('index', 'main/app/index.ts'),
    )
  })

  it('are what the CLI build bundles beside its own entry, each once', async () => {
    const script = pathToFileURL(join(root, 'scripts', 'build-cli.mjs')).href
    const { cliBuilds } = (await import(script)) as CliBuild
    const built = (await cliBuilds()).flatMap(({ entryPoints }) => Object.entries(entryPoints))
    expect(Object.fromEntries(built)).toEqual(expectedEntries('main', 'main/cli/main.ts'))
    expect(built).toHaveLength(Object.keys(SCRIPT_ENTRIES).length + 1)
  })
})
