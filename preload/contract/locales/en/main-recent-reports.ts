/** Why a recent report cannot be opened again (main/reports/recent-reports.ts). */
export const mainRecentReports = {
  'file-missing':
    '"{file}" is no longer where it was opened from: it was moved, renamed or deleted. Open it from where it is now, or remove it from the list.',
  'run-missing':
    'The report of the last run of “{name}” is no longer kept: GateDesk keeps downloaded reports until it closes. Run the template again, or remove it from the list.',
}
