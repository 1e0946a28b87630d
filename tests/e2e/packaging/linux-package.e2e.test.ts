// The packaging dry run as a test: electron-builder packs the app for Linux `dir` with a stand-in
// Electron folder made here (the Electron binary cannot be downloaded), from this repository as
// npm run test:e2e built it (out/, out/cli included when test:unit made it), and the result is
// checked as a merchant's IT would install it. (Not from a staging folder with node_modules
// linked in: npm then reads the linked packages as extraneous and electron-builder packs none.)
// The app then runs in the package's own layout, app.asar extracted to a folder of that name
// beside app.asar.unpacked, where the `electron` stand-in refuses every script inside app.asar.
import { execFile } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { builtinModules, createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { basename, dirname, join, relative, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { extractAll, listPackage } from '@electron/asar'
import { FuseV1Options } from '@electron/fuses'
import { load } from 'js-yaml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SCRIPT_ENTRIES } from '../../../main/platform/workers/entries'
import { channels } from '../../../preload/contract/channels'
import { startBuiltMain, type BuiltMain } from '../harness/main-process/built-main'
import type { SenderFrame } from '../harness/main-process/main-process-requests'

const run = promisify(execFile)
const ROOT = resolve(import.meta.dirname, '../../..')
const ELECTRON_VERSION = '45.4.1'
/** The packed app (app.asar and app.asar.unpacked together) stays under this. */
const PACKAGE_MB_MAX = 140

const work = join(tmpdir(), `gatedesk-package-${process.pid}`)
const standIn = join(work, 'electron')
const output = join(work, 'release')
const unpacked = join(output, 'linux-unpacked')
const resources = join(unpacked, 'resources')
/** The archive, moved aside for its contents to take its place in `resources`. */
const archive = join(work, 'app.asar')
const extracted = join(resources, 'app.asar')
const unpackedBeside = join(resources, 'app.asar.unpacked')
const config = load(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')) as {
  electronFuses: Record<string, boolean>
  linux: { executableName: string }
}
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
}

/** The fuse wire's place in an Electron binary: this sentinel, then its version and length. */
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'
const FUSE_COUNT = 8
/** A fuse's byte on the wire (@electron/fuses's values, which it does not export). */
const FuseState = { DISABLE: 0x30, ENABLE: 0x31, INHERIT: 0x90 } as const

/** A folder shaped as electron-builder expects Electron's: an executable carrying a fuse wire. */
function makeStandInElectron() {
  mkdirSync(join(standIn, 'locales'), { recursive: true })
  mkdirSync(join(standIn, 'resources'), { recursive: true })
  const wire = Buffer.from([1, FUSE_COUNT, ...Array<number>(FUSE_COUNT).fill(FuseState.INHERIT)])
  writeFileSync(
    join(standIn, 'electron'),
    Buffer.concat([Buffer.from(`#!/bin/sh\nexit 0\n# ${SENTINEL}`), wire, Buffer.from('\n')]),
    { mode: 0o755 },
  )
  writeFileSync(join(standIn, 'version'), ELECTRON_VERSION)
  writeFileSync(join(standIn, 'LICENSE'), 'stand-in')
  for (const file of ['chrome_100_percent.pak', 'resources.pak', 'icudtl.dat', 'locales/en-US.pak'])
    writeFileSync(join(standIn, file), '')
}

/** A bundle of the command line's where test:unit leaves one, if it has not: never to be packed. */
const cliDecoy = join(ROOT, 'out/cli/packaging-decoy.js')

beforeAll(async () => {
  rmSync(work, { recursive: true, force: true })
  mkdirSync(work, { recursive: true })
  if (!existsSync(join(ROOT, 'out/main/index.js')))
    throw new Error('The app is not built: run "npm run build" (npm run test:e2e does it).')
  mkdirSync(dirname(cliDecoy), { recursive: true })
  writeFileSync(cliDecoy, '')
  const bin = (name: string) => join(ROOT, 'node_modules/.bin', name)
  makeStandInElectron()
  await run(
    bin('electron-builder'),
    [
      '--linux',
      'dir',
      '--projectDir',
      ROOT,
      `-c.electronDist=${standIn}`,
      `-c.electronVersion=${ELECTRON_VERSION}`,
      // Native modules are built for this Node by npm test; a real package rebuilds them for Electron.
      '-c.npmRebuild=false',
      `-c.directories.output=${output}`,
    ],
    { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 },
  )
  // Extracted beside the archive (which reads its unpacked files from there), then in its place.
  const contents = join(work, 'app-contents')
  extractAll(extracted, contents)
  renameSync(extracted, archive)
  renameSync(contents, extracted)
}, 600_000)
afterAll(() => {
  rmSync(work, { recursive: true, force: true })
  rmSync(cliDecoy, { force: true })
})

/** Every path in the archive, from its root ("/out/main/index.js"). */
const packed = () => listPackage(archive, { isPack: false })
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))

/** A relative file or a package (and a path inside it): the rest is text that looks like one. */
const SPECIFIER = /^(\.{1,2}\/[\w./-]+|(node:)?(@[\w.-]+\/)?[\w.-]+(\/[\w./-]+)?)$/

/**
 * What a bundle imports: relative files and bare packages, statically or by import(). Rollup and
 * esbuild print what they import in double quotes; single-quoted ones are text the packages
 * inlined into a script carry in their comments (`@type {import('.')}`).
 */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  const found = [...text.matchAll(/(?:from\s*|import\s*\(\s*|require\s*\(\s*)"([^"]+)"/g)]
  return [...new Set(found.map((match) => match[1]!))].filter((specifier) =>
    SPECIFIER.test(specifier),
  )
}

/** The bundles loaded from the archive: the app and the preload. */
const APP_BUNDLES = ['out/main/index.js', 'out/preload/index.cjs']
/** The scripts of the one list, each self-contained, started from app.asar.unpacked. */
const SCRIPT_BUNDLES = Object.keys(SCRIPT_ENTRIES).map((name) => `out/scripts/${name}.js`)

/** Every bundle file the `bundles` in `dir` reach, and every package they import. */
function reached(dir: string, bundles: string[]): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>()
  const packages = new Set<string>()
  const pending = bundles.map((bundle) => join(dir, bundle))
  while (pending.length > 0) {
    const file = pending.pop()!
    if (files.has(file)) continue
    files.add(file)
    if (!existsSync(file)) continue
    for (const specifier of importsOf(file)) {
      if (specifier.startsWith('.')) pending.push(join(dirname(file), specifier))
      else if (specifier !== 'electron' && !isBuiltin(specifier)) packages.add(specifier)
    }
  }
  return { files, packages }
}
/** The packages esbuild inlined into the scripts (it marks each module with its path). */
function inlinedIntoScripts(): Set<string> {
  const inlined = new Set<string>()
  for (const script of SCRIPT_BUNDLES) {
    const text = readFileSync(join(unpackedBeside, script), 'utf8')
    for (const [, name] of text.matchAll(/^\/\/ .*?node_modules\/((?:@[\w.-]+\/)?[\w.-]+)\//gm))
      inlined.add(name!)
  }
  return inlined
}
const isBuiltin = (specifier: string) =>
  specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0]!)

describe('the Linux package', () => {
  it('has the fuses written as electron-builder.yml sets them', () => {
    const binary = readFileSync(join(unpacked, config.linux.executableName))
    const at = binary.indexOf(SENTINEL) + SENTINEL.length
    expect([binary[at], binary[at + 1]]).toEqual([1, FUSE_COUNT])
    const option = (name: string) =>
      FuseV1Options[(name[0]!.toUpperCase() + name.slice(1)) as keyof typeof FuseV1Options]
    for (const [name, enabled] of Object.entries(config.electronFuses)) {
      expect(option(name), name).toBeTypeOf('number')
      expect(binary[at + 2 + option(name)], name).toBe(
        enabled ? FuseState.ENABLE : FuseState.DISABLE,
      )
    }
  })

  it('holds the app, the preload, the window and all they import', () => {
    const { files } = reached(extracted, APP_BUNDLES)
    const missing = [...files]
      .filter((file) => !existsSync(file))
      .map((file) => relative(extracted, file))
    expect(missing).toEqual([])
    expect(existsSync(join(extracted, 'out/renderer/index.html'))).toBe(true)
    const html = readFileSync(join(extracted, 'out/renderer/index.html'), 'utf8')
    for (const [, asset] of html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+)"/g))
      expect(existsSync(join(extracted, 'out/renderer', asset!)), asset).toBe(true)
  })

  it('unpacks each thread’s and process’s script, self-contained, beside the archive', () => {
    const { files, packages } = reached(unpackedBeside, SCRIPT_BUNDLES)
    // Each a file of its own: no chunk shared with main (which would leave the archive too).
    expect([...files].map((file) => relative(unpackedBeside, file)).sort()).toEqual(
      SCRIPT_BUNDLES.toSorted(),
    )
    for (const file of files) expect(existsSync(file), file).toBe(true)
    // Only the native packages are imported; every other is inlined.
    expect([...packages].sort()).toEqual(['@duckdb/node-bindings', 'better-sqlite3'])
    // What an inlined package reads beside its own code (pdfkit's ICC profile) is beside them.
    const besideFiles = [...files].flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/new URL\("(\.\/[^"]+)", import\.meta\.url\)/g)].map(
        ([, relativePath]) => join(dirname(file), relativePath!),
      ),
    )
    expect(besideFiles.length).toBeGreaterThan(0)
    expect(besideFiles.filter((file) => !existsSync(file))).toEqual([])
  })

  it('loads every package the bundles import, from the package itself', async () => {
    const app = reached(extracted, APP_BUNDLES).packages
    expect([...app].sort()).toEqual(expect.arrayContaining(['better-sqlite3', 'keytar', 'zod']))
    const scripts = reached(unpackedBeside, SCRIPT_BUNDLES).packages
    for (const [packages, from, inside] of [
      [app, 'out/main/index.js', extracted],
      [scripts, SCRIPT_BUNDLES[0]!, unpackedBeside],
    ] as const) {
      const requireFrom = createRequire(join(inside, from))
      for (const name of packages) {
        const file = requireFrom.resolve(name)
        expect(file.startsWith(`${inside}/`), `${name} resolved outside ${inside}: ${file}`).toBe(
          true,
        )
        await import(pathToFileURL(file).href)
      }
    }
  })

  it('unpacks every native library, by name, from the archive', () => {
    const native = /\.(node|so(\.\d+)*|dylib|dll)$/
    const inArchive = packed().filter((path) => native.test(path))
    expect(inArchive.length).toBeGreaterThan(0)
    const notUnpacked = inArchive.filter((path) => !existsSync(join(unpackedBeside, path)))
    expect(notUnpacked).toEqual([])
    expect(inArchive).toEqual(expect.arrayContaining([expect.stringMatching(/libduckdb\.so$/)]))
  })

  it('ships nothing the app does not run', () => {
    const paths = packed()
    const devPackages = Object.keys(packageJson.devDependencies).filter(
      (name) => !(name in packageJson.dependencies),
    )
    expect(
      paths.filter((path) => devPackages.some((name) => path === `/node_modules/${name}`)),
    ).toEqual([])
    expect(
      paths.filter(
        (path) =>
          path.startsWith('/out/cli') || /^\/(tests|bench|main|renderer|preload)\//.test(path),
      ),
    ).toEqual([])
    expect(paths.filter((path) => /\.(map|ts)$/.test(path))).toEqual([])
    // A dependency inlined into the scripts, which main does not import, is loaded by nothing.
    const mainImports = reached(extracted, APP_BUNDLES).packages
    const inlinedOnly = [...inlinedIntoScripts()].filter(
      (name) => name in packageJson.dependencies && !mainImports.has(name),
    )
    expect(inlinedOnly).toEqual(expect.arrayContaining(['pdfkit', '@duckdb/node-api']))
    expect(
      paths.filter((path) => inlinedOnly.some((name) => path === `/node_modules/${name}`)),
    ).toEqual([])
    expect(
      paths.filter((path) => /\/node_modules\/[^/]+\/(test|tests|benchmarks?)\//.test(path)),
    ).toEqual([])
    // better-sqlite3's prebuilt library for this machine only, none of its build inputs.
    const ownPrebuild = `/node_modules/better-sqlite3/prebuilds/linux-${process.arch}.node`
    expect(paths.filter((path) => /better-sqlite3\/(prebuilds\/.|deps|src)/.test(path))).toEqual([
      ownPrebuild,
    ])
  })

  it(`stays under ${PACKAGE_MB_MAX} MB`, () => {
    const bytes = [archive, ...filesUnder(unpackedBeside)]
      .map((file) => statSync(file).size)
      .reduce((sum, size) => sum + size, 0)
    console.log(`the packed app: ${(bytes / 1024 / 1024).toFixed(1)} MB`)
    expect(bytes / 1024 / 1024).toBeLessThan(PACKAGE_MB_MAX)
  })
})

/** The packaged main bundle, booted as it is in the package, under the `electron` stand-in. */
describe('the packaged main process', () => {
  const OWN_WINDOW: SenderFrame = { url: 'app://gatedesk/index.html', parent: null }
  const userData = join(work, 'user-data')
  let main: BuiltMain
  let reportId = ''
  beforeAll(() => {
    mkdirSync(userData, { recursive: true })
    // A development server's address must be ignored by a packaged app.
    process.env['ELECTRON_RENDERER_URL'] = 'http://127.0.0.1:5173'
    main = startBuiltMain(join(extracted, 'out/main/index.js'), userData)
    delete process.env['ELECTRON_RENDERER_URL']
  })
  afterAll(async () => {
    await main.quit().catch(() => {})
    main.kill()
  })

  it('boots with every channel, its page served by app:// from the package, the dev URL ignored', async () => {
    const booted = await main.boot()
    expect([booted.errorBoxes, booted.exitCode, booted.problems]).toEqual([[], null, []])
    expect(booted.ipcChannels.toSorted()).toEqual(Object.keys(channels).toSorted())
    expect(booted.windows.map((window) => window.loadedUrl)).toEqual(['app://gatedesk/index.html'])
    const page = await main.fetch('app://gatedesk/index.html')
    expect(page.body).toBe(readFileSync(join(extracted, 'out/renderer/index.html'), 'utf8'))
    const sandbox = booted.forks.find((forked) => forked.serviceName === 'GateDesk sandbox')
    expect(sandbox).toMatchObject({
      file: join(unpackedBeside, 'out/scripts/sandbox-process.js'),
      exit: null,
    })
    expect(
      await main.invoke('app:info', undefined, { url: 'https://evil.example/', parent: null }),
    ).toMatchObject({
      ok: false,
      error: { code: 'forbidden-sender' },
    })
  })

  it('opens a report and totals it through its query process', async () => {
    const report = join(work, 'sales.csv')
    writeFileSync(
      report,
      '"Transaction_id","Amount","Currency","Transaction_type"\r\n' +
        '"1","10.50","EUR","sale"\r\n"2","2.25","EUR","refund"\r\n"3","7","USD","sale"\r\n',
    )
    const opened = (await main.invoke('reports:open-dropped', { path: report }, OWN_WINDOW)) as {
      ok: boolean
      value: { head: { reportId: string } }
    }
    expect(opened.ok).toBe(true)
    reportId = opened.value.head.reportId
    // Totals are answered once the file is indexed (a job of its own, a moment after opening).
    const totals = async () =>
      JSON.stringify(await main.invoke('reports:totals', { reportId }, OWN_WINDOW))
    await expect.poll(totals, { timeout: 30_000 }).toMatch(/^\{"ok":true/)
    const answer = JSON.parse(await totals()) as { value: { rowCount: number } }
    expect(answer.value.rowCount).toBe(3)
    // EUR's sale and refund add up to 12.75 (the net, 8.25, is the sale less the refund).
    expect(JSON.stringify(answer)).toContain('12.75')
  })

  it('exports the report as XLSX, in its worker thread', async () => {
    const file = join(work, 'sales.xlsx')
    await main.answerSaveDialogs(file)
    const exported = await main.invoke(
      'reports:export',
      { reportId, what: 'view', columns: null, format: 'xlsx' },
      OWN_WINDOW,
    )
    expect(exported).toMatchObject({ ok: true, value: { file: basename(file) } })
    // Written whole, then renamed into place: a ZIP archive once it is there.
    await expect.poll(() => existsSync(file), { timeout: 30_000 }).toBe(true)
    expect(readFileSync(file).subarray(0, 2).toString()).toBe('PK')
  })

  it('answers from its sandbox process and generates a key pair in a process of its own', async () => {
    expect(await main.invoke('sandbox:overview', undefined, OWN_WINDOW)).toMatchObject({ ok: true })
    const listed = (await main.invoke('environments:list', undefined, OWN_WINDOW)) as {
      value: { id: string; kind: string }[]
    }
    const sandbox = listed.value.find((environment) => environment.kind === 'sandbox')!
    expect(
      await main.invoke(
        'environments:generate-key-pair',
        { id: sandbox.id, bits: 2048, replace: true },
        OWN_WINDOW,
      ),
    ).toMatchObject({ ok: true, value: { bits: 2048 } })
  })
})
