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
  start: {
    'not-listening': 'она не начала принимать запросы за {limitMs}',
    'process-ended': 'её процесс завершился ({reason})',
  },
}
