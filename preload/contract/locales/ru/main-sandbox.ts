import type { Translation } from '../message-schema'
import type { mainSandbox as english } from '../en/main-sandbox'

export const mainSandbox: Translation<typeof english> = {
  'stop-reason': {
    'max-repeats': 'достигнуто max-repeats-number',
    'finish-date': 'наступила дата окончания',
  },
  'decline-reason': {
    'card-expired': 'срок действия карты истёк',
    'issuer-decline': 'отказ эмитента (имитация)',
  },
  'no-answer':
    'Встроенная песочница не ответила за {limitMs} и была остановлена; следующее действие запустит её снова.',
  'stopped-unexpectedly':
    'Встроенная песочница неожиданно остановилась ({reason}); остальной GateDesk работает как прежде. Следующее действие запустит её снова.',
  closing: 'Встроенная песочница остановлена: GateDesk закрывается.',
  'could-not-start': 'Не удалось запустить встроенную песочницу: {detail}.',
  action: {
    'no-profile': 'В песочнице нет профиля {profile}',
    'already-running': 'Профиль {profile} уже активен',
    'cannot-resume':
      'Профиль {profile} нельзя возобновить: дата окончания или max-repeats-number уже достигнуты; сначала измените их',
    'repeats-number': 'Текущее число повторов — целое число от 0, а не {value}',
    'advance-days': 'Дату можно сдвинуть на целое число дней от 1 до {max}, а не на {value}',
    'decline-rate': 'Доля отказов — число от 0 до 1',
    'timestamp-window': 'Окно метки времени — не меньше 1 с, задержка сбоя — не меньше 0 мс',
  },
  state: {
    'unknown-schema':
      'У базы песочницы {file} версия схемы {version}, неизвестная этой версии GateDesk: укажите другой --state-dir или удалите папку, чтобы начать заново',
    'no-sandbox':
      'В {dir} нет песочницы (нет sandbox.db): сначала запустите её там командой "gatedesk sandbox --state-dir {dir}"',
    'no-inbox': 'Песочница не может создать демо-данные без адреса своего входящего ящика',
  },
  start: {
    'not-listening': 'она не начала принимать запросы за {limitMs}',
    'process-ended': 'её процесс завершился ({reason})',
  },
}
