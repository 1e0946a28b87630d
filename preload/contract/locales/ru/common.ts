import type { Translation } from '../message-schema'
import type { common as english } from '../en/common'

// An outcome reads the same in Russian at the head of a CLI line and on a screen.
const outcomes: Translation<typeof english>['outcomes'] = {
  sending: 'отправляется',
  approved: 'одобрено',
  declined: 'отклонено',
  'validation-error': 'ошибка проверки',
  error: 'ошибка',
  'internal-failure': 'внутренний сбой',
  unknown: 'неизвестно',
  'not-sent': 'не отправлено',
  'protocol-error': 'ошибка протокола',
  report: 'отчёт',
  'not-authorised': 'нет доступа',
  'transport-error': 'ошибка связи',
}

export const common: Translation<typeof english> = {
  outcomes,
  outcomeLabels: outcomes,
  schedule: {
    every: {
      day: 'каждый день',
      week: 'каждую неделю',
      month: 'каждый месяц',
    },
    everyN: {
      day: 'каждый {n} день | каждые {n} дня | каждые {n} дней',
      week: 'каждую {n} неделю | каждые {n} недели | каждые {n} недель',
      month: 'каждый {n} месяц | каждые {n} месяца | каждые {n} месяцев',
    },
    from: '{every} с {start}',
    fromTo: '{every} с {start} по {finish}',
  },
  amountRule: {
    fixed: '{amounts} {currency}',
    range: '{amounts} {currency} (случайная сумма)',
    sequence: '{amounts} {currency} (по очереди)',
  },
  uncertainHint:
    'Запрос мог дойти до шлюза и изменить профиль, но чем он закончился, неизвестно: проверьте профиль, прежде чем отправлять снова.',
  actions: {
    cancel: 'Отмена',
    close: 'Закрыть',
    copy: 'Копировать',
    delete: 'Удалить',
    edit: 'Изменить',
    save: 'Сохранить',
    retry: 'Повторить',
    refresh: 'Обновить',
  },
  state: {
    loading: 'Загрузка…',
    copied: 'Скопировано',
    none: 'Нет',
  },
  errors: {
    unexpected: 'Что-то пошло не так: {message}',
    copyFailed: 'Не удалось скопировать в буфер обмена: {message}',
  },
  dialogFilters: {
    csvFiles: 'Файлы CSV',
    csvReports: 'Отчёты CSV',
    tsvFiles: 'Файлы с табуляцией (TSV)',
    xlsxFiles: 'Книги Excel (XLSX)',
    reports: 'Отчёты (CSV, PDF)',
    pemKeys: 'Ключ PEM',
    reportTemplates: 'Шаблоны отчётов (JSON)',
    certificates: 'Сертификаты УЦ (PEM)',
    allFiles: 'Все файлы',
  },
  units: {
    bytes: '{n} байт | {n} байта | {n} байт',
    KB: '{n} КБ',
    MB: '{n} МБ',
    GB: '{n} ГБ',
    TB: '{n} ТБ',
    KiB: '{n} КиБ',
    MiB: '{n} МиБ',
    GiB: '{n} ГиБ',
    ms: '{n} мс',
    s: '{n} с',
    min: '{n} мин',
    'min-s': '{minutes} мин {seconds} с',
  },
}
