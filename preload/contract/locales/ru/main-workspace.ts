import type { Translation } from '../message-schema'
import type { mainWorkspace as english } from '../en/main-workspace'

export const mainWorkspace: Translation<typeof english> = {
  check: {
    dns: 'Имя сервера {host} не найдено (DNS): проверьте имя хоста или сеть.',
    refused:
      'По адресу {host}:{port} никто не отвечает: проверьте хост и порт и что PostgreSQL там запущен.',
    unreachable:
      'Сервер {host}:{port} не ответил за {limitMs}: проверьте хост, порт и межсетевой экран между вами.',
    'tls-unsupported':
      'Сервер {host}:{port} не поддерживает TLS, а GateDesk никогда не передаёт пароль открытым текстом: попросите администратора включить ssl.',
    tls: 'Не удалось проверить сервер {host}:{port} по TLS ({detail}): укажите файл CA вашего сервера в --ca или проверьте имя хоста, на которое выдан сертификат.',
    auth: 'Сервер отклонил вход пользователя {user}: {detail}. Проверьте имя пользователя и пароль.',
    database: 'На сервере нет базы данных {database}: проверьте её имя.',
    permissions:
      'У пользователя {user} нет доступа к базе данных {database}: {detail}. Попросите доступ у администратора.',
    'server-too-old':
      'На сервере PostgreSQL {version}; для общего рабочего пространства нужна версия {minimum} или новее.',
    'app-too-old':
      'Это рабочее пространство обновлено более новой версией GateDesk (схема {found}, это приложение знает {known}): обновите GateDesk на этом рабочем месте. Ничего не изменено.',
    'cannot-create':
      'Пользователь {user} не может создать рабочее пространство в {database} ({detail}): пусть администратор подключится первым или выдаст право CREATE на базу данных.',
    other: 'Не удалось использовать сервер команды: {detail}.',
  },
  ca: {
    unreadable:
      'Не удалось прочитать файл CA {file} ({reason}): укажите путь к файлу PEM, который прислал администратор.',
    'not-certificate':
      'В файле CA {file} нет сертификата, который GateDesk может прочитать (файл PEM, начинающийся с «-----BEGIN CERTIFICATE-----»): укажите файл CA вашего сервера.',
  },
  'not-connected':
    'Это рабочее место не подключено к общему рабочему пространству: gatedesk workspace connect …',
}
