import type { Translation } from '../message-schema'
import type { cli as english } from '../en/cli'
import { cliExport } from './cli-export'
import { cliHelp } from './cli-help'
import { cliWorkspace } from './cli-workspace'

export const cli: Translation<typeof english> = {
  help: cliHelp,
  export: cliExport,
  workspace: cliWorkspace,
  usage: 'Вызов:',
  overview: {
    synopsis: 'gatedesk <команда> [параметры]',
    commands: 'Команды:',
    more: 'Параметры команды: "gatedesk <команда> --help".',
  },
  summary: {
    sign: 'показать базовую строку OAuth, подпись и заголовок запроса (отладка подписи)',
    keygen: 'создать пару ключей RSA офлайн: private.pem (0600), public.pem и его отпечаток',
    sandbox: 'запустить локальную песочницу шлюза или сдвинуть её дату ("sandbox advance")',
    'update-recurring':
      'отправить один подписанный запрос update-recurring-payment и вывести ответ',
    'bulk-update':
      'отправить изменения из CSV-файла по журналу: можно продолжить, строка не уйдёт дважды',
    'bulk-jobs':
      'перечислить массовые задания журнала (id, файл, состояние, счётчики) для --resume',
    history:
      'перечислить отправленное, новое первым, и ответы шлюза: история этого места или журнал аудита команды',
    report: 'получить пользовательский отчёт по транзакциям и сохранить его в файл (CSV или PDF)',
    'report-view': 'вывести строки CSV-отчёта с сортировкой, фильтрами и итогами движка приложения',
    'report-export':
      'записать представление CSV-отчёта (сортировка, фильтры, столбцы) в XLSX, CSV или TSV',
    workspace:
      'подключить это рабочее место к общему рабочему пространству команды в PostgreSQL, проверить его или отключиться',
  },
  'unknown-command': 'gatedesk: неизвестная команда "{name}"',
  'see-help': 'Параметры команды: "gatedesk {command} --help".',
  wrong: {
    options: 'неверные параметры: {detail}',
    required: 'не указан обязательный параметр {option}',
    'number-range': '{option} должен быть числом от {min} до {max}, а не "{value}"',
    'whole-number': '{option} должен быть целым числом от {min} до {max}, а не "{value}"',
    date: '{option} должен быть днём (2026-11-30) или моментом (2026-11-30T09:00:00Z), а не "{value}"',
    'one-of': '{option} может быть {choices} или {last}, но не "{value}"',
    'name-value': '--param "{param}" должен иметь вид name=value',
    'card-data-argument':
      '{name} нельзя указывать в командной строке: её видно в ps и в истории оболочки. Запишите его в файл и укажите файл в --params-file FILE (- читает стандартный ввод) вместо {option}',
    'params-needed':
      'укажите параметры запроса в --params-file FILE или параметрами --param name=value',
    'input-or-resume': 'укажите либо --input FILE (новое задание), либо --resume JOB',
    'out-folder': 'не указан --out DIR: папка для файлов ключей',
    'one-file': 'укажите ровно один CSV-файл',
    'no-such-column':
      '{option} "{name}": такого столбца нет. Столбцы: {columns} (или номера 1–{count}).',
    'filter-format': `--filter "{spec}" без оператора: укажите столбец, оператор и значение; оператор — = != > >= < <= (сравнение по типу столбца), ~ (содержит, без учёта регистра) или in (список), например --filter 'Amount>50', --filter 'Status in approved,declined', --filter 'Email~{'@'}example.com'`,
    'filter-no-column': `--filter "{spec}": перед {operator} не указан столбец. Сначала столбец, например --filter 'Amount{operator}50'`,
    'filter-needs-value': `--filter "{spec}": после {operator} нет значения. Укажите его, например --filter 'Amount>50' или --filter 'Status in approved,declined'`,
    'filter-quote': `--filter "{spec}": кавычка не закрыта или после закрывающей кавычки есть текст. Значение заключайте в двойные кавычки целиком, кавычку внутри пишите как "", например --filter 'Merchant in "Shop, Ltd",Other'`,
    'filter-too-many': `--filter "{spec}": значений в списке — {n}, а в один фильтр помещается не больше {max}. Отфильтруйте по диапазону или по вхождению (~)`,
    'rows-format': '--rows "{spec}" должен иметь вид FROM:TO со счётом от 1, например 1:100',
    'rows-beyond':
      '--rows {spec}: в представлении {n} строка | --rows {spec}: в представлении {n} строки | --rows {spec}: в представлении {n} строк',
    'param-or-body':
      'укажите тело запроса либо параметрами --param name=value, либо в --body, но не тем и другим сразу',
    'body-escape-name':
      '--body: в имени параметра {position} неверная %-последовательность (за % должны идти две шестнадцатеричные цифры UTF-8): закодируйте его заново, сам знак % — как %25',
    'body-escape-value':
      '--body: в значении {parameter} неверная %-последовательность (за % должны идти две шестнадцатеричные цифры UTF-8): закодируйте его заново, сам знак % — как %25',
    'body-twice': '--body содержит {name} дважды; в запросе он бывает один раз',
    'body-signature':
      '--body содержит oauth_signature, которому место только в заголовке Authorization (раздел 5.1 спецификации): клиент, отправивший запрос, не должен включать его в тело',
    'body-version': '--body содержит oauth_version "{value}"; шлюз подписывает с версией 1.0',
    'body-unknown-oauth':
      '--body содержит {name}, которого нет в запросах шлюза (есть только oauth_consumer_key, oauth_nonce, oauth_signature_method, oauth_timestamp и oauth_version)',
    'body-disagrees':
      '--{option} равен "{given}", а {name} в теле равен "{value}": укажите значения одного запроса или не указывайте --{option}, чтобы взять значение из тела',
    'hmac-with-key':
      'HMAC-SHA1 подписывает контрольным ключом: укажите --control-key-file, а не --key',
    'rsa-with-control-key':
      'RSA-SHA256 подписывает закрытым ключом: укажите --key, а не --control-key-file',
  },
  file: {
    'cannot-read': '{option} {path}: не удалось прочитать файл ({why})',
    'not-regular': '{option} {path}: не удалось прочитать файл ({why}): {instead}',
    why: {
      missing: 'файла нет',
      denied: 'нет доступа',
      folder: 'это папка',
      'not-regular': 'это канал, устройство или сокет, а не обычный файл',
    },
    'give-stdin':
      'укажите {option} -, чтобы читать стандартный ввод, или сохраните содержимое в файл и укажите его',
    'save-file': 'сохраните содержимое в файл и укажите его',
    'not-json': '{option} {file}: это не JSON ({reason})',
    'request-problems':
      '{option} {file}: {n} ошибка, ничего не отправлено: | {option} {file}: {n} ошибки, ничего не отправлено: | {option} {file}: {n} ошибок, ничего не отправлено:',
    'request-problem': '{field}: {reason}',
    'request-format':
      'reportFormat «{format}»: шлюз присылает отчёты в форматах «CSV» или «PDF» (спецификация, §2.1); укажите один из них',
    'bad-field': '{option} {file}: "{field}" {reason}',
    'https-url': 'должен быть адресом https://',
    'whole-file': 'файл',
    'whole-request': 'запрос',
    'not-name-value': '{option} {path}: строка {line} не имеет вида name=value',
    'no-secret': 'в файле подключения {file} не указан {field}',
    'secret-unreadable': 'не удалось прочитать {field} {path} ({reason})',
  },
  outcome: '{outcome}: {message}',
  'not-recorded': 'Ничего не отправлено: запрос не удалось записать в историю: {reason}',
  keygen: {
    passphrase: '--passphrase-file {path}: {reason}',
    'already-there':
      '{file} уже существует: GateDesk никогда не заменяет файлы ключей. Укажите другую папку в --out или сначала перенесите старые ключи.',
    'cannot-write': 'не удалось записать {file} ({reason})',
    'cannot-create': 'не удалось создать папку {folder} ({reason})',
    unencrypted:
      'предупреждение: закрытый ключ в {file} не зашифрован: любой, кто может прочитать файл, может подписывать от вашего имени. Импортируйте его в GateDesk (он хранит ключ в связке ключей ОС) и удалите файл или создайте пару заново с --passphrase-file.',
    'wrote-plain':
      'Записан {file} (закрытый ключ RSA {bits} бит, незашифрованный PEM PKCS#1, права 0600): храните его в секрете.',
    'wrote-encrypted':
      'Записан {file} (закрытый ключ RSA {bits} бит, PEM PKCS#8, зашифрованный вашей парольной фразой, права 0600): храните его в секрете.',
    'wrote-public': 'Записан {file}: отправьте его своему менеджеру поддержки.',
    fingerprint: 'Отпечаток SHA-256: {fingerprint}',
  },
  sandbox: {
    'port-in-use': 'порт {port} занят: укажите другой --port или 0 для любого свободного порта',
    'could-not-start': 'не удалось запустить песочницу в {folder}: {reason}',
    listening: 'Песочница GateDesk слушает {url}',
    state: 'Состояние: {folder}',
    'state-default': 'Состояние: {folder} (по умолчанию)',
    'connection-file': 'Файл подключения: {file} (укажите его в --connection)',
    merchant:
      'Мерчант: {login}, endpoint {endpoint}; демонстрационных профилей: активных {running}, остановленных {stopped}',
    'simulated-date': 'Моделируемая дата: {date}',
    'simulated-date-faults': 'Моделируемая дата: {date}; сбои включены (X-Sandbox-Fault)',
    'stop-hint': 'Чтобы остановить, нажмите Ctrl+C.',
    stopped: 'Песочница остановлена ({signal}).',
    advanced: 'Моделируемая дата: {from} → {to}',
    'no-charges': 'Списаний к этой дате нет.',
    charges: '{n} списание: | {n} списания: | {n} списаний:',
    charge: '{day}  профиль {profile}  транзакция {transaction}  {amount}  {status}',
    'charge-with-reason':
      '{day}  профиль {profile}  транзакция {transaction}  {amount}  {status} ({reason})',
    'stopped-profile': 'Остановлен: профиль {profile} {day} ({reason})',
    'sending-callbacks': 'Отправка колбэков…',
    callbacks:
      'Колбэки: доставлено {delivered}, не доставлено {failed}, не отправлено {refused} (адрес не loopback)',
  },
  bulk: {
    'join-team':
      '--join JOB подключает к заданию рабочего пространства команды: добавьте --workspace team',
    column: 'столбец {n}',
    'no-id-column':
      '--input {input}: нет столбца recurring-payment-id (заголовки: {headers}). Назовите столбцы по параметрам из раздела 4.2 спецификации.',
    'no-id-column-data':
      '--input {input}: нет столбца recurring-payment-id (заголовки: {headers}). Первая строка файла — не имена столбцов: возможно, это строка данных. Назовите столбцы по параметрам из раздела 4.2 спецификации.',
    'not-sent-columns': 'Не отправляются (такого параметра нет): {columns}',
    'bad-rows': '{bad} из {total} строк нарушают правила шлюза:',
    problem: 'строка файла {line}, {column}: {message}',
    more: '… и ещё {n}',
    'fix-rows': 'ничего не отправлено. Исправьте эти строки или пропустите их с --skip-invalid.',
    'no-row': 'ничего не отправлено: нет ни одной строки, которую можно отправить.',
    created: 'Массовое задание {job}: строк из {input}: {n}',
    'no-such-job': '--resume {job}: такого массового задания в журнале нет',
    'unknown-skipped': 'Строк с неизвестным результатом: {n}; они пропущены',
    'unknown-resent':
      'Строк с неизвестным результатом: {n}; они будут отправлены снова с новыми номерами заказов',
    resuming: 'Массовое задание {job}: продолжение, ещё не отправлено строк: {n}',
    'not-shredded':
      'Вставленную таблицу этого задания сейчас не удалось надёжно удалить ({reason}); приложение удалит её при следующем запуске.',
    stopping: 'Остановка: отправляемые строки будут обработаны, затем продолжите с --resume {job}',
    'unknown-rows':
      'Строк с неизвестным результатом: {n} (строки файла {lines}): проверьте эти профили, затем --resume {job} --unknown resend или --unknown skip',
    'left-out':
      'Не отправлена {n} строка, пропущенная из-за --skip-invalid (строка файла {lines}). Исправьте её и отправьте отдельным файлом; код выхода 1. | Не отправлены {n} строки, пропущенные из-за --skip-invalid (строки файла {lines}). Исправьте их и отправьте отдельным файлом; код выхода 1. | Не отправлено {n} строк, пропущенных из-за --skip-invalid (строки файла {lines}). Исправьте их и отправьте отдельным файлом; код выхода 1.',
    'in-flight': 'отправляется {n}',
    'outcome-count': '{outcome}: {n}',
    'unknown-count': 'неизвестно: {n}',
    pace: '{perSecond}/с · осталось {secondsLeft} с',
    summary: 'Массовое задание {job}: {state}.',
  },
  'bulk-jobs': {
    none: 'В журнале нет массовых заданий.',
    job: '{job}  {state}  {created}  {file}',
    counts: '  строк: {total}; {counts}',
    pending: 'не отправлено {n}',
    skipped: 'пропущено {n}',
    resume: '  продолжить: gatedesk bulk-update --connection FILE --resume {job}',
    'team-done': 'выполнено {n}',
    'made-by': '  создано: {osUser} на {deskName}',
  },
  history: {
    none: 'Подходящих записей нет.',
    shown: 'Записи: {shown} из {total}, новые первыми',
    entry: '{sent}  {operation}  {environment}  {outcome}',
    profile: 'профиль {profile}',
    order: 'заказ {order}',
    serial: 'серийный номер {serial}',
    sender: 'отправил {osUser} на {deskName} ({dbUser})',
  },
  report: {
    'out-mismatch':
      '--out {out}: запрошен отчёт {asked} (reportFormat "{format}"), но имя файла оканчивается на {extension}: назовите файл .{askedExtension} или запросите {named} в --request. Ничего не отправлено.',
    'kind-mismatch':
      'Шлюз прислал отчёт {kind}, но имя --out {out} оканчивается на {extension}, поэтому ничего не записано: назовите файл .{kindExtension} и запустите отчёт снова.',
    saved: '{saved}: {file}',
    'kept-damaged': 'Как вы просили, его байты сохранены в {file}',
    'keep-damaged-hint': 'Чтобы всё же сохранить его байты, запустите снова с --keep-damaged.',
  },
  view: {
    shown: 'Строки {from}–{to} из {count}',
    'shown-none': 'Не показано ни одной строки из {count}',
    problem: 'строка файла {line}: {message}',
    rows: 'Строк: {n}',
    amount:
      'Amount {currency}: {sum} ({n} строка) | Amount {currency}: {sum} ({n} строки) | Amount {currency}: {sum} ({n} строк)',
    'type-count': '{type}: {n} строка | {type}: {n} строки | {type}: {n} строк',
    sum: 'Сумма {column}: {sum}',
    'temp-folder':
      'не удалось создать временную папку в {root} ({reason}): укажите в {variable} папку, в которую можно писать.',
  },
  sign: {
    'empty-control-key':
      'предупреждение: файл --control-key-file {file} пуст, поэтому подпись вычислена с пустым контрольным ключом',
    'timestamp-not-seconds':
      'предупреждение: --timestamp "{timestamp}" — не секунды Unix; шлюз отклонит запрос',
    unmasked:
      'предупреждение: --unmasked выводит номера карт, cvv2 и SSN полностью: не вставляйте этот вывод в заявки, чаты и журналы',
    masked:
      'примечание: данные карт в выводе замаскированы; подпись вычислена по настоящим значениям (--unmasked выводит их)',
    parameters: 'Подписанные параметры (нормализованные):',
    'base-string': 'Базовая строка подписи:',
    signature: 'Подпись (base64):',
    authorization: 'Заголовок Authorization:',
  },
}
