/** The band over a result a later run did not replace (renderer/src/features/reports/run). */
export const reportOutdated = {
  run: 'Previous run, {time}',
  file: 'Opened {time}, before the last run',
  why: 'The last run brought no report: this is the result from before.',
}
