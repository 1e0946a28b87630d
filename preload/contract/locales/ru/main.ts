import { mainBulk } from './main-bulk'
import { mainExport } from './main-export'
import { mainPrint } from './main-print'
import { mainEnvironments, mainKey, mainKeychain, mainSigning } from './main-keys'
import { mainReports } from './main-reports'
import { mainReportViews } from './main-report-views'
import { mainRecentReports } from './main-recent-reports'
import { mainSandbox } from './main-sandbox'
import { mainStartup } from './main-startup'
import { mainWorkspace } from './main-workspace'
import type { Translation } from '../message-schema'
import type { main as english } from '../en/main'

export const main: Translation<typeof english> = {
  bulk: mainBulk,
  sandbox: mainSandbox,
  workspace: mainWorkspace,
  /** How a process of GateDesk's ended, inside another message's reason (workers/process-channel.ts). */
  process: {
    'exit-code': 'код выхода {exitCode}',
    killed: 'остановлен сигналом {signal}',
  },
  history: {
    interrupted:
      'GateDesk закрылся до ответа: запрос мог дойти до шлюза. Проверьте профиль, прежде чем отправлять его снова.',
    'more-parameters':
      'ещё {n} параметр: см. {parameter} | ещё {n} параметра: см. {parameter} | ещё {n} параметров: см. {parameter}',
  },
  ipc: {
    'forbidden-sender': 'Запрос «{channel}» отклонён: он пришёл не из окна GateDesk.',
    'invalid-input': 'Запрос «{channel}» получил данные, не соответствующие контракту.',
    'failed-inside': 'Внутренняя ошибка GateDesk при выполнении «{channel}».',
    'unknown-channel': '«{channel}» — не канал GateDesk.',
  },
  recurring: {
    'out-of-range': '{parameter} вне допустимого диапазона. Ожидается: {expects}',
    'invalid-date':
      '{parameter} «{value}» — несуществующая дата: укажите дату в формате ДД.ММ.ГГГГ, например 31.01.2027',
    'invalid-format': '{parameter} в неверном формате. Ожидается: {expects}',
    'duplicate-alias':
      '{alias} и {canonical} — два написания одного параметра: отправьте только {canonical}',
    'unknown-parameter':
      '{name} — не параметр update-recurring-payment: сверьте написание со списком параметров',
    'too-long': '{parameter} слишком длинный (длина {length}, максимум {max}): сократите значение',
    'too-long-expects':
      '{parameter} слишком длинный (длина {length}, максимум {max}). Ожидается: {expects}',
    'card-expired':
      'срок действия карты истёк ({expiry}): укажите срок действия карты, которая ещё действует',
    'requires-card-number':
      '{parameter} допускается только вместе с credit-card-number: укажите номер карты или уберите {parameter}',
    'required-with-card': {
      'card-printed-name':
        'card-printed-name обязателен, если указан credit-card-number: введите имя так, как оно напечатано на карте',
      'expire-year':
        'expire-year обязателен, если указан credit-card-number: введите год окончания срока действия карты (четыре цифры)',
      'expire-month':
        'expire-month обязателен, если указан credit-card-number: введите месяц окончания срока действия карты (от 1 до 12)',
    },
    'amount-range-incomplete':
      '{missing} обязателен вместе с {given}: укажите обе границы случайного диапазона',
    'amount-rule-missing':
      'amount обязателен, если не заданы amount-from с amount-to или amount-sequence: укажите ровно одно правило суммы',
    'amount-rules-combined': {
      'amount-range':
        'amount и amount-from с amount-to нельзя сочетать: укажите ровно одно правило суммы',
      'amount-sequence':
        'amount и amount-sequence нельзя сочетать: укажите ровно одно правило суммы',
      'range-sequence':
        'amount-from с amount-to и amount-sequence нельзя сочетать: укажите ровно одно правило суммы',
      'amount-range-sequence':
        'amount, amount-from с amount-to и amount-sequence нельзя сочетать: укажите ровно одно правило суммы',
    },
    'amount-range-order': 'amount-from ({from}) больше amount-to ({to}): поменяйте их местами',
    'schedule-incomplete':
      '{missing} обязателен вместе с {given}: укажите period и interval вместе или не указывайте ни один',
    'date-range-order':
      'finish-date ({finish}) раньше start-date ({start}): выберите дату окончания не раньше даты начала',
    'not-for-dst': '{parameter} не поддерживается для профилей DST: уберите его',
    'state-required':
      'state обязателен для страны {country}: укажите код штата или провинции плательщика',
    'callback-urls-exclusive':
      'notify_url и server_callback_url нельзя указывать вместе: оставьте только один',
    required: {
      'client-orderid':
        'client-orderid обязателен: укажите идентификатор вашего заказа для этого изменения',
      'recurring-payment-id':
        'recurring-payment-id обязателен: укажите идентификатор, который шлюз присвоил профилю',
    },
  },
  update: {
    'internal-failure':
      'Внутренний сбой шлюза (инцидент {incident}); изменение, возможно, не применено. Прежде чем отправлять снова, передайте ID инцидента в поддержку.',
    'internal-failure-no-id':
      'Внутренний сбой шлюза; изменение, возможно, не применено. Прежде чем отправлять снова, обратитесь в поддержку.',
    protocol: {
      empty:
        'Ответ шлюза (HTTP {status}) пуст, поэтому результат изменения неизвестен: проверьте профиль, прежде чем отправлять снова. Получено: {received}',
      malformed:
        'Ответ шлюза (HTTP {status}) — некорректное тело формы, поэтому результат изменения неизвестен: проверьте профиль, прежде чем отправлять снова. Получено: {received}',
      'not-form':
        'Ответ шлюза (HTTP {status}) — не тело формы, поэтому результат изменения неизвестен: проверьте профиль, прежде чем отправлять снова. Получено: {received}',
      'cut-off':
        'Ответ шлюза (HTTP {status}) оборван, поэтому результат изменения неизвестен: проверьте профиль, прежде чем отправлять снова. Получено: {received}',
      'no-serial':
        'Ответ шлюза (HTTP {status}) одобряет изменение, но в нём нет серийного номера, который есть в каждом одобрении, поэтому результат неизвестен: проверьте профиль, прежде чем отправлять снова. Получено: {received}',
      'undefined-type':
        'Ответ шлюза (HTTP {status}) имеет тип «{type}» и статус «{state}», которых нет в API, поэтому результат изменения неизвестен: проверьте профиль, прежде чем отправлять снова. Получено: {received}',
    },
    'validation-error': 'Шлюз отклонил запрос: {reason}.',
    error: 'Шлюз ответил ошибкой: {reason}.',
    declined: 'Изменение отклонено: {reason}.',
    approved: 'Изменение принято (серийный номер {serial}).',
    'not-sent': 'Ничего не отправлено: {detail}',
    'uncertain-earlier':
      'Ничего не отправлено: чем закончилась прошлая отправка этого изменения в профиль {profile} (история №{history}), неизвестно ({outcome}), так что профиль мог уже измениться. Сначала проверьте профиль; отправляйте снова, только если он не изменился, и подтвердите, что это намеренно.',
    'nothing-reached': 'Запрос не дошёл до шлюза: {detail}',
    'failed-while-sending': 'Сбой GateDesk во время отправки; запрос мог дойти до шлюза: {detail}',
    unknown:
      'Результат неизвестен: {detail} Запрос мог быть применён; проверьте профиль, прежде чем отправлять его снова.',
    'given-twice': '{parameter} указан несколько раз: укажите каждый параметр один раз',
    'broken-rules':
      'Ничего не отправлено: {n} поле нарушает правила шлюза. Исправьте и отправьте снова. | Ничего не отправлено: {n} поля нарушают правила шлюза. Исправьте их и отправьте снова. | Ничего не отправлено: {n} полей нарушают правила шлюза. Исправьте их и отправьте снова.',
    reason: {
      coded: '{errorMessage} (код {errorCode})',
      none: 'причина не указана',
      'none-coded': 'причина не указана (код {errorCode})',
    },
  },
  transport: {
    'invalid-url':
      '«{text}» — некорректный URL. Укажите полный адрес шлюза, начинающийся с https://.',
    'not-https':
      'Отправка на {origin} отклонена: со шлюзом можно работать только по https://. Исправьте URL окружения, чтобы он начинался с https://.',
    cancelled: 'Запрос к {host} отменён.',
    'connect-timeout':
      'Не удалось установить защищённое соединение с {host} за {limitMs}. Проверьте URL и порт в окружении и доступность шлюза из этой сети.',
    'no-response': '{host} не ответил за {limitMs}.',
    stalled: '{host} перестал передавать ответ на {limitMs}; получено байт: {bytes}.',
    truncated: 'Ответ от {host} оборвался после {bytes} байт: соединение закрылось раньше времени.',
    'truncated-of':
      'Ответ от {host} оборвался после {bytes} из {total} байт: соединение закрылось раньше времени.',
    'too-large':
      'Ответ от {host} больше {limitBytes} — намного больше, чем отвечает шлюз. Проверьте, что URL окружения указывает на API шлюза.',
    deadline:
      '{host} не закончил отвечать за {limitMs} — дольше GateDesk один запрос не ждёт (получено байт: {bytes}).',
    'file-in-the-way':
      'Не удалось сохранить ответ в {file} ({code}): мешает файл или ссылка с таким именем; GateDesk записывает только файлы, которые создаёт сам.',
    'file-failed':
      'Не удалось сохранить ответ в {file} ({code}): проверьте, что папка существует, доступна для записи и на диске есть место.',
    tls: {
      untrusted:
        'Сертификат сервера {host} не является доверенным ({code}). Если у окружения собственный УЦ, добавьте его сертификат в окружение.',
      expired:
        'Срок действия сертификата сервера {host} истёк ({code}). Попросите оператора шлюза обновить его и проверьте дату и время на этом компьютере.',
      'not-yet-valid':
        'Сертификат сервера {host} ещё не действует ({code}). Проверьте дату и время на этом компьютере.',
      'wrong-host':
        'Сертификат сервера {host} выдан для другого имени хоста ({code}). Проверьте, что в URL окружения указано точное имя хоста шлюза.',
      rejected:
        'Сертификат сервера {host} отклонён ({code}). Попросите оператора шлюза проверить сертификат.',
      handshake:
        'Не удалось установить защищённое соединение с {host} ({code}). Проверьте, что URL окружения указывает на HTTPS-адрес и порт шлюза.',
    },
    network: {
      refused:
        '{host} отклонил соединение ({code}). Проверьте URL и порт в окружении и что шлюз работает.',
      'not-found':
        'Имя хоста {hostname} не найдено ({code}). Проверьте URL окружения и подключение этого компьютера к сети.',
      'closed-before-response': 'Соединение с {host} закрылось до получения ответа ({code}).',
      'closed-before-request':
        'Соединение с {host} закрылось до отправки запроса ({code}). Повторите попытку; если ошибка повторяется, проверьте URL и порт окружения.',
      unreachable:
        '{host} недоступен ({code}). Проверьте подключение этого компьютера к сети, брандмауэр и прокси.',
      other: 'Не удалось связаться с {host} ({code}: {reason}).',
      'other-no-code': 'Не удалось связаться с {host} (без кода ошибки: {reason}).',
    },
  },
  report: mainReports,
  'report-export': mainExport,
  'report-print': mainPrint,
  'report-view': mainReportViews,
  'recent-report': mainRecentReports,
  connection: {
    cancelled: 'Проверка отменена: запрос остановлен, ничего не сохранено.',
    ok: 'Соединение по TLS с проверкой сертификата установлено, шлюз принял логин мерчанта и контрольный ключ (в ответ пришёл отчёт {kind}).',
    'credentials-rejected':
      'Шлюз доступен по TLS с проверкой сертификата, но отклонил логин мерчанта или контрольный ключ. {detail}',
    'too-large':
      'Сервер доступен по TLS с проверкой сертификата, но его ответ на тестовый отчёт превысил {limitBytes} — намного больше, чем отвечает шлюз, поэтому GateDesk прекратил чтение и ничего не сохранил. Проверьте, что URL окружения указывает на API шлюза.',
    'too-slow':
      'Сервер доступен по TLS с проверкой сертификата, но ответ на тестовый отчёт шёл дольше {limitMs} — намного дольше, чем отвечает шлюз, поэтому GateDesk прекратил чтение и ничего не сохранил. Проверьте, что URL окружения указывает на API шлюза.',
    unexpected:
      'Шлюз доступен по TLS с проверкой сертификата и не отклонил учётные данные, но ответил на тестовый отчёт не так, как ожидалось: {detail}',
  },
  keychain: mainKeychain,
  key: mainKey,
  signing: mainSigning,
  startup: mainStartup,
  environments: mainEnvironments,
  environment: {
    untrimmed: 'Значение не должно начинаться или заканчиваться пробелом',
    multiline: 'Значение должно умещаться в одну строку',
    'base-url-https':
      'Базовый URL должен быть полным адресом https://, например https://gate.example.com (без TLS GateDesk запросы не отправляет)',
    'base-url-plain':
      'Базовый URL не должен содержать запрос (?…), фрагмент (#…) или имя пользователя: укажите только адрес, к которому добавляются пути операций',
    'path-format':
      'Путь должен начинаться с «/» и не содержать пробелов, «?» и «#», например {example}',
    'path-endpoint-id':
      "Путь должен содержать {'{'}endpoint_id{'}'} — место для Endpoint ID, например {example}",
    'extra-ca-pem':
      'Нужен сертификат в формате PEM («-----BEGIN CERTIFICATE-----» … «-----END CERTIFICATE-----»): вставьте сертификат УЦ, полученный от оператора шлюза, или оставьте поле пустым',
  },
  expects: {
    'credit-card-number': 'номер карты из 12–19 цифр без пробелов, проходящий проверку Луна',
    'expire-year': 'год из четырёх цифр, от 2000 до 2099',
    'expire-month': 'номер месяца от 1 до 12',
    cvv2: 'три или четыре цифры',
    amount: 'положительная сумма с точкой и не более чем 2 знаками после неё, например 49.90',
    'amount-from':
      'положительная сумма с точкой и не более чем 2 знаками после неё, например 49.90',
    'amount-to': 'положительная сумма с точкой и не более чем 2 знаками после неё, например 49.90',
    'amount-sequence':
      'до 100 сумм через запятую без пробелов, например 10.00,12.50,15.00; каждая — положительная, с точкой и не более чем 2 знаками после неё',
    currency: 'трёхбуквенный код ISO 4217, например EUR',
    period: 'day, week или month',
    interval: 'целое число от 1 до 999',
    'customer-ip': 'адрес IPv4 или IPv6',
    country: 'двухбуквенный код страны ISO 3166, например US',
    'zip-code': 'буквы, цифры, пробелы и дефисы',
    birthday: 'дата в формате ДД.ММ.ГГГГ, например 31.01.2027',
    email: 'адрес электронной почты',
    phone:
      'международный номер из 7–15 цифр, например +1 212 555 0100 (допустимы пробелы, дефисы и скобки)',
    state: 'код штата из 2–3 букв или цифр, например NY',
    'start-date': 'дата в формате ДД.ММ.ГГГГ, например 31.01.2027',
    'finish-date': 'дата в формате ДД.ММ.ГГГГ, например 31.01.2027',
    'max-repeats-number': 'целое число от 1 до 999999',
    notify_url: 'URL, начинающийся с http:// или https://',
    server_callback_url: 'URL, начинающийся с http:// или https://',
  },
}
