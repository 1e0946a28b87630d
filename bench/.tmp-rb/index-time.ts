import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { readFileSync } from 'node:fs'
import { createJobRunner } from '../../main/jobs/job-runner'
import { createReportService } from '../../main/reports/report-service'
import { scriptLocator } from '../../main/workers/script-ref'
const scripts = scriptLocator(join(process.cwd(), 'out', 'cli'))
const noQuery = { view: async () => ({ kind: 'identity' as const }), totals: async () => { throw new Error() }, warm: () => {}, close: () => {} }
const times: number[] = []
for (let r = 0; r < 7; r++) {
  const reports = createReportService({ jobs: createJobRunner({ progress: () => {}, finished: () => {} }), indexWorker: scripts('row-index-worker'), queryEngine: noQuery, workRoot: '/tmp' })
  const a = performance.now()
  const { reportId } = await reports.open(process.argv[2]!)
  await reports.get(reportId).indexed
  times.push(performance.now() - a)
  await reports.closeAll()
}
const hwm = /VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))![1]
console.log(times.map((t) => t.toFixed(0)).join(' '), 'median', times.sort((a, b) => a - b)[3]!.toFixed(0), 'hwm', hwm)
