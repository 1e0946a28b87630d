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
