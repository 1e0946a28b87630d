import type { Translation } from '../message-schema'
import type { mainReportViews as english } from '../en/main-report-views'

/** Почему имя вида отчёта не принято (main/templates/saved-views-repository.ts). */
export const mainReportViews: Translation<typeof english> = {
  'name-missing': 'Дайте виду название.',
  'name-too-long': 'Название вида — не длиннее {max} символов.',
  'name-taken': 'У этого отчёта уже есть вид «{name}»: выберите другое название.',
  'not-found': 'Вида больше нет: его удалили, возможно, в другом окне GateDesk.',
}
