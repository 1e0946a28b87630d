import type { Translation } from '../../i18n/message-schema'
import type { common as english } from '../en/common'

export const common: Translation<typeof english> = {
  outcomes: {
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
  },
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
}
