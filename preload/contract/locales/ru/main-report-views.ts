import type { Translation } from '../message-schema'
import type { mainReportViews as english } from '../en/main-report-views'

/** Почему имя представления отчёта не принято (main/templates/saved-views-repository.ts). */
export const mainReportViews: Translation<typeof english> = {
  'name-missing': 'Дайте представлению название.',
  'name-too-long': 'Название представления — не длиннее {max} символов.',
  'name-taken': 'У этого отчёта уже есть представление «{name}»: выберите другое название.',
  'not-found': 'Представления больше нет: его удалили, возможно, в другом окне GateDesk.',
}
