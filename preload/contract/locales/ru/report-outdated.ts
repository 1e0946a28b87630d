import type { Translation } from '../message-schema'
import type { reportOutdated as english } from '../en/report-outdated'

export const reportOutdated: Translation<typeof english> = {
  run: 'Предыдущий запуск, {time}',
  file: 'Открыт {time}, до последнего запуска',
  why: 'Последний запуск не вернул отчёт: показан прежний результат.',
}
