import { clampWidth, pinnedFirst, type ColumnLayout } from './column-layout'

const STORAGE_KEY = 'gatedesk.reportColumnLayouts'
/** Layouts of this many kinds of report are kept; the least recently arranged go first. */
export const SAVED_LAYOUTS_MAX = 50

type LayoutStorage = Pick<Storage, 'getItem' | 'setItem'>
type SavedLayouts = Record<string, { layout: ColumnLayout; usedAt: number }>

/** Reports of one kind share a header: the layout is kept for exactly these column names. */
const keyOf = (columns: readonly string[]) => JSON.stringify(columns)

function readAll(storage: LayoutStorage): SavedLayouts {
  try {
    const saved = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}') as unknown
    return saved && typeof saved === 'object' && !Array.isArray(saved)
      ? (saved as SavedLayouts)
      : {}
  } catch {
    return {}
  }
}

function writeAll(storage: LayoutStorage, layouts: SavedLayouts) {
  const newest = Object.entries(layouts)
    .sort(([, a], [, b]) => b.usedAt - a.usedAt)
    .slice(0, SAVED_LAYOUTS_MAX)
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(newest)))
  } catch {
    // Storage full or off: the layout is simply not remembered.
  }
}

const isIndexList = (value: unknown, count: number): value is number[] =>
  Array.isArray(value) &&
  value.every((item) => Number.isInteger(item) && item >= 0 && item < count) &&
  new Set(value).size === value.length

/** A saved layout that still fits `count` columns, or null (edited by hand, or another version). */
function fitting(layout: unknown, count: number): ColumnLayout | null {
  const {
    order,
    hidden,
    widths,
    pinned = [],
  } = (layout ?? {}) as Partial<Record<keyof ColumnLayout, unknown>>
  if (!isIndexList(order, count) || order.length !== count) return null
  if (!isIndexList(hidden, count) || hidden.length >= count) return null
  if (!Array.isArray(widths) || widths.length !== count) return null
  if (!widths.every((width) => typeof width === 'number' && Number.isFinite(width))) return null
  // Layouts saved before columns could be pinned have none pinned.
  if (!isIndexList(pinned, count)) return null
  return { order: pinnedFirst(order, pinned), hidden, widths: widths.map(clampWidth), pinned }
}

/** The layout the user last gave reports with these columns, if any. */
export function savedLayout(
  columns: readonly string[],
  storage: LayoutStorage = localStorage,
): ColumnLayout | null {
  return fitting(readAll(storage)[keyOf(columns)]?.layout, columns.length)
}

/** Remembers the layout for reports with these columns. */
export function saveLayout(
  columns: readonly string[],
  layout: ColumnLayout,
  storage: LayoutStorage = localStorage,
  now = Date.now(),
): void {
  writeAll(storage, { ...readAll(storage), [keyOf(columns)]: { layout, usedAt: now } })
}

/** Forgets the layout of reports with these columns: they open as a new kind would. */
export function forgetLayout(
  columns: readonly string[],
  storage: LayoutStorage = localStorage,
): void {
  const layouts = readAll(storage)
  delete layouts[keyOf(columns)]
  writeAll(storage, layouts)
}
