import { readdirSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..', '..')
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|vue)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
}

/** The packages the code imports at run time (type-only imports vanish when compiled). */
function importedPackages(dirs: string[]): Set<string> {
  const imports =
    /(?:^|\n)\s*(?:import|export)\s+(?!type\s)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g
  const packages = new Set<string>()
  for (const file of dirs.flatMap(sourceFiles)) {
    for (const match of readFileSync(file, 'utf8').matchAll(imports)) {
      const specifier = match[1] ?? match[2] ?? ''
      if (specifier.startsWith('.') || specifier.startsWith('node:')) continue
      const parts = specifier.split('/')
      const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? '')
      if (!builtinModules.includes(name)) packages.add(name)
    }
  }
  return packages
}

describe('the packaged app ships exactly the packages main loads', () => {
  // Main (and the contract it imports) runs with node_modules beside it; Vite bundles the
  // renderer and the preload, and electron is the runtime itself.
  const mainPackages = importedPackages(['main', 'preload/contract'])
  mainPackages.delete('electron')

  it('lists every package main imports as a runtime dependency', () => {
    const missing = [...mainPackages].filter((name) => !(name in manifest.dependencies))
    expect(missing).toEqual([])
  })

  it('lists no build or renderer-only tool as a runtime dependency', () => {
    const needless = Object.keys(manifest.dependencies).filter((name) => !mainPackages.has(name))
    expect(needless).toEqual([])
  })
})
