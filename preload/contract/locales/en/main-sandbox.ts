/**
 * The built-in sandbox's messages from main (main/sandbox/*), keyed by their code under
 * `sandbox.`; main words its English from here (main/platform/i18n/english.ts).
 */
export const mainSandbox = {
  /** Why a profile stopped: the code the Sandbox page gets with the gateway's text. */
  'stop-reason': {
    'max-repeats': 'max-repeats-number reached',
    'finish-date': 'finish date reached',
  },
  /** Why a charge declined, likewise. */
  'decline-reason': {
    'card-expired': 'card expired',
    'issuer-decline': 'simulated issuer decline',
  },
  'no-answer':
    'The built-in sandbox did not answer within {limitMs}, so it was stopped; its next action starts it again.',
  'stopped-unexpectedly':
    'The built-in sandbox stopped unexpectedly ({reason}); the rest of GateDesk is unaffected. Its next action starts it again.',
  closing: 'The built-in sandbox is stopped: GateDesk is closing.',
  'could-not-start': 'The built-in sandbox could not start: {detail}.',
  start: {
    'not-listening': 'it did not start listening within {limitMs}',
    'process-ended': 'its process ended ({reason})',
  },
}
