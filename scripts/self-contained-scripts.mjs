// The scripts main starts in a worker thread or a process of its own (main/platform/workers/
// entries.ts), each bundled on its own into out/scripts: every JavaScript package inlined, only
// the native packages external. The packaged app unpacks them (electron-builder.yml) and starts
// them from app.asar.unpacked, where Node resolves them without Electron's asar support: ES-module
// workers and utility processes loaded from inside an asar are not covered by Electron's tests.
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'

/** Packages with a native binding: unpacked whole, they resolve from app.asar.unpacked/node_modules. */
export const NATIVE_PACKAGES = ['better-sqlite3', '@duckdb/node-bindings']

/** Files a bundled package reads beside its own code at run time: [package file, copied to]. */
const RUNTIME_DATA = [['pdfkit/js/data/sRGB_IEC61966_2_1.icc', 'data/sRGB_IEC61966_2_1.icc']]

/** Builds every entry of `entries` (entries.ts's list) from `root` into `outdir`, for `target`. */
export async function buildSelfContainedScripts({ entries, root, outdir, target }) {
  rmSync(outdir, { recursive: true, force: true })
  await build(selfContainedBuild({ entries, root, outdir, target }))
  for (const [file, copy] of RUNTIME_DATA) {
    mkdirSync(join(outdir, copy, '..'), { recursive: true })
    copyFileSync(join(root, 'node_modules', file), join(outdir, copy))
  }
}

/** esbuild's options for buildSelfContainedScripts. */
export function selfContainedBuild({ entries, root, outdir, target }) {
  return {
    entryPoints: Object.fromEntries(
      Object.entries(entries).map(([name, { source }]) => [name, join(root, source)]),
    ),
    outdir,
    bundle: true,
    // One file per entry: a chunk shared between two would be one more file to find.
    splitting: false,
    platform: 'node',
    format: 'esm',
    target,
    external: NATIVE_PACKAGES,
    plugins: [pdfkitFontsInlined],
    // The CommonJS packages inlined require Node's own modules: esbuild's shim cannot in ESM.
    banner: {
      js: "import { createRequire as __scriptRequire } from 'node:module'; const require = __scriptRequire(import.meta.url);",
    },
    charset: 'utf8',
    logLevel: 'warning',
  }
}

/**
 * pdfkit loads its standard fonts through a require of its own (`createRequire(import.meta.url)`
 * with its package's `#standard-fonts/*` imports), which no bundler follows and which cannot
 * resolve from the bundle: made a plain `require`, esbuild inlines the fonts.
 */
const pdfkitFontsInlined = {
  name: 'pdfkit-fonts-inlined',
  setup(esbuild) {
    esbuild.onLoad({ filter: /[\\/]pdfkit[\\/]js[\\/]pdfkit\.node\.mjs$/ }, ({ path }) => {
      const source = readFileSync(path, 'utf8')
      const fontRequire = /require\$1\('#standard-fonts\//g
      if (!fontRequire.test(source))
        throw new Error(`pdfkit no longer loads its fonts as this build expects: ${path}`)
      return { contents: source.replace(fontRequire, "require('#standard-fonts/"), loader: 'js' }
    })
  },
}
