import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SCRIPT_ENTRIES } from '../../../../main/platform/workers/entries'

const root = join(import.meta.dirname, '..', '..', '..', '..')

/** The project files `file` loads at run time: its value imports (type-only ones vanish). */
function loadedBy(file: string): string[] {
  const imports =
    /(?:^|\n)\s*(?:import|export)\s+(?!type\s)[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"](\.[^'"]+)['"]/g
  return [...readFileSync(file, 'utf8').matchAll(imports)]
    .map((match) => join(dirname(file), match[1] ?? match[2] ?? match[3]!))
    .map((path) =>
      [`${path}.ts`, join(path, 'index.ts'), path].find((candidate) => existsSync(candidate))!,
    )
}

/** Every project file a script entry loads, the entry included. */
function reachedFrom(entry: string): string[] {
  const seen = new Set<string>()
  const pending = [join(root, entry)]
  while (pending.length > 0) {
    const file = pending.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    pending.push(...loadedBy(file))
  }
  return [...seen].map((file) => relative(root, file))
}

// Threads and processes send code and values; main words them. The engine and the whole
// catalog would cost each of them start-up time (the query process's is watched closely).
describe('the scripts main starts in threads and processes', () => {
  it.each(Object.values(SCRIPT_ENTRIES).map(({ source }) => source))(
    '%s loads neither the catalog engine nor the catalog',
    (source) => {
      const loaded = reachedFrom(source)
      expect(loaded).toContain(source)
      expect(
        loaded.filter((file) => /^main\/platform\/i18n\/|locales\/(en|ru)\//.test(file)),
      ).toEqual([])
    },
  )
})
