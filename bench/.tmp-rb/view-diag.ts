import { readFileSync, writeFileSync } from "node:fs"
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
const status = () => {
  const s = readFileSync('/proc/self/status', 'utf8')
  const kb = (f: string) => Number(new RegExp(`${f}:\\s+(\\d+) kB`).exec(s)?.[1] ?? 0) / 1000
  const m = process.memoryUsage()
  return `rss ${kb('VmRSS').toFixed(0)} hwm ${kb('VmHWM').toFixed(0)} anon ${kb('RssAnon').toFixed(0)} file ${kb('RssFile').toFixed(0)} heapT ${(m.heapTotal/1e6).toFixed(0)} heapU ${(m.heapUsed/1e6).toFixed(0)} ext ${(m.external/1e6).toFixed(0)} ab ${(m.arrayBuffers/1e6).toFixed(0)} thr ${/Threads:\s+(\d+)/.exec(s)![1]}`
}
const scripts = scriptLocator(join(process.cwd(), 'out', 'cli'))
console.log('start', status())
for (let r = 0; r < 5; r++) {
  gc(); gc(); await new Promise((res) => setTimeout(res, 100))
  readFileSync('/proc/self/status'); 
  try { writeFileSync('/proc/self/clear_refs', '5') } catch {}
  console.log(`r${r} idle`, status())
  const jobs = createJobRunner({ progress: () => {}, finished: () => {} })
  const qe = createQueryEngine({ launch: forkLauncher, script: scripts('query-process') })
  const reports = createReportService({ jobs, indexWorker: scripts('row-index-worker'), queryEngine: { ...qe, warm: () => {} }, workRoot: '/tmp' })
  const { reportId } = await reports.open(file)
  console.log(`r${r} head`, status())
  const s = reports.get(reportId)
  await s.indexed
  console.log(`r${r} indexed`, status())
  for (let w = 0; w < 20; w++) { const f = Math.floor(Math.random() * 999900); await s.rows(f, f + 100) }
  console.log(`r${r} windows`, status())
  await reports.closeAll(); qe.close()
}
gc(); gc(); await new Promise((res) => setTimeout(res, 500))
console.log('end', status())
const { writeHeapSnapshot } = await import('node:v8')
console.log(writeHeapSnapshot('/tmp/rb/end.heapsnapshot'))
