// The structure rules `npm run lint` enforces (issue #21): size caps in eslint.config.js, import
// circles in .dependency-cruiser.js. Each is checked on code that breaks it, so a rule that stops
// firing (a glob that no longer matches, a config the tool ignores) fails here, not silently.
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { ESLint } from 'eslint'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..', '..')
const eslint = new ESLint({ cwd: root })

/** The rules ESLint breaks `code` by, as if it were the file at `filePath`. */
async function brokenRules(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) })
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message)
}

const lines = (count: number, line: (index: number) => string) =>
  Array.from({ length: count }, (_, index) => line(index)).join('\n')
const functionOfLines = (count: number) =>
  `export function long(): number {\n  let total = 0\n${lines(count - 4, (index) => `  total += ${index}`)}\n  return total\n}\n`

describe('size caps', () => {
  it('refuse a function over 150 lines in main/, preload/ and renderer/, but not in tests/', async () => {
    expect(await brokenRules('main/probe.ts', functionOfLines(150))).toEqual([])
    expect(await brokenRules('main/probe.ts', functionOfLines(151))).toEqual([
      'max-lines-per-function',
    ])
    expect(await brokenRules('preload/contract/probe.ts', functionOfLines(151))).toEqual([
      'max-lines-per-function',
    ])
    expect(await brokenRules('renderer/src/probe.ts', functionOfLines(151))).toEqual([
      'max-lines-per-function',
    ])
    expect(await brokenRules('tests/unit/probe.test.ts', functionOfLines(151))).toEqual([])
  })

  it('refuse a file over 400 lines of code, blank lines and comments not counted', async () => {
    const constants = (count: number) =>
      `${lines(count, (index) => `export const c${index} = ${index}\n`)}\n`
    expect(await brokenRules('main/probe.ts', `// why\n${constants(400)}`)).toEqual([])
    expect(await brokenRules('main/probe.ts', constants(401))).toEqual(['max-lines'])
  })

  it("refuse a .vue file whose script block is over 400 lines, whatever its template's size", async () => {
    const component = (scriptLines: number) =>
      `<script setup lang="ts">\n${lines(scriptLines, (index) => `const c${index} = ${index}`)}\n` +
      `void [${lines(scriptLines, (index) => `c${index}`).replaceAll('\n', ', ')}]\n</script>\n\n` +
      `<template>\n${lines(500, () => '  <div />')}\n</template>\n`
    expect(await brokenRules('renderer/src/ProbeCard.vue', component(399))).toEqual([])
    expect(await brokenRules('renderer/src/ProbeCard.vue', component(400))).toEqual([
      'vue/max-lines-per-block',
    ])
  })
})

describe('process walls', () => {
  const importing = (what: string, from: string) =>
    `import ${what} from '${from}'\nexport { ${what.replace(/[{} ]/g, '')} }\n`

  it('keep node, electron and main/ out of renderer/, and renderer/ out of main/', async () => {
    const walled = ['no-restricted-imports']
    expect(
      await brokenRules('renderer/src/probe.ts', importing('{ readFileSync }', 'node:fs')),
    ).toEqual(walled)
    expect(
      await brokenRules('renderer/src/probe.ts', importing('{ ipcRenderer }', 'electron')),
    ).toEqual(walled)
    expect(
      await brokenRules(
        'renderer/src/probe.ts',
        importing('{ SCRIPT_ENTRIES }', '../../main/platform/workers/entries'),
      ),
    ).toEqual(walled)
    expect(
      await brokenRules('main/probe.ts', importing('{ call }', '../renderer/src/bridge')),
    ).toEqual(walled)
  })

  it("let a .vue file reach main only through its feature's store or a composable", async () => {
    const script = (code: string) => `<script setup lang="ts">\n${code}</script>\n`
    const using = (name: string, from: string) =>
      script(`import { ${name} } from '${from}'\nvoid ${name}\n`)
    expect(
      await brokenRules(
        'renderer/src/features/probe/ProbeCard.vue',
        using('call', '../../platform/bridge'),
      ),
    ).toEqual(['no-restricted-imports'])
    expect(
      await brokenRules(
        'renderer/src/features/probe/ProbeCard.vue',
        script("void window.gatedesk.invoke('sandbox:overview')\n"),
      ),
    ).toEqual(['no-restricted-syntax'])
    expect(
      await brokenRules(
        'renderer/src/features/probe/ProbeCard.vue',
        using('useProbeStore', './probe-store'),
      ),
    ).toEqual([])
    expect(
      await brokenRules(
        'renderer/src/features/probe/probe-store.ts',
        importing('{ call }', '../../platform/bridge'),
      ),
    ).toEqual([])
    // The node and main/ walls still stand in a .vue file.
    expect(
      await brokenRules('renderer/src/ProbeCard.vue', using('readFileSync', 'node:fs')),
    ).toEqual(['no-restricted-imports'])
  })

  it('keep renderer i18n/ below format/ and bridge.ts, which word their messages through it', async () => {
    expect(
      await brokenRules('renderer/src/platform/i18n/probe.ts', importing('{ call }', '../bridge')),
    ).toEqual(['no-restricted-imports'])
    expect(
      await brokenRules(
        'renderer/src/platform/i18n/probe.ts',
        importing('{ formatDateTime }', '../format/date-time'),
      ),
    ).toEqual(['no-restricted-imports'])
    expect(
      await brokenRules('renderer/src/platform/format/probe.ts', importing('{ i18n }', '../i18n')),
    ).toEqual([])
    expect(
      await brokenRules('renderer/src/platform/bridge-probe.ts', importing('{ i18n }', './i18n')),
    ).toEqual([])
  })

  it('let preload/contract/ import zod and nothing else', async () => {
    expect(await brokenRules('preload/contract/probe.ts', importing('{ z }', 'zod'))).toEqual([])
    expect(await brokenRules('preload/contract/probe.ts', importing('Papa', 'papaparse'))).toEqual([
      'no-restricted-imports',
    ])
  })
})

describe('import circles', () => {
  // One cruise over small projects, each in a folder of its own: the tool takes seconds to start.
  const cases = {
    fileCircle: {
      'a.ts': "import type { B } from './b'\nexport type A = B[]\n",
      'b.ts': "import type { A } from './a'\nexport interface B {\n  a: A\n}\n",
    },
    folderCircle: {
      'one/start.ts': "import { middle } from '../two/middle'\nexport const start = middle + 1\n",
      'two/middle.ts': "import { end } from '../one/end'\nexport const middle = end + 1\n",
      'one/end.ts': 'export const end = 1\n',
    },
    oneDirection: {
      'one/start.ts': "import { middle } from '../two/middle'\nexport const start = middle + 1\n",
      'two/middle.ts': "import { end } from '../three/end'\nexport const middle = end + 1\n",
      'three/end.ts': 'export const end = 1\n',
    },
    // The layers of issue #21, each broken once (named as in the real tree, so the rules' paths match).
    main: {
      'platform/csv/scan.ts':
        "import { entries } from '../../history/entries'\nexport const scan = entries\n",
      'history/entries.ts': 'export const entries = 1\n',
      'bulk/job.ts': "import { send } from '../recurring/send'\nexport const job = send\n",
      'bulk/run.ts': "import type { Send } from '../recurring/send'\nexport type Run = Send[]\n",
      'recurring/send.ts':
        "import { rows } from '../platform/csv/rows'\nexport const send = rows\nexport type Send = number\n",
      'platform/csv/rows.ts': 'export const rows = 1\n',
      'recurring/handlers.ts': "import { bind } from '../app/ipc'\nexport const handlers = bind\n",
      'app/ipc.ts': 'export const bind = 1\n',
      'bulk/index.ts': "export { job } from './job'\n",
      'cli/bulk-command.ts': "import { job } from '../bulk'\nexport const command = job\n",
      'cli/reaching-command.ts': "import { job } from '../bulk/job'\nexport const command = job\n",
      'sandbox/stores/state.ts':
        "import { db } from './db'\nimport { tls } from '../http/tls'\nexport const state = db + tls\n",
      'sandbox/stores/db.ts': 'export const db = 1\n',
      'sandbox/http/tls.ts': 'export const tls = 1\n',
    },
    renderer: {
      'src/features/history/detail.ts':
        "import { reopen } from '../recurring/reopen'\nexport const detail = reopen\n",
      'src/features/recurring/reopen.ts':
        "import { words } from '../../platform/words'\nexport const reopen = words\n",
      'src/platform/words.ts':
        "import { label } from '../features/bulk/label'\nexport const words = label\n",
      'src/features/bulk/label.ts': 'export const label = 1\n',
    },
    preload: {
      'contract/platform/calendar.ts':
        "import { luhn } from '../recurring/values'\nexport const calendar = luhn\n",
      'contract/recurring/values.ts':
        "import { join } from 'node:path'\nexport const luhn = join\n",
    },
  }
  const project = mkdtempSync(join(tmpdir(), 'gatedesk-circles-'))
  afterAll(() => rmSync(project, { recursive: true, force: true }))
  for (const [name, files] of Object.entries(cases)) {
    for (const [path, code] of Object.entries(files)) {
      mkdirSync(join(project, name, dirname(path)), { recursive: true })
      writeFileSync(join(project, name, path), code)
    }
  }

  interface Violation {
    from: string
    to: string
    rule: { name: string }
  }
  /** What dependency-cruiser, run with the project's config, reports. */
  let violations: Violation[]
  beforeAll(async () => {
    const cruiser = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs')
    const config = join(root, '.dependency-cruiser.js')
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [cruiser, '--config', config, '--output-type', 'json', ...Object.keys(cases)],
      { cwd: project, encoding: 'utf8' },
    ).catch((failed: { stdout: string }) => failed)
    violations = (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations
  })
  const inCase = (name: keyof typeof cases) =>
    violations.filter(({ from }) => from.startsWith(`${name}/`))
  const rulesIn = (name: keyof typeof cases) =>
    [...new Set(inCase(name).map(({ rule }) => rule.name))].sort()

  it('refuse two files that import each other, type-only imports included', () => {
    expect(rulesIn('fileCircle')).toEqual(['no-circular'])
  })

  it('refuse two folders that import each other through files with no circle between them', () => {
    expect(rulesIn('folderCircle')).toEqual(['no-circular-folders'])
  })

  it('let files and folders import one another along one direction', () => {
    expect(rulesIn('oneDirection')).toEqual([])
  })

  const breaks = (name: keyof typeof cases) =>
    inCase(name)
      .map(({ from, to, rule }) => `${rule.name}: ${from} -> ${to}`)
      .sort()

  it('refuse a platform import of a feature, a value import across features, a feature importing a root, the CLI reaching past a face', () => {
    expect(breaks('main')).toEqual([
      'cli-uses-a-feature-through-its-face: main/cli/reaching-command.ts -> main/bulk/job.ts',
      'features-meet-through-the-contract: main/bulk/job.ts -> main/recurring/send.ts',
      'no-feature-imports-a-root: main/recurring/handlers.ts -> main/app/ipc.ts',
      'no-reaching-in: main/sandbox/stores/state.ts -> main/sandbox/http/tls.ts',
      'platform-never-imports-a-feature: main/platform/csv/scan.ts -> main/history/entries.ts',
    ])
  })

  it("refuse a screen importing another's folder, and renderer platform/ importing a screen", () => {
    expect(breaks('renderer')).toEqual([
      'platform-never-imports-a-feature: renderer/src/platform/words.ts -> renderer/src/features/bulk/label.ts',
      'screens-meet-through-platform: renderer/src/features/history/detail.ts -> renderer/src/features/recurring/reopen.ts',
    ])
  })

  it("refuse the contract's platform/ importing a feature's contract, and the contract importing beyond zod", () => {
    expect(breaks('preload')).toEqual([
      'contract-imports-only-zod: preload/contract/recurring/values.ts -> path',
      'contract-platform-never-imports-a-feature: preload/contract/platform/calendar.ts -> preload/contract/recurring/values.ts',
    ])
  })
})
