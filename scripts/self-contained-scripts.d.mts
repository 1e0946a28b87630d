import type { BuildOptions } from 'esbuild'
import type { ScriptEntry } from '../main/platform/workers/entries'

export const NATIVE_PACKAGES: readonly string[]

interface SelfContainedScripts {
  entries: Record<string, ScriptEntry>
  root: string
  outdir: string
  target: string | string[] | false
}

export function buildSelfContainedScripts(options: SelfContainedScripts): Promise<void>

export function selfContainedBuild(
  options: SelfContainedScripts,
): BuildOptions & { entryPoints: Record<string, string> }
