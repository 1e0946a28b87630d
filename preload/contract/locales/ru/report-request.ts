import type { Translation } from '../message-schema'
import type { reportRequest as english } from '../en/report-request'

export const reportRequest: Translation<typeof english> = {
  filters: {
    gates: 'Шлюзы',
    companies: 'Компании',
    projects: 'Проекты',
    endpoints: 'Эндпоинты',
    merchants: 'Мерчанты',
    processors: 'Процессоры',
    managers: 'Менеджеры',
    resellers: 'Реселлеры',
    currencies: 'Валюты',
  },
  parameterTypes: {
    INPUT_TEXT: 'Текст',
  },
  exampleTemplate: 'Транзакции за последние 30 дней',
  item: 'Элемент {n}',
}
