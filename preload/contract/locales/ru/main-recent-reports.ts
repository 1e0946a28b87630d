import type { Translation } from '../message-schema'
import type { mainRecentReports as english } from '../en/main-recent-reports'

/** Почему недавний отчёт не открывается снова (main/reports/recent-reports.ts). */
export const mainRecentReports: Translation<typeof english> = {
  'file-missing':
    'Файла «{file}» больше нет там, откуда его открывали: его переместили, переименовали или удалили. Откройте его из нового места или уберите из списка.',
  'run-missing':
    'Отчёт последнего запуска шаблона «{name}» больше не хранится: GateDesk хранит скачанные отчёты, пока открыт. Запустите шаблон снова или уберите отчёт из списка.',
}
