import { coded, type CodedMessage } from '../platform/i18n/english'

/** Whether a desk may send with its own key, or must be warned first, and why. */
export type SendingKeyCheck = { send: true } | { send: false; warning: CodedMessage }

// Fingerprints are compared as their hex digits: one read out or pasted in another case or
// without colons is the same key.
const digits = (fingerprint: string) => fingerprint.replace(/[^0-9a-f]/gi, '').toUpperCase()

/**
 * Before a desk signs for a team environment: the team's shared environment records the
 * fingerprint of the public key the gateway has (`expected`), and this desk's keychain holds a
 * key of its own (`own`: its fingerprint, null without one). The desk sends when they match, or
 * when the team recorded no key; else it is warned first, by a message naming both.
 */
export function sendingKeyCheck(
  environment: { name: string; expectedFingerprint: string | null },
  own: string | null,
): SendingKeyCheck {
  const { name, expectedFingerprint: expected } = environment
  if (expected === null) return { send: true }
  if (own === null) {
    return {
      send: false,
      warning: coded('environments.key-not-on-desk', { environment: name, expected }),
    }
  }
  if (digits(own) === digits(expected)) return { send: true }
  return {
    send: false,
    warning: coded('environments.key-differs', { environment: name, expected, own }),
  }
}
