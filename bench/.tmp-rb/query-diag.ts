import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { createJobRunner } from '../../main/jobs/job-runner'
import { forkLauncher } from '../../main/workers/fork-launcher'
import type { ProcessChannel } from '../../main/workers/process-channel'
import { createQueryEngine } from '../../main/reports/query/query-client'
import { createReportService } from '../../main/reports/report-service'
import { scriptLocator } from '../../main/workers/script-ref'
const file = process.argv[2]!
const what = process.argv[3] ?? 'sort'
const threads = Number(process.env.QT ?? 2), memoryLimitMb = Number(process.env.QM ?? 2048)
const mem = (pid: number | 'self') => { try { const s = readFileSync(`/proc/${pid}/status`, 'utf8'); const kb = (f: string) => Number(new RegExp(`${f}:\\s+(\\d+) kB`).exec(s)?.[1] ?? 0) / 1000; return { rss: kb('VmRSS'), hwm: kb('VmHWM'), anon: kb('RssAnon') } } catch { return null } }
const scripts = scriptLocator(join(process.cwd(), 'out', 'cli'))
const channels: ProcessChannel[] = []
const jobs = createJobRunner({ progress: () => {}, finished: () => {} })
const qe = createQueryEngine({ launch: (s, a) => { const c = forkLauncher(s, a); channels.push(c); return c }, script: scripts('query-process'), threads, memoryLimitMb })
const reports = createReportService({ jobs, indexWorker: scripts('row-index-worker'), queryEngine: { ...qe, warm: () => {} }, workRoot: '/tmp' })
const { reportId } = await reports.open(file)
const s = reports.get(reportId)
await s.indexed
const amount = s.head.columns.indexOf('Amount'), currency = s.head.columns.indexOf('Currency')
const t0 = performance.now()
const samples: string[] = []
let peak = 0
const timer = setInterval(() => { const pid = channels[0]?.pid; const m = pid ? mem(pid) : null; if (m) { peak = Math.max(peak, m.hwm); samples.push(`${(performance.now() - t0).toFixed(0)}:${m.rss.toFixed(0)}`) } }, 10)
const step = async (name: string, f: () => Promise<unknown>) => { const a = performance.now(); await f(); const pid = channels[0]?.pid; console.log(name, (performance.now() - a).toFixed(0), 'ms; child', JSON.stringify(pid ? mem(pid) : null), 'self', JSON.stringify(mem('self'))) }
if (what === 'sort') {
  await step('sort', async () => { await s.setQuery({ sort: [{ column: amount, descending: false }], filters: [] }); await s.rows(0, 100) })
  await step('desc', async () => { await s.setQuery({ sort: [{ column: amount, descending: true }], filters: [] }); await s.rows(0, 100) })
  await step('usd', async () => { await s.setQuery({ sort: [{ column: amount, descending: false }], filters: [{ kind: 'equals', column: currency, value: 'USD' }] }); await s.rows(0, 100) })
} else {
  await step('totals', () => s.totals())
  await step('totals2', () => s.totals())
}
clearInterval(timer)
console.log('child peak', peak, 'samples', samples.filter((_, i) => i % 3 === 0).join(' '))
await reports.closeAll(); qe.close()
