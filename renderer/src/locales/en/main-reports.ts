/**
 * Report runs' messages from main (main/reports/report-run-service.ts, main/gateway/custom-report.ts,
 * main/gateway/report-response.ts) and the report engine's (main/csv), keyed by their code under
 * `report.`; English reads exactly as main words them (tests/unit/main-messages.test.ts).
 * {sizeBytes}, {durationMs}, {limitBytes} and {limitMs} arrive as numbers and are written in the
 * window's language (renderer/src/i18n/main-messages.ts).
 */
export const mainReports = {
  received: 'Received a {kind} report of {sizeBytes} in {durationMs}.',
  cancelled: 'You cancelled the run; what had arrived was deleted.',
  unreadable: 'The report arrived, but GateDesk cannot read it as a {kind} report: {detail}',
  'history-result': '{summary} ({sizeBytes} received in {durationMs}.)',
  'run-failed': 'GateDesk failed while running the report: {detail}',
  'not-saved': 'The report was received but not saved.',
  'run-forgotten':
    'GateDesk no longer knows this run (it was started before a restart, or long ago): run the report again.',
  'not-sent': 'Nothing was sent: {detail}',
  'download-failed': 'The report could not be downloaded: {detail}',
  'save-failed':
    'The report arrived but could not be saved as {file} ({code}). Check that you may write there.',
  'too-large':
    'The report is larger than the {limitBytes} limit, so the download was stopped and nothing was kept. Ask for less (a shorter period, more filters) and run it again.',
  deadline:
    'The report took longer than the {limitMs} limit to download, so it was stopped and nothing was kept. Ask for less, or run it again later.',
  'kind-mismatch':
    "You asked for a {expected} report, but the gateway sent a {kind}, so it was not kept. Check the request's reportFormat; if it is right, tell support.",
  'pdf-cut-off':
    'The gateway sent a PDF that does not end with %%EOF: it was cut off or damaged on the way, so it was not kept. Run the report again; if it keeps happening, tell support.',
  'internal-failure':
    'The gateway had an internal failure (incident {incident}); try the report again later, or give the incident ID to support.',
  'internal-failure-no-id':
    'The gateway had an internal failure; try the report again later, or give the incident ID to support.',
  'http-status':
    'The gateway answered with HTTP {status} instead of a report. Received: {received}',
  'not-authorised':
    'The gateway says this merchant is not authorised for the report ("{answer}"). Check the merchant login and control key of the environment, and that support enabled this report.',
  'plain-message': 'The gateway answered with a message instead of a report: {received}',
  empty: 'The gateway sent an empty report.',
  'not-pdf':
    'The gateway said the report is a PDF, but the content is not one. Received: {received}',
  neither: 'The gateway sent {type} that is neither a CSV nor a PDF report. Received: {received}',
  'neither-untyped':
    'The gateway sent untyped content that is neither a CSV nor a PDF report. Received: {received}',
  /** What is wrong at a field of a report request (preload/contract/report-template.ts). */
  request: {
    missing: 'Missing: write {wanted} here',
    'wrong-kind': 'Must be {wanted}, not {found}',
    'too-long': 'Too long: at most {n} characters',
    'too-many': 'Too many: at most {n} items',
    'text-or-number': 'Must be text or a whole number, not {found}',
    'text-or-texts': 'Must be text or an object of texts, not {found}',
    'private-key': 'This holds a private key: a report request never needs one. Remove it.',
  },
  /** The words of {wanted} and {found} in `request` messages, by their value. */
  values: {
    wanted: {
      string: 'text',
      number: 'a number',
      array: 'a list [ … ]',
      object: "an object {'{'} … {'}'}",
      boolean: 'true or false',
    },
    found: {
      null: 'null',
      list: 'a list',
      object: 'an object',
      text: 'text',
      true: 'true',
      false: 'false',
      number: 'a number',
    },
  },
  /** Why the report engine cannot read a CSV file (main/csv/csv-error.ts). */
  csv: {
    'empty-file': '"{file}" is empty: there is no report in it.',
    'binary-file':
      '"{file}" does not look like a CSV report: it contains binary data. Open the .csv file the report was saved as.',
    'unknown-encoding':
      'GateDesk does not know the encoding "{encoding}": use e.g. UTF-8, windows-1251 or KOI8-R.',
    'bad-delimiter':
      "GateDesk cannot read CSV delimited by {delimiter}: use one character such as , ; {'|'} or a tab.",
    'too-many-columns': '"{file}" has {n} columns: GateDesk shows reports of at most {max}.',
    'row-too-long':
      '"{file}" does not look like a CSV report: its first row is longer than {limitBytes}.',
  },
}
