import type { Translation } from '../../i18n/message-schema'
import type { main as english } from '../en/main'

export const main: Translation<typeof english> = {
  ipc: {
    'forbidden-sender': 'Запрос «{channel}» отклонён: он пришёл не из окна GateDesk.',
    'invalid-input': 'Запрос «{channel}» получил данные, не соответствующие контракту.',
    'failed-inside': 'Внутренняя ошибка GateDesk при выполнении «{channel}».',
    'unknown-channel': '«{channel}» — не канал GateDesk.',
  },
  recurring: {
    'out-of-range': '{parameter} вне допустимого диапазона: нужно {expects}',
    'invalid-date':
      '{parameter} «{value}» — несуществующая дата: укажите дату в формате ДД.ММ.ГГГГ, например 31.01.2027',
    'invalid-format': '{parameter} в неверном формате: укажите {expects}',
    'duplicate-alias':
      '{alias} и {canonical} — два написания одного параметра: отправьте только {canonical}',
    'unknown-parameter':
      '{name} — не параметр update-recurring-payment: сверьте написание со списком параметров',
    'too-long': '{parameter} слишком длинный (длина {length}, максимум {max}): сократите значение',
    'too-long-expects':
      '{parameter} слишком длинный (длина {length}, максимум {max}): укажите {expects}',
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
    amount: 'положительную сумму с точкой и не более чем 2 знаками после неё, например 49.90',
    'amount-from':
      'положительную сумму с точкой и не более чем 2 знаками после неё, например 49.90',
    'amount-to': 'положительную сумму с точкой и не более чем 2 знаками после неё, например 49.90',
    'amount-sequence':
      'до 100 сумм через запятую без пробелов, например 10.00,12.50,15.00; каждая — положительная, с точкой и не более чем 2 знаками после неё',
    currency: 'трёхбуквенный код ISO 4217, например EUR',
    period: 'day, week или month',
    interval: 'целое число от 1 до 999',
    'customer-ip': 'адрес IPv4 или IPv6',
    country: 'двухбуквенный код страны ISO 3166, например US',
    'zip-code': 'буквы, цифры, пробелы и дефисы',
    birthday: 'дату в формате ДД.ММ.ГГГГ, например 31.01.2027',
    email: 'адрес электронной почты',
    phone:
      'международный номер из 7–15 цифр, например +1 212 555 0100 (допустимы пробелы, дефисы и скобки)',
    state: 'код штата из 2–3 букв или цифр, например NY',
    'start-date': 'дату в формате ДД.ММ.ГГГГ, например 31.01.2027',
    'finish-date': 'дату в формате ДД.ММ.ГГГГ, например 31.01.2027',
    'max-repeats-number': 'целое число от 1 до 999999',
    notify_url: 'URL, начинающийся с http:// или https://',
    server_callback_url: 'URL, начинающийся с http:// или https://',
  },
}
