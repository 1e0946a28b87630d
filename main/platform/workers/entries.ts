// The one list of the scripts main starts in a worker thread (`*.worker.ts`) or a process of its
// own (`*.process.ts`). electron-vite, the CLI build (scripts/build-cli.mjs, which Node imports
// with its type stripping: keep this file to erasable syntax and without imports) and the script
// locator (script-ref.ts) all read it.

export interface ProcessTraits {
  /** The process's name in the OS's task list (Electron's serviceName). */
  title: string
  /** Its JavaScript heap, where the launcher can set one (a Node fork). */
  heapLimitMb: number
}

/** An entry's source, from the project's root; each is bundled as `<name>.js`. */
export type ScriptEntry =
  { source: string; kind: 'worker' } | { source: string; kind: 'process'; traits: ProcessTraits }

export const SCRIPT_ENTRIES = {
  'row-index-worker': { source: 'main/platform/csv/row-index.worker.ts', kind: 'worker' },
  // Started for each XLSX export of a report's view.
  'xlsx-export-worker': { source: 'main/reports/xlsx-export.worker.ts', kind: 'worker' },
  'query-process': {
    source: 'main/reports/query/query.process.ts',
    kind: 'process',
    // It holds messages only: DuckDB's memory is its own, with a limit of its own.
    traits: { title: 'GateDesk query process', heapLimitMb: 512 },
  },
  // Started by the query process.
  'column-extract-worker': {
    source: 'main/reports/query/column-extract.worker.ts',
    kind: 'worker',
  },
  'sandbox-process': {
    source: 'main/sandbox/process/sandbox.process.ts',
    kind: 'process',
    // Reports stream a page at a time; far more than that means a leak, which ends it, not the app.
    traits: { title: 'GateDesk sandbox', heapLimitMb: 512 },
  },
  // One per key pair generated in the app, ended by Cancel; it holds a key, no more.
  'rsa-key-generation-process': {
    source: 'main/environments/keys/rsa-key-generation.process.ts',
    kind: 'process',
    traits: { title: 'GateDesk key generation', heapLimitMb: 64 },
  },
} as const satisfies Record<string, ScriptEntry>

export type ScriptName = keyof typeof SCRIPT_ENTRIES
