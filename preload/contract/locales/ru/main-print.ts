import type { Translation } from '../message-schema'
import type { mainPrint as english } from '../en/main-print'

export const mainPrint: Translation<typeof english> = {
  printed: 'Напечатано {when}',
  filters: 'Фильтры: {filters}',
  search: 'Поиск: «{text}»',
  'sorted-by': 'Сортировка: {keys}',
  ascending: '{name} (А→Я, 0→9)',
  descending: '{name} (Я→А, 9→0)',
  'rows-cut': 'Строки 1–{shown} из {total}: в печать идут только первые {shown} строк.',
  'rows-all': '{total} строка | {total} строки | {total} строк',
  totals: 'Итоги представления',
  'totals-over':
    'по всей {total} строке представления | по всем {total} строкам представления | по всем {total} строкам представления',
  amount: 'Сумма по валютам',
  net: 'Нетто',
  'row-count': 'Строк',
  currency: 'Валюта',
  sum: 'Сумма',
  types: 'Строки по типу операции',
  type: 'Тип операции',
  none: '(пусто)',
  page: 'Страница {page} из {pages}',
}
