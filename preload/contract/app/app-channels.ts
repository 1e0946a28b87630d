import { z } from 'zod'
import { channel } from '../platform/define'
import { inputText, outputText } from '../platform/text'

/** The native menu's words, in the window's language (the renderer's locale files hold them). */
export const MENU_LABEL_KEYS = [
  'file',
  'edit',
  'view',
  'window',
  'quit',
  'close',
  'undo',
  'redo',
  'cut',
  'copy',
  'paste',
  'delete',
  'selectAll',
  'reload',
  'devTools',
  'resetZoom',
  'zoomIn',
  'zoomOut',
  'fullScreen',
  'minimize',
  'openRecent',
  'clearRecent',
  'noRecent',
] as const
export type MenuLabelKey = (typeof MENU_LABEL_KEYS)[number]
export type MenuLabels = Record<MenuLabelKey, string>

const menuLabelsSchema = z.strictObject(
  Object.fromEntries(MENU_LABEL_KEYS.map((key) => [key, inputText(64).min(1)])) as Record<
    MenuLabelKey,
    z.ZodString
  >,
)

/** The window's theme choice; main passes it to the native title bar, menus and dialogs. */
export const THEME_SOURCES = ['system', 'light', 'dark'] as const
export type ThemeSource = (typeof THEME_SOURCES)[number]

export const appChannels = {
  'app:info': channel(
    'The running app: version and platform, for the title bar and about box.',
    z.undefined(),
    z.object({ version: outputText(64), platform: outputText(32) }),
  ),
  'app:open-external': channel(
    'Opens an http(s) link in the system browser; main refuses any other scheme.',
    z.object({ url: inputText(2048) }),
    z.object({ opened: z.boolean() }),
  ),
  'app:set-menu-labels': channel(
    'Words the native menu in the language the window has switched to.',
    menuLabelsSchema,
    z.object({ applied: z.boolean() }),
  ),
  'app:set-theme-source': channel(
    'Gives the native window parts (title bar, menus, dialogs) the theme the user chose.',
    z.object({ source: z.enum(THEME_SOURCES) }),
    z.object({ applied: z.boolean() }),
  ),
} as const
