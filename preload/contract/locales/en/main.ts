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
/**
 * Messages main sends with a `messageCode` (preload/contract/platform/explained.ts), keyed by that code.
 * Main words its English from here too (main/platform/i18n/english.ts), so the two cannot differ.
 */
export const main = {
  bulk: mainBulk,
  sandbox: mainSandbox,
  workspace: mainWorkspace,
  /** How a process of GateDesk's ended, inside another message's reason (workers/process-channel.ts). */
  process: {
    'exit-code': 'exit code {exitCode}',
    killed: 'killed by {signal}',
  },
  history: {
    interrupted:
      'GateDesk closed before the answer came: the request may have reached the gateway. Check the profile before sending it again.',
    /** The last row of a long report request in History (main/reports/report-run-record.ts). */
    'more-parameters': '{n} more parameter: see {parameter} | {n} more parameters: see {parameter}',
  },
  ipc: {
    'forbidden-sender': `Refused "{channel}": the request did not come from GateDesk's own window.`,
    'invalid-input': '"{channel}" received input that does not match the contract.',
    'failed-inside': '"{channel}" failed inside GateDesk.',
    'unknown-channel': '"{channel}" is not a GateDesk channel.',
  },
  recurring: {
    'out-of-range': '{parameter} is out of range: it must be {expects}',
    'invalid-date':
      '{parameter} "{value}" is not a real calendar date: enter a date written DD.MM.YYYY, e.g. 31.01.2027',
    'invalid-format': '{parameter} has the wrong format: enter {expects}',
    'duplicate-alias':
      '{alias} and {canonical} are two spellings of one parameter: send only {canonical}',
    'unknown-parameter':
      '{name} is not a parameter of update-recurring-payment: check its spelling against the parameter list',
    'too-long':
      '{parameter} is {length} characters long, more than its maximum of {max}: shorten it',
    'too-long-expects':
      '{parameter} is {length} characters long, more than its maximum of {max}: enter {expects}',
    'card-expired':
      'the card expired at the end of {expiry}: enter the expiry date of a card that is still valid',
    'requires-card-number':
      '{parameter} is only allowed with credit-card-number: give the card number too, or leave {parameter} out',
    'required-with-card': {
      'card-printed-name':
        'card-printed-name is required when credit-card-number is given: enter the name as printed on the card',
      'expire-year':
        'expire-year is required when credit-card-number is given: enter the four-digit expiry year on the card',
      'expire-month':
        'expire-month is required when credit-card-number is given: enter the expiry month on the card (1 to 12)',
    },
    'amount-range-incomplete':
      '{missing} is required with {given}: give both ends of the random range',
    'amount-rule-missing':
      'amount is required unless amount-from with amount-to, or amount-sequence, is given: give exactly one amount rule',
    'amount-rules-combined': {
      'amount-range':
        'amount and amount-from with amount-to cannot be combined: give exactly one amount rule',
      'amount-sequence':
        'amount and amount-sequence cannot be combined: give exactly one amount rule',
      'range-sequence':
        'amount-from with amount-to and amount-sequence cannot be combined: give exactly one amount rule',
      'amount-range-sequence':
        'amount and amount-from with amount-to and amount-sequence cannot be combined: give exactly one amount rule',
    },
    'amount-range-order': 'amount-from ({from}) is greater than amount-to ({to}): swap them',
    'schedule-incomplete':
      '{missing} is required with {given}: give period and interval together, or neither',
    'date-range-order':
      'finish-date ({finish}) is before start-date ({start}): choose a finish date on or after the start date',
    'not-for-dst': '{parameter} is not supported for DST profiles: leave it out',
    'state-required':
      "state is required when country is {country}: enter the payer's state or province code",
    'callback-urls-exclusive':
      'notify_url and server_callback_url cannot both be given: send only one of them',
    required: {
      'client-orderid': 'client-orderid is required: enter your order identifier for this update',
      'recurring-payment-id':
        'recurring-payment-id is required: enter the identifier the gateway gave the profile',
    },
  },
  /** What became of an update-recurring-payment request (main/platform/gateway/update-response.ts). */
  update: {
    'internal-failure':
      'The gateway had an internal failure (incident {incident}); the update may not have been applied. Give the incident ID to support before sending again.',
    'internal-failure-no-id':
      'The gateway had an internal failure; the update may not have been applied. Give the incident ID to support before sending again.',
    protocol: {
      empty:
        "The gateway's answer (HTTP {status}) is empty, so the outcome of the update is unknown: check the profile before sending again. Received: {received}",
      malformed:
        "The gateway's answer (HTTP {status}) is not a valid form-encoded body, so the outcome of the update is unknown: check the profile before sending again. Received: {received}",
      'not-form':
        "The gateway's answer (HTTP {status}) is not a form-encoded body, so the outcome of the update is unknown: check the profile before sending again. Received: {received}",
      'cut-off':
        "The gateway's answer (HTTP {status}) was cut off before its end, so the outcome of the update is unknown: check the profile before sending again. Received: {received}",
      'no-serial':
        "The gateway's answer (HTTP {status}) approves the update but has no serial number, which every acceptance carries, so the outcome of the update is unknown: check the profile before sending again. Received: {received}",
      'undefined-type':
        'The gateway\'s answer (HTTP {status}) has type "{type}" and status "{state}", which the API does not define, so the outcome of the update is unknown: check the profile before sending again. Received: {received}',
    },
    'validation-error': 'The gateway rejected the request: {reason}.',
    error: 'The gateway answered with an error: {reason}.',
    declined: 'The update was declined: {reason}.',
    approved: 'The update was accepted (serial number {serial}).',
    'not-sent': 'Nothing was sent: {detail}',
    'uncertain-earlier':
      'Nothing was sent: the last send of this update to profile {profile} (history #{history}) has an uncertain outcome ({outcome}), so it may already have changed the profile. Check the profile first; send again only if it was not updated, and confirm that you mean to.',
    'nothing-reached': 'Nothing reached the gateway: {detail}',
    'failed-while-sending':
      'GateDesk failed while sending; the request may have reached the gateway: {detail}',
    unknown:
      'The outcome is unknown: {detail} The request may have been applied; check the profile before sending it again.',
    /** A parameter given twice on the command line (main/cli/recurring-rules.ts). */
    'given-twice': '{parameter} is given more than once: give each parameter once',
    'broken-rules':
      "Nothing was sent: one field breaks the gateway's rules. Correct it and send again. | Nothing was sent: {n} fields break the gateway's rules. Correct them and send again.",
    /** The gateway's reason inside a refusal: its error-message as sent, with its error-code. */
    reason: {
      coded: '{errorMessage} (code {errorCode})',
      none: 'no reason given',
      'none-coded': 'no reason given (code {errorCode})',
    },
  },
  /** Why a request to a gateway failed on the way (main/platform/gateway/transport-error.ts). */
  transport: {
    'invalid-url': '"{text}" is not a valid URL. Enter the gateway\'s full https:// address.',
    'not-https':
      "Refusing to send to {origin}: the gateway must be reached over https://. Change the environment's URL to start with https://.",
    cancelled: 'The request to {host} was cancelled.',
    'connect-timeout':
      'Could not connect securely to {host} within {limitMs}. Check the URL and port in the environment, and that the gateway can be reached from this network.',
    'no-response': '{host} did not answer within {limitMs}.',
    stalled: '{host} stopped sending the response for {limitMs}, after {bytes} bytes.',
    truncated:
      'The response from {host} was cut off after {bytes} bytes: the connection closed early.',
    'truncated-of':
      'The response from {host} was cut off after {bytes} of {total} bytes: the connection closed early.',
    'too-large':
      "The response from {host} is larger than {limitBytes}, far more than a gateway reply. Check that the environment's URL points at the gateway's API.",
    deadline:
      '{host} did not finish answering within {limitMs}, the longest GateDesk waits for one request ({bytes} bytes received).',
    'file-in-the-way':
      'Could not save the response to {file} ({code}): a file or link of that name is in the way; GateDesk writes only files it creates.',
    'file-failed':
      'Could not save the response to {file} ({code}): check that the folder exists, is writable and has free space.',
    tls: {
      untrusted:
        "The server's certificate for {host} is not trusted ({code}). If this environment uses its own CA, add that CA certificate to the environment.",
      expired:
        "The server's certificate for {host} has expired ({code}). Ask the gateway operator to renew it, and check this computer's date and time.",
      'not-yet-valid':
        "The server's certificate for {host} is not valid yet ({code}). Check this computer's date and time.",
      'wrong-host':
        "The server's certificate for {host} was issued for a different host name ({code}). Check that the environment's URL uses the gateway's exact host name.",
      rejected:
        "The server's certificate for {host} was rejected ({code}). Ask the gateway operator to check their certificate.",
      handshake:
        "Could not set up a secure connection with {host} ({code}). Check that the environment's URL points at the gateway's HTTPS address and port.",
    },
    network: {
      refused:
        '{host} refused the connection ({code}). Check the URL and port in the environment, and that the gateway is running.',
      'not-found':
        "The host name {hostname} could not be found ({code}). Check the environment's URL and this computer's network connection.",
      'closed-before-response':
        'The connection to {host} was closed before the response arrived ({code}).',
      'closed-before-request':
        "The connection to {host} was closed before the request was sent ({code}). Try again; if it keeps happening, check the environment's URL and port.",
      unreachable:
        "{host} could not be reached ({code}). Check this computer's network connection and any firewall or proxy.",
      other: 'Could not talk to {host} ({code}: {reason}).',
      'other-no-code': 'Could not talk to {host} (no error code: {reason}).',
    },
  },
  report: mainReports,
  'report-export': mainExport,
  'report-print': mainPrint,
  'report-view': mainReportViews,
  'recent-report': mainRecentReports,
  connection: {
    cancelled: 'Check cancelled: the request was stopped and nothing was kept.',
    ok: 'Connected over verified TLS, and the gateway accepted the merchant login and control key (it answered with a {kind} report).',
    'credentials-rejected':
      'The gateway is reachable over verified TLS, but it refused the merchant login or control key. {detail}',
    'too-large':
      "The server is reachable over verified TLS, but its answer to the test report went past {limitBytes}, far more than a gateway's, so GateDesk stopped reading it and kept nothing. Check that the environment's URL points at the gateway's API.",
    'too-slow':
      "The server is reachable over verified TLS, but its answer to the test report went past {limitMs}, far more than a gateway's, so GateDesk stopped reading it and kept nothing. Check that the environment's URL points at the gateway's API.",
    unexpected:
      'The gateway is reachable over verified TLS and did not reject the credentials, but it did not answer the test report as expected: {detail}',
  },
  keychain: mainKeychain,
  key: mainKey,
  signing: mainSigning,
  startup: mainStartup,
  environments: mainEnvironments,
  environment: {
    untrimmed: '{field} must not start or end with spaces',
    multiline: '{field} must be a single line of text',
    'base-url-https':
      'Base URL must be a full https:// address, e.g. https://gate.example.com (GateDesk never sends requests without TLS)',
    'base-url-plain':
      'Base URL must not contain a query (?…), a fragment (#…) or a user name: give only the address the operation paths are appended to',
    'path-format': '{field} must start with "/" and hold no spaces, "?" or "#", e.g. {example}',
    'path-endpoint-id':
      "Update-recurring-payment path must contain {'{'}endpoint_id{'}'}, where the endpoint ID goes, e.g. {example}",
    'extra-ca-pem':
      'Extra CA certificate must be a PEM certificate ("-----BEGIN CERTIFICATE-----" … "-----END CERTIFICATE-----"): paste the CA certificate your gateway operator gave you, or leave it empty',
  },
  /** What a valid value of each gateway parameter looks like, as main's rules put it. */
  expects: {
    'credit-card-number':
      'a card number of 12 to 19 digits without spaces that passes the Luhn check',
    'expire-year': 'a four-digit year from 2000 to 2099',
    'expire-month': 'a month number from 1 to 12',
    cvv2: 'three or four digits',
    amount: 'a positive amount with a dot and at most 2 decimals, e.g. 49.90',
    'amount-from': 'a positive amount with a dot and at most 2 decimals, e.g. 49.90',
    'amount-to': 'a positive amount with a dot and at most 2 decimals, e.g. 49.90',
    'amount-sequence':
      'up to 100 amounts separated by commas without spaces, e.g. 10.00,12.50,15.00, each a positive amount with a dot and at most 2 decimals',
    currency: 'a three-letter ISO 4217 code such as EUR',
    period: 'day, week or month',
    interval: 'a whole number from 1 to 999',
    'customer-ip': 'an IPv4 or IPv6 address',
    country: 'a two-letter ISO 3166 country code such as US',
    'zip-code': 'letters, digits, spaces and hyphens',
    birthday: 'a date written DD.MM.YYYY, e.g. 31.01.2027',
    email: 'an e-mail address',
    phone:
      'an international number of 7 to 15 digits, e.g. +1 212 555 0100 (spaces, hyphens and parentheses allowed)',
    state: 'a state code of 2 or 3 letters or digits, e.g. NY',
    'start-date': 'a date written DD.MM.YYYY, e.g. 31.01.2027',
    'finish-date': 'a date written DD.MM.YYYY, e.g. 31.01.2027',
    'max-repeats-number': 'a whole number from 1 to 999999',
    notify_url: 'an http:// or https:// URL',
    server_callback_url: 'an http:// or https:// URL',
  },
}
