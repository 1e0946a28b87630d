import type { Translation } from '../message-schema'
import type { shell as english } from '../en/shell'

export const shell: Translation<typeof english> = {
  navigation: 'Разделы',
  version: 'Версия {version}',
  language: 'Язык',
  theme: { label: 'Тема', system: 'Как в системе', light: 'Светлая', dark: 'Тёмная' },
  showNavigation: 'Показать меню ({shortcut})',
  hideNavigation: 'Скрыть меню ({shortcut})',
  sectionShortcut: '{title} ({shortcut})',
  menu: {
    file: 'Файл',
    edit: 'Правка',
    view: 'Вид',
    window: 'Окно',
    quit: 'Выход',
    close: 'Закрыть',
    undo: 'Отменить',
    redo: 'Повторить',
    cut: 'Вырезать',
    copy: 'Копировать',
    paste: 'Вставить',
    delete: 'Удалить',
    selectAll: 'Выделить всё',
    reload: 'Перезагрузить',
    devTools: 'Инструменты разработчика',
    resetZoom: 'Исходный масштаб',
    zoomIn: 'Увеличить',
    zoomOut: 'Уменьшить',
    fullScreen: 'Полноэкранный режим',
    minimize: 'Свернуть',
    openRecent: 'Недавние отчёты',
    clearRecent: 'Очистить список',
    noRecent: 'Недавних отчётов нет',
  },
  sections: {
    recurring: {
      title: 'Регулярные платежи',
    },
    reports: {
      title: 'Отчёты',
    },
    bulk: {
      title: 'Массовые изменения',
    },
    keys: {
      title: 'Ключи и окружения',
    },
    sandbox: {
      title: 'Песочница',
    },
    history: {
      title: 'История',
    },
    workspace: {
      title: 'Пространство',
    },
  },
}
