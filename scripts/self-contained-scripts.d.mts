import type { ScriptEntry } from '../main/platform/workers/entries'

export const NATIVE_PACKAGES: readonly string[]

export function buildSelfContainedScripts(options: {
  entries: Record<string, ScriptEntry>
  root: string
  outdir: string
  target: string | string[] | false
}): Promise<void>
