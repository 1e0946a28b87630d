import type { IsoDay } from '../../../preload/contract/platform/calendar'
import type { SandboxDb } from './sandbox-db'

/** What the Sandbox page can tune; kept in the database so `sandbox advance` sees it too. */
export interface SandboxSettings {
  /** The share of charges that decline, from 0 to 1. */
  declineRate: number
  /** How far oauth_timestamp may be from the sandbox's clock, either way. */
  timestampWindowSeconds: number
  /** How long the `delay` fault holds a response: longer than a client's timeout. */
  faultDelayMs: number
}

const DEFAULT_SETTINGS: SandboxSettings = {
  declineRate: 0.1,
  timestampWindowSeconds: 300,
  faultDelayMs: 65_000,
}

export type MetaStore = ReturnType<typeof metaStore>

export function metaStore(db: SandboxDb) {
  const read = db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?')
  const write = db.prepare<[string, string]>(
    'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  )
  const value = (key: string) => read.get(key)?.value ?? null

  return {
    /** Whether the demo data was seeded: a seeded sandbox has a simulated date. */
    initialised(): boolean {
      return value('today') !== null
    },
    /** The simulated date: it only moves when someone advances it. */
    today(): IsoDay {
      const today = value('today')
      if (today === null) throw new Error('The sandbox database has no simulated date')
      return today
    },
    setToday(day: IsoDay): void {
      write.run('today', day)
    },
    settings(): SandboxSettings {
      return { ...DEFAULT_SETTINGS, ...JSON.parse(value('settings') ?? '{}') }
    },
    saveSettings(settings: SandboxSettings): void {
      write.run('settings', JSON.stringify(settings))
    },
    /** The port of the last run, so the base URL stays the same across restarts. */
    savedPort(): number | null {
      const port = value('port')
      return port === null ? null : Number(port)
    },
    savePort(port: number): void {
      write.run('port', String(port))
    },
  }
}
