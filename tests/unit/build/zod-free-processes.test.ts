// The query process and the report engine's worker threads read the contract's bounds, never its
// schemas: zod costs each process that loads it about 30 ms of its start (the first sort waits
// for the query process) and 20 MB of memory. Checked on the command line's own builds.
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build, type BuildOptions } from 'esbuild'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..', '..')
const ZOD_FREE = [
  'query-process',
  'row-index-worker',
  'column-extract-worker',
  'xlsx-export-worker',
]

interface CliBuild {
  cliBuilds(): Promise<(BuildOptions & { entryPoints: Record<string, string> })[]>
}

/** The packages (node_modules) each entry loads, its chunks' included, by entry name. */
async function packagesLoaded(): Promise<Map<string, Set<string>>> {
  const script = pathToFileURL(join(root, 'scripts', 'build-cli.mjs')).href
  const { cliBuilds } = (await import(script)) as CliBuild
  const loaded = new Map<string, Set<string>>()
  for (const options of await cliBuilds()) {
    const { metafile } = await build({
      ...options,
      write: false,
      metafile: true,
      logLevel: 'silent',
    })
    const outputs = metafile.outputs
    const reach = (output: string, seen: Set<string>, packages: Set<string>) => {
      if (seen.has(output)) return
      seen.add(output)
      for (const { path, external } of outputs[output]?.imports ?? []) {
        if (external) packages.add(path)
        else reach(path, seen, packages)
      }
      for (const input of Object.keys(outputs[output]?.inputs ?? {})) {
        const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1]
        if (name) packages.add(name)
      }
    }
    for (const [output, { entryPoint }] of Object.entries(outputs)) {
      const name = Object.entries(options.entryPoints).find(
        ([, source]) => entryPoint && join(root, entryPoint) === source,
      )?.[0]
      if (name) {
        const packages = new Set<string>()
        reach(output, new Set(), packages)
        loaded.set(name, packages)
      }
    }
  }
  return loaded
}

describe('the report engine’s own processes and threads', () => {
  it('load no zod', async () => {
    const loaded = await packagesLoaded()
    for (const name of ZOD_FREE) {
      expect(loaded.get(name), name).toBeDefined()
      expect(
        [...loaded.get(name)!].filter((pkg) => pkg.startsWith('zod')),
        name,
      ).toEqual([])
    }
    // The command line's own entry does load it: the check sees packages at all.
    expect([...loaded.get('main')!].some((pkg) => pkg.startsWith('zod'))).toBe(true)
  })
})
