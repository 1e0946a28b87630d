// `report-view` with a sort, a filter or totals starts its query process (Node and DuckDB, about
// 0.4 s) before it loads the message catalog, the command's code, zod and the report service's code: the process
// boots on the other core while that code loads. Checked on the command line's own build: what the command's chunk imports
// statically is loaded before its first line runs, what it imports lazily after.
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build, type BuildOptions, type Metafile } from 'esbuild'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..', '..')

interface CliBuild {
  cliBuilds(): Promise<BuildOptions[]>
}

async function cliMetafile(): Promise<Metafile> {
  const script = pathToFileURL(join(root, 'scripts', 'build-cli.mjs')).href
  const [cli] = await ((await import(script)) as CliBuild).cliBuilds()
  const { metafile } = await build({ ...cli, write: false, metafile: true, logLevel: 'silent' })
  return metafile
}

/** The sources and packages that the output holding `source` loads before it runs. */
function loadedFirst(metafile: Metafile, source: string): Set<string> {
  const { outputs } = metafile
  const start = Object.keys(outputs).find((output) => source in outputs[output]!.inputs)
  const loaded = new Set<string>()
  const seen = new Set<string>()
  const reach = (output: string) => {
    if (seen.has(output)) return
    seen.add(output)
    for (const input of Object.keys(outputs[output]?.inputs ?? {})) {
      loaded.add(input)
      // A package bundled in (zod is) by its name, as an external one.
      const bundled = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1]
      if (bundled) loaded.add(bundled)
    }
    for (const { path, kind, external } of outputs[output]?.imports ?? []) {
      if (kind === 'dynamic-import') continue
      if (external) loaded.add(path)
      else reach(path)
    }
  }
  reach(start!)
  return loaded
}

describe('report-view’s start', () => {
  it('starts the query process from main.ts, before the message catalog, the command’s code and zod load', async () => {
    const metafile = await cliMetafile()
    const loaded = new Set([
      ...loadedFirst(metafile, 'main/cli/main.ts'),
      ...loadedFirst(metafile, 'main/cli/query-process-ahead.ts'),
    ])
    expect(loaded).toContain('main/reports/query/query-launch.ts')
    const later = [
      'main/platform/i18n/catalog-wording.ts',
      'main/cli/report-view-command.ts',
      'main/reports/query/query-client.ts',
      'zod',
    ]
    for (const source of later) {
      expect(loaded, source).not.toContain(source)
    }
  })

  it('loads the query engine, not the report service, before the query process starts', async () => {
    const loaded = loadedFirst(await cliMetafile(), 'main/cli/report-view-command.ts')
    expect(loaded).toContain('main/reports/query/query-client.ts')
    const later = [
      'main/reports/report-service.ts',
      'papaparse',
      'iconv-lite',
      // The zod schemas of the reports' channels, History's parameters built with them.
      'preload/contract/reports/report-run-channels.ts',
      'preload/contract/reports/report-channels.ts',
    ]
    for (const source of later) {
      expect(loaded, source).not.toContain(source)
    }
  })
})
