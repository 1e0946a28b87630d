import { cliExport } from './cli-export'
import { cliHelp } from './cli-help'
import { cliWorkspace } from './cli-workspace'

/**
 * What the command line (main/cli/) says, in the terminal's language (main/cli/cli-language.ts).
 * Option names, parameter names and file names stay as they are typed; an outcome is worded
 * from common.outcomes, main's coded messages from main.*.
 */
export const cli = {
  help: cliHelp,
  export: cliExport,
  workspace: cliWorkspace,
  /** The first word of a synopsis; the lines under it are indented by its length. */
  usage: 'Usage:',
  overview: {
    synopsis: 'gatedesk <command> [options]',
    commands: 'Commands:',
    more: 'Run "gatedesk <command> --help" for a command\'s options.',
  },
  summary: {
    sign: 'show the OAuth base string, signature and header of a request (signature debugger)',
    keygen: 'generate an RSA key pair offline: private.pem (0600), public.pem and its fingerprint',
    sandbox: 'run the local sandbox gateway, or advance its simulated date ("sandbox advance")',
    'update-recurring': 'send one signed update-recurring-payment request and print the outcome',
    'bulk-update':
      'send the updates of a CSV file, journaled: resumable, never sending a row twice',
    'bulk-jobs': 'list the bulk jobs in the journal (id, file, state, counts), to --resume one',
    history:
      "list what was sent, newest first, and what came back: this desk's history or the team's audit trail",
    report: 'run one custom transactions report and save it (CSV or PDF) to a file',
    'report-view': "print rows of a CSV report, sorted, filtered and totalled by the app's engine",
    'report-export':
      'write the view of a CSV report (sorted, filtered, chosen columns) as XLSX, CSV or TSV',
    workspace:
      "connect this desk to the team's workspace on PostgreSQL, see how it stands, or leave it",
  },
  'unknown-command': 'gatedesk: unknown command "{name}"',
  'see-help': 'Run "gatedesk {command} --help" for the options.',
  /** A mistake in how a command was called (exit code 2). */
  wrong: {
    /** Node's own words for an option it cannot parse. */
    options: '{detail}',
    required: '{option} is required',
    'number-range': '{option} must be a number from {min} to {max}, not "{value}"',
    'whole-number': '{option} must be a whole number from {min} to {max}, not "{value}"',
    'one-of': '{option} must be {choices} or {last}, not "{value}"',
    date: '{option} must be a day (2026-11-30) or an instant (2026-11-30T09:00:00Z), not "{value}"',
    'name-value': '--param "{param}" must look like name=value',
    'card-data-argument':
      '{name} must not be given on the command line, where ps and the shell history show it: put it in a file given with --params-file FILE (- reads standard input) instead of {option}',
    'params-needed':
      'give the request parameters with --params-file FILE or as --param name=value options',
    'input-or-resume': 'give either --input FILE (a new job) or --resume JOB',
    'out-folder': '--out DIR is required: the folder for the key files',
    'one-file': 'name exactly one CSV file to read',
    'no-such-column':
      '{option} "{name}": no such column. The columns are: {columns} (or 1–{count}).',
    'filter-format': `--filter "{spec}" has no operator: write a column, an operator and a value, the operator one of = != > >= < <= (compared by the column's type), ~ (contains, ignoring case) or in (a list), e.g. --filter 'Amount>50', --filter 'Status in approved,declined', --filter 'Email~{'@'}example.com'`,
    'filter-no-column': `--filter "{spec}" names no column before {operator}: write the column first, e.g. --filter 'Amount{operator}50'`,
    'filter-needs-value': `--filter "{spec}" has nothing after {operator}: give a value, e.g. --filter 'Amount>50' or --filter 'Status in approved,declined'`,
    'filter-quote': `--filter "{spec}" has a quote left open or text after a closing quote: put a value in double quotes whole, a quote inside as "", e.g. --filter 'Merchant in "Shop, Ltd",Other'`,
    'filter-too-many': `--filter "{spec}" lists {n} values: at most {max} fit one filter; filter by a range or by contains (~) instead`,
    'rows-format': '--rows "{spec}" must look like FROM:TO counted from 1, e.g. 1:100',
    'rows-beyond': '--rows {spec}: the view has {n} rows',
    'param-or-body': 'give the body either as --param name=value options or as --body, not both',
    'body-escape-name':
      '--body: the name of parameter {position} has a malformed %-escape (a % must be followed by two hex digits of UTF-8): percent-encode it again, a % itself as %25',
    'body-escape-value':
      '--body: the value of {parameter} has a malformed %-escape (a % must be followed by two hex digits of UTF-8): percent-encode it again, a % itself as %25',
    'body-twice': '--body has {name} twice; a request has it once',
    'body-signature':
      '--body holds oauth_signature, which belongs only in the Authorization header (spec 5.1): the client that sent it must leave it out of the body',
    'body-version': '--body has oauth_version "{value}"; the gateway signs with 1.0',
    'body-unknown-oauth':
      "--body holds {name}, which the gateway's requests do not have (only oauth_consumer_key, oauth_nonce, oauth_signature_method, oauth_timestamp and oauth_version)",
    'body-disagrees':
      '--{option} is "{given}" but the body\'s {name} is "{value}": give the values of one request, or leave --{option} out to use the body\'s',
    'hmac-with-key': 'HMAC-SHA1 signs with the control key: give --control-key-file, not --key',
    'rsa-with-control-key':
      'RSA-SHA256 signs with the private key: give --key, not --control-key-file',
  },
  /** A file named on the command line that cannot be used (exit code 1). */
  file: {
    'cannot-read': '{option} {path}: cannot read the file ({why})',
    'not-regular': '{option} {path}: cannot read the file ({why}): {instead}',
    why: {
      missing: 'no such file',
      denied: 'permission denied',
      folder: 'it is a folder',
      'not-regular': 'it is a pipe, a device or a socket, not a regular file',
    },
    'give-stdin':
      'give {option} - to read standard input, or save the content in a file and name that',
    'save-file': 'save the content in a file and name that',
    'not-json': '{option} {file}: not JSON ({reason})',
    'request-problems':
      '{option} {file}: {n} thing to correct, nothing was sent: | {option} {file}: {n} things to correct, nothing was sent:',
    'request-problem': '{field}: {reason}',
    'request-format':
      'reportFormat "{format}": the gateway sends reports as "CSV" or "PDF" (spec §2.1); write one of those',
    'bad-field': '{option} {file}: "{field}" {reason}',
    'https-url': 'must be an https:// URL',
    'whole-file': 'the file',
    'whole-request': 'the request',
    'not-name-value': '{option} {path}: line {line} is not name=value',
    'no-secret': 'the connection file {file} names no {field}',
    'secret-unreadable': 'the {field} {path} cannot be read ({reason})',
  },
  /** A request's outcome, then what it means. */
  outcome: '{outcome}: {message}',
  'not-recorded': 'Nothing was sent, as the request could not be recorded in the history: {reason}',
  keygen: {
    passphrase: '--passphrase-file {path}: {reason}',
    'already-there':
      '{file} already exists: GateDesk never replaces a key file. Choose another --out folder, or move the old keys away first.',
    'cannot-write': 'cannot write {file} ({reason})',
    'cannot-create': 'cannot create the folder {folder} ({reason})',
    unencrypted:
      'warning: {file} holds the private key unencrypted: anyone who can read the file can sign as you. Import it into GateDesk (which keeps it in the OS keychain) and delete the file, or generate the pair again with --passphrase-file.',
    'wrote-plain':
      'Wrote {file} (RSA {bits}-bit private key, unencrypted PKCS#1 PEM, mode 0600): keep it secret.',
    'wrote-encrypted':
      'Wrote {file} (RSA {bits}-bit private key, PKCS#8 PEM encrypted with your passphrase, mode 0600): keep it secret.',
    'wrote-public': 'Wrote {file}: send it to your support manager.',
    fingerprint: 'SHA-256 fingerprint: {fingerprint}',
  },
  sandbox: {
    'port-in-use': 'port {port} is in use: choose another --port, or 0 for any free port',
    'could-not-start': 'the sandbox could not start in {folder}: {reason}',
    listening: 'GateDesk sandbox listening at {url}',
    state: 'State: {folder}',
    'state-default': 'State: {folder} (the default)',
    'connection-file': 'Connection file: {file} (use it with --connection)',
    merchant:
      'Merchant: {login}, endpoint {endpoint}; {running} running and {stopped} stopped demo profiles',
    'simulated-date': 'Simulated date: {date}',
    'simulated-date-faults': 'Simulated date: {date}; faults enabled (X-Sandbox-Fault)',
    'stop-hint': 'Press Ctrl+C to stop.',
    stopped: 'Sandbox stopped ({signal}).',
    advanced: 'Simulated date: {from} → {to}',
    'no-charges': 'No charges fell due.',
    charges: '{n} charge(s):',
    charge: '{day}  profile {profile}  transaction {transaction}  {amount}  {status}',
    'charge-with-reason':
      '{day}  profile {profile}  transaction {transaction}  {amount}  {status} ({reason})',
    'stopped-profile': 'Stopped: profile {profile} on {day} ({reason})',
    'sending-callbacks': 'Sending callbacks…',
    callbacks:
      'Callbacks: {delivered} delivered, {failed} failed, {refused} not sent (not loopback)',
  },
  bulk: {
    'join-team': '--join JOB joins a job of the team workspace: add --workspace team',
    column: 'column {n}',
    'no-id-column':
      '--input {input}: no column is recurring-payment-id (the headers are {headers}). Name the columns after the parameters of spec 4.2.',
    'no-id-column-data':
      '--input {input}: no column is recurring-payment-id (the headers are {headers}). Its first line is not column names: it may be a row of data. Name the columns after the parameters of spec 4.2.',
    'not-sent-columns': 'Not sent (no such parameter): {columns}',
    'bad-rows': "{bad} of {total} rows break the gateway's rules:",
    problem: 'line {line}, {column}: {message}',
    more: '… and {n} more',
    'fix-rows': 'nothing was sent. Correct those rows, or leave them out with --skip-invalid.',
    'no-row': 'nothing was sent: no row can be sent.',
    created: 'Bulk job {job}: {n} rows from {input}',
    'no-such-job': '--resume {job}: no such bulk job in the journal',
    'unknown-skipped': '{n} unknown rows: skipped',
    'unknown-resent': '{n} unknown rows: to be sent again with new order ids',
    resuming: 'Bulk job {job}: resuming, {n} rows never sent',
    'not-shredded':
      'The pasted table of this job could not be shredded now ({reason}); the app shreds it at its next start.',
    stopping: 'Stopping: rows in flight finish, then resume with --resume {job}',
    'unknown-rows':
      '{n} rows have an unknown outcome (lines {lines}): check those profiles, then --resume {job} --unknown resend or --unknown skip',
    'left-out':
      'Not sent: {n} row left out by --skip-invalid (line {lines}). Correct it and send it as a new file; the exit code is 1. | Not sent: {n} rows left out by --skip-invalid (lines {lines}). Correct them and send them as a new file; the exit code is 1.',
    'in-flight': '{n} in flight',
    'outcome-count': '{outcome} {n}',
    'unknown-count': 'unknown {n}',
    pace: '{perSecond}/s · {secondsLeft} s left',
    summary: 'Bulk job {job}: {state}.',
  },
  'bulk-jobs': {
    none: 'No bulk jobs in the journal.',
    job: '{job}  {state}  {created}  {file}',
    counts: '  {total} rows: {counts}',
    pending: 'never sent {n}',
    skipped: 'skipped {n}',
    resume: '  to go on: gatedesk bulk-update --connection FILE --resume {job}',
    'team-done': 'done {n}',
    'made-by': '  made by {osUser} at {deskName}',
  },
  history: {
    none: 'No entries match.',
    shown: 'Entries {shown} of {total}, newest first',
    entry: '{sent}  {operation}  {environment}  {outcome}',
    profile: 'profile {profile}',
    order: 'order {order}',
    serial: 'serial {serial}',
    sender: 'sent by {osUser} at {deskName} ({dbUser})',
  },
  report: {
    'out-mismatch':
      '--out {out}: the request asks for a {asked} report (reportFormat "{format}"), but the file name ends in {extension}: name the file .{askedExtension}, or ask for {named} in --request. Nothing was sent.',
    'kind-mismatch':
      'The gateway sent a {kind} report, but --out {out} ends in {extension}, so nothing was written: name the file .{kindExtension} and run the report again.',
    saved: '{saved} to {file}',
    'kept-damaged': 'Its bytes were kept, as you asked, in {file}',
    'keep-damaged-hint': 'To keep its bytes anyway, run again with --keep-damaged.',
  },
  view: {
    shown: 'Rows {from}–{to} of {count}',
    'shown-none': 'No rows shown of {count}',
    problem: 'line {line}: {message}',
    rows: 'Rows: {n}',
    amount: 'Amount {currency}: {sum} ({n} row) | Amount {currency}: {sum} ({n} rows)',
    'type-count': '{type}: {n} row | {type}: {n} rows',
    sum: 'Sum of {column}: {sum}',
    'temp-folder':
      'cannot make a temp folder in {root} ({reason}): set {variable} to a folder you may write to.',
  },
  sign: {
    'empty-control-key':
      'warning: --control-key-file {file} is empty, so the signature uses an empty control key',
    'timestamp-not-seconds':
      'warning: --timestamp "{timestamp}" is not Unix seconds; the gateway will refuse it',
    unmasked:
      'warning: --unmasked prints card numbers, cvv2 and SSNs in full: keep this output out of tickets, chats and logs',
    masked:
      'note: card data is masked in what is printed; the signature is computed over the real values (--unmasked prints them)',
    parameters: 'Signed parameters (normalized):',
    'base-string': 'Signature base string:',
    signature: 'Signature (base64):',
    authorization: 'Authorization header:',
  },
}
