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
  /** A Sandbox page or CLI action that cannot be done. */
  action: {
    'no-profile': 'There is no profile {profile} in the sandbox',
    'already-running': 'Profile {profile} is already running',
    'cannot-resume':
      'Profile {profile} cannot resume: its finish date or max-repeats-number is already reached; update them first',
    'repeats-number': 'The current repeats number must be a whole number from 0, not {value}',
    'advance-days': 'Advance by a whole number of days from 1 to {max}, not {value}',
    'decline-rate': 'The decline rate is a share from 0 to 1',
    'timestamp-window':
      'The timestamp window must be at least 1 s and the fault delay at least 0 ms',
  },
  /** A sandbox state folder that cannot be used. */
  state: {
    'unknown-schema':
      'The sandbox database {file} has schema version {version}, which this GateDesk does not know; use another --state-dir or delete the folder to start afresh',
    'no-sandbox':
      '{dir} holds no sandbox (no sandbox.db): start one there first with "gatedesk sandbox --state-dir {dir}"',
    'no-inbox': 'The sandbox cannot seed demo data without its inbox URL',
  },
  start: {
    'not-listening': 'it did not start listening within {limitMs}',
    'process-ended': 'its process ended ({reason})',
  },
}
