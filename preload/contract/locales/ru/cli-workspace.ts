import type { Translation } from '../message-schema'
import type { cliWorkspace as english } from '../en/cli-workspace'

export const cliWorkspace: Translation<typeof english> = {
  'unknown-action': 'workspace принимает connect, status или disconnect, а не «{action}»',
  connected:
    "Это рабочее место подключено к общему рабочему пространству {user}{'@'}{host}:{port}/{database} (PostgreSQL {server}, схема пространства {schema}). Пароль сохранён в хранилище ключей.",
  created:
    'Рабочее пространство создано или обновлено на сервере сейчас ({n} шаг). | Рабочее пространство создано или обновлено на сервере сейчас ({n} шага). | Рабочее пространство создано или обновлено на сервере сейчас ({n} шагов).',
  local:
    'Это рабочее место работает в своём локальном рабочем пространстве (база данных приложения).',
  reachable:
    "Общее рабочее пространство {user}{'@'}{host}:{port}/{database}: доступно, PostgreSQL {server}, схема пространства {schema}.",
  unreachable:
    "Общее рабочее пространство {user}{'@'}{host}:{port}/{database}: сейчас недоступно. {problem}",
  disconnected:
    'Это рабочее место снова работает в локальном рабочем пространстве; пароль команды удалён из хранилища ключей.',
  'not-connected':
    'Это рабочее место не было подключено к общему рабочему пространству; ничего не изменено.',
  'empty-password': '--password-file {path}: файл пуст; запишите в него пароль.',
}
