import type { Translation } from '../message-schema'
import type { reportGrid as english } from '../en/report-grid'

export const reportGrid: Translation<typeof english> = {
  pin: 'Закрепить {name} слева',
  unpin: 'Открепить {name}',
  pinTitle: 'Закрепить слева: столбец остаётся на виду, пока остальные прокручиваются',
  unpinTitle: 'Закреплён: нажмите, чтобы он прокручивался вместе с остальными',
  pinnedNote: 'Закреплённые столбцы остаются слева, пока остальные прокручиваются.',
  resizeTitle:
    'Перетащите, чтобы изменить ширину; двойной щелчок подгоняет её под значения на экране',
  searchKeys: 'Enter — следующая ячейка с совпадением; Shift+Enter — предыдущая',
  problemRow: 'Строка {row} (строка файла {line}): {message}',
  showRow: 'Показать строку {row} в таблице',
  notInView: 'Строки {row} нет в этом представлении: её скрывают фильтры или поиск.',
  net: 'нетто',
  netTitle:
    'Нетто: продажи и списания за вычетом возвратов, чарджбэков, отмен и выплат; авторизации и аннулирования не учитываются',
}
