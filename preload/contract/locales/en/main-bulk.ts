/**
 * Bulk updates' messages from main (main/bulk/*), keyed by their code under `bulk.`; main words
 * its English from here (main/platform/i18n/english.ts).
 */
export const mainBulk = {
  row: {
    interrupted:
      'The run was interrupted while this row was being sent: it may have reached the gateway. Check the profile, then send it again (with a new order ID) or skip it.',
    'unknown-environment':
      'environment "{value}" is not a configured environment: write one of {names}, or leave the cell empty for the job\'s environment',
    'bad-profile-type':
      'profile-type "{value}" is not SRC, DST or native: write one of them, or leave the cell empty',
    /** On the command line, which sends every row with the key of its --connection. */
    'not-connection-environment':
      'environment "{value}" is not the environment of --connection ({name}): the command line sends every row with that one connection. Leave the cell empty, or send this row with its own environment\'s connection file or from the app',
  },
  file: {
    'too-large':
      '"{file}" is {sizeBytes}: a bulk update file may hold at most {limitBytes}. Split it into smaller files.',
    empty:
      '"{file}" has no updates: it needs a header row naming the columns, then one row per update.',
    binary:
      '"{file}" does not look like a CSV file: it contains binary data. Open the CSV file of updates, or choose its encoding.',
    'too-many-rows': '"{file}" has {rows} rows: one bulk job takes at most {max}. Split the file.',
    'not-regular':
      '"{file}" is not a regular file (a folder, a pipe, a device or a socket): open the CSV file of updates itself.',
    changed:
      '"{file}" has changed since the bulk job {job} was made from it, so its rows cannot be matched safely. Put the original file back, or start a new job from the changed file.',
    'row-missing':
      '"{file}" has no row {row}, though the bulk job was made from it: the job stopped. Put the original file back, then resume the job.',
  },
  pasted: {
    shredded:
      '"{file}" is no longer kept: the card data of a pasted table is destroyed once its job has nothing left to send, or 30 days after the job ended, so no more of its rows can be sent. Paste the table again to start a new job.',
    damaged:
      '"{file}" cannot be decrypted: the pasted table or a row\'s CVV2 in the journal was damaged or changed, so its rows cannot be sent safely. Paste the table again to start a new job.',
  },
  import: {
    closed: 'This import is no longer open (GateDesk restarted?): import the file again.',
    'not-a-parameter':
      '"{parameter}" is not a parameter of spec 4.2 nor profile-type or environment.',
    'mapped-twice': 'Two columns are mapped to {parameter}: map each parameter to one column.',
    'no-row': 'There is no row {row}.',
    'column-not-mapped': 'This column is not mapped to a parameter: map it first, then fix it.',
  },
  job: {
    missing: 'There is no bulk job {job} in the journal.',
    busy: 'The bulk job {job} is being run by another GateDesk process ({host}, process {pid}). Wait for it to end or stop it there.',
    'no-profile-id-column': 'No column is mapped to recurring-payment-id: map one before starting.',
    'no-row-to-send': 'No row can be sent: every row is excluded or breaks the rules.',
    'not-running': 'This job is not running in this window: nothing to pause.',
    'nothing-left':
      'Every row of this job has been sent or decided: there is nothing left to send. Decide on the unknown rows first (send again or skip).',
    'run-elsewhere': 'Another GateDesk process runs this job: stop it there.',
    'no-failed-rows':
      'No row of this job failed for sure: nothing to send again. Rows with an unknown outcome are decided above (send again or skip).',
    'failed-again-running':
      'This job is still running: wait for it to end, then send its failed rows again.',
    'failed-again-pasted':
      'The rows of this job came from a pasted table, which is kept for its own job only: paste the failed rows again to start a new job.',
  },
}
