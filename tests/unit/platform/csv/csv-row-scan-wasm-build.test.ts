import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(__dirname, '../../../..')
const committed = join(root, 'main/platform/csv/row-scan-kernel.wasm.generated.ts')
// CI installs clang and lld (.ci/run); elsewhere the check needs them.
const hasToolchain = ['clang', 'wasm-ld'].every(
  (tool) => spawnSync(tool, ['--version'], { stdio: 'ignore' }).status === 0,
)

describe('row scanner SIMD kernel build', () => {
  it.runIf(hasToolchain)('rebuilds from row-scan-kernel.c to the committed bytes', () => {
    const scratch = mkdtempSync(join(tmpdir(), 'row-scan-wasm-test-'))
    try {
      const rebuilt = join(scratch, 'kernel.ts')
      execFileSync(process.execPath, [
        join(root, 'scripts/build-row-scan-wasm.mjs'),
        '--out',
        rebuilt,
      ])
      expect(readFileSync(rebuilt, 'utf8')).toBe(readFileSync(committed, 'utf8'))
    } finally {
      rmSync(scratch, { recursive: true, force: true })
    }
  })
})
