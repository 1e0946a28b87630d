import { mainReportPivot } from './report-pivot'

/**
 * Report runs' messages from main (main/reports/report-run-service.ts, main/platform/gateway/custom-report.ts,
 * main/platform/gateway/report-response.ts) and the report engine's (main/platform/csv, main/reports/query), keyed
 * by their code under `report.`; main words its English from here (main/platform/i18n/english.ts).
 * {sizeBytes}, {durationMs}, {limitBytes} and {limitMs} arrive as numbers and are written in the
 * window's language (preload/contract/locales/explain.ts).
 */
export const mainReports = {
  received: 'Received a {kind} report of {sizeBytes} in {durationMs}.',
  cancelled: 'You cancelled the run; what had arrived was deleted.',
  unreadable: 'The report arrived, but GateDesk cannot read it as a {kind} report: {detail}',
  'history-result': '{summary} ({sizeBytes} received in {durationMs}.)',
  'run-failed': 'GateDesk failed while running the report: {detail}',
  'not-saved': 'The report was received but not saved.',
  /** A report the gateway module saved: {n} its size in bytes, exact. */
  saved: 'Saved a {kind} report of {n} bytes.',
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
  'damaged-forgotten':
    'GateDesk no longer keeps this damaged PDF (it was refused before a restart): run the report again.',
  /** How a PDF's structure is damaged (main/platform/pdf/pdf-structure.ts). */
  'pdf-damaged': {
    'no-startxref':
      'The gateway sent a damaged PDF: its end does not say where its cross-reference table is, so its pages cannot be found. It was not kept as a report. Run the report again; if it keeps happening, tell support.',
    'bad-xref':
      'The gateway sent a damaged PDF: there is no readable cross-reference table at byte {offset}, where its end says. It was not kept as a report. Run the report again; if it keeps happening, tell support.',
    'misplaced-object':
      'The gateway sent a damaged PDF: object {object} is not at byte {offset}, where its cross-reference table says. It was not kept as a report. Run the report again; if it keeps happening, tell support.',
    'no-catalog':
      'The gateway sent a damaged PDF: its trailer names no readable document catalog. It was not kept as a report. Run the report again; if it keeps happening, tell support.',
    'no-pages':
      'The gateway sent a damaged PDF: its document catalog names no pages. It was not kept as a report. Run the report again; if it keeps happening, tell support.',
  },
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
  /** Where and why JSON text does not parse (preload/contract/platform/json-text.ts). */
  json: {
    'unclosed-string': 'A string is not closed: add the closing " (line {line}, column {column})',
    'bad-escape':
      'A backslash in a string starts an escape that JSON does not have (line {line}, column {column})',
    'control-character':
      'A line break or control character inside a string: write it as \\n (line {line}, column {column})',
    'expected-name':
      'Expected a property name in double quotes but found {found} (line {line}, column {column})',
    'expected-colon':
      "Expected ':' after the property name but found {found} (line {line}, column {column})",
    'expected-comma-brace':
      "Expected ',' or '{'}'}' but found {found} (line {line}, column {column})",
    'expected-comma-bracket':
      "Expected ',' or ']' but found {found} (line {line}, column {column})",
    'expected-value':
      "Expected a value (text in double quotes, a number, true, false, null, [ or {'{'}) but found {found} (line {line}, column {column})",
    'comma-before-brace': "A comma before '{'}'}': remove it (line {line}, column {column})",
    'comma-before-bracket': "A comma before ']': remove it (line {line}, column {column})",
    'after-end': 'Unexpected {found} after the end of the JSON (line {line}, column {column})',
    'not-json': 'Not JSON (line {line}, column {column})',
    'too-deep': 'Not JSON (nested too deeply) (line {line}, column {column})',
  },
  /** What is wrong at a field of a report request (preload/contract/templates/report-template.ts). */
  request: {
    missing: 'Missing: write {wanted} here',
    'wrong-kind': 'Must be {wanted}, not {found}',
    'too-long': 'Too long: at most {n} characters',
    'too-many': 'Too many: at most {n} items',
    'text-or-number': 'Must be text or a whole number, not {found}',
    'text-or-texts': 'Must be text or an object of texts, not {found}',
    'private-key': 'This holds a private key: a report request never needs one. Remove it.',
    'identifier-empty': 'Required: the identifier of the report to run, as support gave it',
  },
  /**
   * Why a template or a template file is refused (main/templates/report-templates-repository.ts,
   * main/templates/template-service.ts).
   */
  template: {
    'name-missing': 'Give the template a name',
    'name-too-long': 'Keep the name to {max} characters',
    'name-taken': 'A template named “{name}” already exists: choose another name.',
    'not-found': 'No report template {id}: it was deleted, perhaps in another GateDesk window.',
    'file-too-large':
      '{file} is {sizeBytes}: a report template is a small JSON file (at most {limitBytes}).',
    'file-not-utf8': '{file} is not UTF-8 text: a report template is a JSON file.',
    'file-not-regular':
      '{file} is not a regular file (a folder, a pipe, a device or a socket): a report template is a JSON file.',
    'file-private-key': '{file} holds a private key: GateDesk does not read it as a template.',
    'file-not-json': '{file} is not JSON: {detail}',
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
      list: 'a list',
      object: 'an object',
      text: 'text',
      number: 'a number',
      end: 'the end of the text',
    },
  },
  closed: 'This report is no longer open. Open it again.',
  pivot: mainReportPivot,
  /** Why sorting, filtering or totalling a report failed (main/reports/query). */
  query: {
    'no-column': 'The report has {n} columns: there is no column {column}.',
    'bound-number': 'The filter on {column} needs a number: "{value}" is not one.',
    'bound-timestamp':
      'The filter on {column} needs a date and time like 2024-03-15 14:30:00 or 15.03.2024 14:30 (or a day alone): "{value}" is not one.',
    'bound-date': 'The filter on {column} needs a date like 15.03.2024: "{value}" is not one.',
    misread:
      'Sorting and filtering need every row to read the same way: DuckDB read {read} rows, the file has {expected}, so the report can only be shown in file order.',
    'file-changed':
      'The report file {file} changed or went away after it was opened: open it again to sort or filter it.',
    'rows-changed':
      'The report file {file} has other rows now than when it was opened ({found} rows where there were {expected}): open it again to sort or filter it.',
    'part-rows-changed':
      'The report file {file} has other rows now than when it was opened ({found} rows in a part of it where there were {expected}): open it again to sort or filter it.',
    failed: 'DuckDB could not run the query: {reason}',
    'extraction-stopped':
      'DuckDB could not run the query: the extracting thread stopped (exit code {exitCode})',
    'out-of-memory': 'DuckDB could not run the query: {reason}',
    'result-unreadable': "The query's result could not be read: {reason}",
    closed: 'The query engine was closed.',
    'process-stopped':
      'The query process stopped unexpectedly ({reason}); the report is still readable, try the sort again.',
  },
  /** Why a file the window asked to open is not a report (main/reports/report-file-kind.ts). */
  file: {
    'not-local': '"{file}" is not a file on this computer.',
    gone: '"{file}" cannot be read: it is no longer there, or you may not read it.',
    folder: '"{file}" is a folder: GateDesk opens only CSV and PDF report files.',
    'not-regular':
      '"{file}" is not a regular file (a pipe, a device or a socket): GateDesk opens only CSV and PDF report files.',
    'app-data': '"{file}" is one of GateDesk\'s own files: drop a report from where you saved it.',
    'not-readable': '"{file}" cannot be read: you may not read it.',
    'not-pdf-inside':
      '"{file}" is not a PDF inside (it does not start with %PDF-): it may be damaged. Run the report again.',
    'not-a-report':
      '"{file}" is not a report GateDesk opens: drop a CSV (.csv, .txt, .tsv) or a PDF.',
  },
  /** Why the report engine cannot read a CSV file (main/platform/csv/csv-error.ts). */
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
    'file-missing':
      '"{file}" is no longer there: it was moved or deleted. Open it again from where it is now.',
    'file-not-found': '"{file}" was not found: check its name and folder.',
    'file-changed':
      '"{file}" changed since GateDesk opened it. Open it again to see it as it is now.',
    'file-changed-while-read':
      '"{file}" changed while GateDesk was reading it. Wait until it is complete, then open it again.',
    unreadable: 'GateDesk could not read "{file}": {reason}',
    'index-failed': 'GateDesk could not index "{file}": {reason}',
    'index-stopped':
      'GateDesk could not index "{file}": the indexing thread stopped (exit code {exitCode}).',
  },
}
