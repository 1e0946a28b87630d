import type { Translation } from '../message-schema'
import type { mainReportPivot as englishMain, reportPivot as english } from '../en/report-pivot'

export const reportPivot: Translation<typeof english> = {
  tab: 'Сводная',
  dialogs: { export: 'Экспорт сводной таблицы' },
  export: {
    button: 'Экспорт сводной…',
    xlsx: 'Книга Excel (XLSX)',
    csv: 'CSV',
    saved:
      'В {file} сохранена {n} группа. | В {file} сохранены {n} группы. | В {file} сохранено {n} групп.',
    failed: 'Не удалось экспортировать сводную таблицу: {reason}',
  },
  gridTab: 'Строки',
  groupBy: 'Группировать по',
  addKey: 'Добавить столбец',
  removeKey: 'Убрать {name}',
  buckets: {
    value: 'По значениям',
    day: 'По дням',
    week: 'По неделям (с понедельника)',
    month: 'По месяцам',
  },
  keyBy: '{column} {bucket}',
  bucketWords: { day: 'по дням', week: 'по неделям', month: 'по месяцам' },
  figures: 'Показатели',
  kinds: { count: 'Строк', sum: 'Сумма', min: 'Мин.', max: 'Макс.', avg: 'Среднее' },
  figureOf: '{kind}: {column}',
  net: 'Нетто',
  netOf: 'Нетто {currency}',
  netSigns: 'Нетто по типам операций',
  netHint:
    'Нетто = Amount операций «Прибавлять» минус операций «Вычитать», по каждой валюте; «Не учитывать» исключает тип.',
  noNet: 'Для нетто нужны столбцы Amount (числа), Currency и Transaction_type.',
  signs: { add: 'Прибавлять', subtract: 'Вычитать', ignore: 'Не учитывать' },
  type: 'Тип операции',
  build: 'Построить сводную',
  building: 'Строим сводную…',
  groups: '{n} группа | {n} группы | {n} групп',
  moreGroups:
    'Показаны первые {n} групп, в представлении их больше. Сгруппируйте по меньшему числу столбцов или отфильтруйте строки.',
  noRows: 'В представлении нет строк для группировки.',
  noDate: '(не дата)',
  weekOf: 'Неделя с {day}',
  emptyValue: '(пусто)',
  chart: 'График',
  chartOf: '{figure} — {key}',
  failed: 'Не удалось построить сводную: {reason}',
  cli: {
    'bucket-format':
      '--bucket "{spec}" нужно писать как СТОЛБЕЦ:day, СТОЛБЕЦ:week или СТОЛБЕЦ:month',
    'bucket-not-grouped': '--bucket {column}: группируйте и по нему (добавьте его в --group-by)',
    'measure-format':
      '--measure "{spec}" нужно писать как sum:СТОЛБЕЦ, min:СТОЛБЕЦ, max:СТОЛБЕЦ или avg:СТОЛБЕЦ',
    'group-by-count': '--group-by принимает от 1 до {max} столбцов, а в "{spec}" их {n}',
    'needs-group-by': '--bucket и --measure работают только вместе с --group-by СТОЛБЕЦ[,СТОЛБЕЦ…]',
    count: 'Строк',
    'more-groups':
      'Показаны только первые {n} групп, в представлении их больше (группируйте по меньшему числу столбцов или отфильтруйте строки).',
  },
}

export const mainReportPivot: Translation<typeof englishMain> = {
  'bucket-not-date':
    'В столбце «{column}» числа, а не даты: по дням, неделям и месяцам группируется только столбец с датой или временем.',
  'measure-not-number':
    'В столбце «{column}» нет чисел: сумма, минимум, максимум и среднее считаются только по числовым столбцам.',
}
