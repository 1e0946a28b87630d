import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { writePrivateFile } from '../platform/db/private-files'

const windowStateSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(400).max(20_000),
  height: z.number().int().min(300).max(20_000),
  maximized: z.boolean(),
})

export type WindowState = z.infer<typeof windowStateSchema>

export interface Area {
  x: number
  y: number
  width: number
  height: number
}

export const DEFAULT_WINDOW_SIZE = { width: 1280, height: 800 }

/** A window must show at least this much of itself on some display to be reachable. */
const MIN_VISIBLE = 100

function visibleOn(state: WindowState, area: Area): boolean {
  const overlapX = Math.min(state.x + state.width, area.x + area.width) - Math.max(state.x, area.x)
  const overlapY =
    Math.min(state.y + state.height, area.y + area.height) - Math.max(state.y, area.y)
  return overlapX >= MIN_VISIBLE && overlapY >= MIN_VISIBLE
}

/**
 * The remembered window position and size, or null to use the defaults: when none was saved, the
 * file is unreadable, or the window would open off every display (a monitor was unplugged).
 */
export function loadWindowState(file: string, displays: readonly Area[]): WindowState | null {
  let saved: unknown
  try {
    saved = JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return null
  }
  const state = windowStateSchema.safeParse(saved)
  if (!state.success) return null
  return displays.some((area) => visibleOn(state.data, area)) ? state.data : null
}

export function saveWindowState(file: string, state: WindowState): void {
  writePrivateFile(file, JSON.stringify(windowStateSchema.parse(state)))
}
