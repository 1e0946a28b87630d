import {
  savedViewContentSchema,
  VIEW_NAME_MAX,
  type SavedView,
  type SavedViewContent,
} from '../../preload/contract/reports/saved-views'
import { coded, type CodedMessage } from '../platform/i18n/english'

// What every saved view store (this desk's SQLite, the team's PostgreSQL) checks and refuses
// alike, and how both read a stored view back.

/** A view cannot be saved under the name given: the message says why and what to do. */
export class ViewRefusedError extends Error {
  override readonly name = 'ViewRefusedError'
  constructor(readonly refusal: CodedMessage) {
    super(refusal.message)
  }
}

/** A name checked and trimmed, or the refusal that says what is wrong with it. */
export function checkedViewName(name: string): string {
  const trimmed = name.trim()
  if (!trimmed) throw new ViewRefusedError(coded('report-view.name-missing'))
  if (trimmed.length > VIEW_NAME_MAX) {
    throw new ViewRefusedError(coded('report-view.name-too-long', { max: VIEW_NAME_MAX }))
  }
  return trimmed
}

/** The refusal of a name another view of the same scope has. */
export const viewNameTaken = (name: string) =>
  new ViewRefusedError(coded('report-view.name-taken', { name }))

/** The content as stored: what its schema keeps of it, as JSON. */
export const storedViewContent = (content: SavedViewContent): string =>
  JSON.stringify(savedViewContentSchema.parse(content))

/** A stored view's fields, its content as the JSON text stored and its times as ISO 8601. */
export interface StoredView {
  id: string
  name: string
  content: string
  updatedAt: string
  lastUsedAt: string | null
}

/**
 * The stored view as a view, or null (logged) when its content no longer reads: one bad row
 * never costs the user the others.
 */
export function readView(
  row: StoredView,
  logError: (message: string, detail?: unknown) => void,
): SavedView | null {
  let json: unknown
  try {
    json = JSON.parse(row.content)
  } catch (error) {
    logError(`Saved report view ${row.id} is not JSON; it is left out`, error)
    return null
  }
  const content = savedViewContentSchema.safeParse(json)
  if (!content.success) {
    logError(`Saved report view ${row.id} does not read as a view; it is left out`, content.error)
    return null
  }
  const { id, name, updatedAt, lastUsedAt } = row
  return { id, name, content: content.data, updatedAt, lastUsedAt }
}

/** A scope's readable views as listed, with the id of the one last used. */
export function listedViews(views: SavedView[]): { views: SavedView[]; lastUsedId: string | null } {
  const used = views
    .filter((view) => view.lastUsedAt !== null)
    .sort((a, b) => b.lastUsedAt!.localeCompare(a.lastUsedAt!))
  return { views, lastUsedId: used[0]?.id ?? null }
}
