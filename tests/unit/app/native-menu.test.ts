import type { MenuItemConstructorOptions } from 'electron'
import { describe, expect, it, vi } from 'vitest'
import { appHandlers } from '../../../main/app/app-handlers'
import { menuLabels, menuTemplate } from '../../../main/app/menu'
import { catalogWording } from '../../../main/platform/i18n/catalog-wording'
import { MENU_LABEL_KEYS } from '../../../preload/contract/app/app-channels'
import { en } from '../../../preload/contract/locales/en'
import { ru } from '../../../preload/contract/locales/ru'

const items = (template: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] =>
  template.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? items(item.submenu) : [])])

describe('the native menu in the window’s language', () => {
  it('words every item as the window asks, keeping the standard roles and their shortcuts', () => {
    const english = items(menuTemplate({ appName: 'GateDesk', isMac: false, isDevelopment: true }))
    const russian = items(
      menuTemplate({
        appName: 'GateDesk',
        isMac: false,
        isDevelopment: true,
        labels: ru.shell.menu,
      }),
    )
    expect(russian.map((item) => item.role)).toEqual(english.map((item) => item.role))
    const labels = russian.filter((item) => item.type !== 'separator').map((item) => item.label)
    expect(labels).toContain('Правка')
    expect(labels).toContain('Выделить всё')
    expect(labels.filter((label) => !label || /[A-Za-z]/.test(label))).toEqual([])
  })

  it("words the menu from the catalog: in English until the window asks, as the window's words", () => {
    const english = items(menuTemplate({ appName: 'GateDesk', isMac: false, isDevelopment: true }))
    expect(english.map((item) => item.label)).toContain('Toggle Developer Tools')
    expect(menuLabels(catalogWording('en'))).toEqual(en.shell.menu)
    expect(menuLabels(catalogWording('ru'))).toEqual(ru.shell.menu)
    expect(Object.keys(ru.shell.menu).sort()).toEqual([...MENU_LABEL_KEYS].sort())
  })

  it('lists the recent reports under File ▸ Open Recent, each opening its own, and clears them', () => {
    const open = vi.fn()
    const clear = vi.fn()
    const entries = [
      { id: 'a', name: 'Sales & refunds.csv' },
      { id: 'b', name: 'Daily declines' },
    ]
    const [file] = menuTemplate({
      appName: 'GateDesk',
      isMac: false,
      isDevelopment: false,
      labels: ru.shell.menu,
      recent: { entries, open, clear },
    })
    const [openRecent] = file!.submenu as MenuItemConstructorOptions[]
    expect(openRecent!.label).toBe('Недавние отчёты')
    const listed = openRecent!.submenu as MenuItemConstructorOptions[]
    // "&" would underline the next letter: a file's own one is doubled to show as it is.
    expect(listed.map((item) => item.label ?? item.type)).toEqual([
      'Sales && refunds.csv',
      'Daily declines',
      'separator',
      'Очистить список',
    ])
    const click = (item: MenuItemConstructorOptions) => (item.click as () => void)()
    click(listed[1]!)
    expect(open).toHaveBeenCalledWith('b')
    click(listed[3]!)
    expect(clear).toHaveBeenCalledOnce()

    const [emptyFile] = menuTemplate({
      appName: 'GateDesk',
      isMac: false,
      isDevelopment: false,
      recent: { entries: [], open, clear },
    })
    const [none] = (emptyFile!.submenu as MenuItemConstructorOptions[])[0]!
      .submenu as MenuItemConstructorOptions[]
    expect(none).toMatchObject({ label: 'No Recent Reports', enabled: false })
  })

  it('lets the window reword the menu through its channel', async () => {
    const setMenuLabels = vi.fn()
    const handlers = appHandlers({
      version: '1',
      platform: 'linux',
      openExternal: async () => undefined,
      setMenuLabels,
    })
    expect(await handlers['app:set-menu-labels'](ru.shell.menu)).toEqual({ applied: true })
    expect(setMenuLabels).toHaveBeenCalledWith(ru.shell.menu)
  })

  it('gives the native window parts the theme the user chose, where there are any', async () => {
    const setThemeSource = vi.fn()
    const inApp = appHandlers({
      version: '1',
      platform: 'linux',
      openExternal: async () => undefined,
      setThemeSource,
    })
    expect(await inApp['app:set-theme-source']({ source: 'dark' })).toEqual({ applied: true })
    expect(setThemeSource).toHaveBeenCalledWith('dark')
    const elsewhere = appHandlers({ version: '1', platform: 'linux', openExternal: async () => {} })
    expect(await elsewhere['app:set-theme-source']({ source: 'light' })).toEqual({ applied: false })
  })
})
