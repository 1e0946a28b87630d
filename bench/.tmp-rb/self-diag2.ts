import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { createJobRunner } from '../../main/jobs/job-runner'
import { forkLauncher } from '../../main/workers/fork-launcher'
import { createQueryEngine } from '../../main/reports/query/query-client'
import { createReportService } from '../../main/reports/report-service'
import { scriptLocator } from '../../main/workers/script-ref'
setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void
const file = process.argv[2]!
const st = () => {
  const s = readFileSync('/proc/self/status', 'utf8')
  const kb = (f: string) => Number(new RegExp(`${f}:\\s+(\\d+) kB`).exec(s)?.[1] ?? 0) / 1000
  const m = process.memoryUsage()
  return `rss ${kb('VmRSS').toFixed(0)} hwm ${kb('VmHWM').toFixed(0)} anon ${kb('RssAnon').toFixed(0)} heapT ${(m.heapTotal/1e6).toFixed(0)} heapU ${(m.heapUsed/1e6).toFixed(0)} ext ${(m.external/1e6).toFixed(0)}`
}
const scripts = scriptLocator(join(process.cwd(), 'out', 'cli'))
const jobs0 = 0
{
  const jobs = createJobRunner({ progress: () => {}, finished: () => {} })
  const qe = createQueryEngine({ launch: forkLauncher, script: scripts('query-process') })
  const reports = createReportService({ jobs, indexWorker: scripts('row-index-worker'), queryEngine: qe, workRoot: '/tmp' })
  const { reportId } = await reports.open(file)
  const s = reports.get(reportId)
  await s.indexed
  for (let r = 0; r < 5; r++) {
  gc(); gc(); await new Promise((res) => setTimeout(res, 100))
  writeFileSync('/proc/self/clear_refs', '5')
  console.log(`r${r} indexed`, st())
  const amount = s.head.columns.indexOf('Amount'), currency = s.head.columns.indexOf('Currency')
  await s.setQuery({ sort: [{ column: amount, descending: false }], filters: [] }); await s.rows(0, 100)
  console.log(`r${r} sort`, st()); writeFileSync('/proc/self/clear_refs', '5')
  await s.setQuery({ sort: [{ column: amount, descending: true }], filters: [] }); await s.rows(0, 100)
  console.log(`r${r} desc`, st()); writeFileSync('/proc/self/clear_refs', '5')
  await s.setQuery({ sort: [{ column: amount, descending: false }], filters: [{ kind: 'equals', column: currency, value: 'USD' }] }); await s.rows(0, 100)
  console.log(`r${r} usd`, st()); writeFileSync('/proc/self/clear_refs', '5')
  await s.totals()
  console.log(`r${r} totals`, st())
  }
  await reports.closeAll(); qe.close()
}
