import type { Translation } from '../message-schema'
import type { recentReports as english } from '../en/recent-reports'

/** Недавние отчёты на экране «Отчёты» (renderer/src/features/reports/RecentReports.vue). */
export const recentReports: Translation<typeof english> = {
  button: 'Недавние',
  buttonTitle:
    'Отчёты, открытые в последнее время: файлы и запуски шаблонов, каждый — в том виде, в каком вы его оставили',
  title: 'Недавние отчёты',
  none: 'Отчётов ещё не открывали. Здесь появятся открытые файлы и отчёты, полученные по шаблонам.',
  run: 'Запуск шаблона',
  openedAt: 'Открыт {when}',
  missing: 'Файла нет',
  remove: 'Убрать из списка',
  removeTitle: 'Убрать «{name}» из списка (сам файл останется)',
  clear: 'Очистить список',
  failed: 'Не удалось показать недавние отчёты: {reason}',
  keys: 'Стрелки вверх и вниз — переход между отчётами, Enter — открыть, Delete — убрать из списка.',
}
