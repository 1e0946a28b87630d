import type { Translation } from '../../i18n/message-schema'
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
  },
  placeholder: 'Раздел в разработке.',
  sections: {
    recurring: {
      title: 'Регулярные платежи',
      summary:
        'Изменение профилей регулярных платежей: суммы, расписание, данные карты и плательщика.',
    },
    reports: {
      title: 'Отчёты',
      summary: 'Создание, запуск, просмотр и выгрузка отчётов по транзакциям (CSV и PDF).',
    },
    bulk: {
      title: 'Массовые изменения',
      summary:
        'Одно изменение сразу для многих профилей — с ходом выполнения и результатом по каждой строке.',
    },
    keys: {
      title: 'Ключи и окружения',
      summary: 'Окружения шлюза, контрольные ключи и пары ключей RSA в системном хранилище ключей.',
    },
    sandbox: {
      title: 'Песочница',
      summary: 'Встроенный локальный шлюз: демо-мерчант, профили, имитация времени, сбои.',
    },
    history: {
      title: 'История',
      summary: 'Все отправленные запросы и их результаты; поиск по профилю, заказу и дате.',
    },
  },
}
