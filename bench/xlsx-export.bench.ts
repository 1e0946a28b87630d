// XLSX export of a report's view (main/reports/xlsx-export.ts) on the sandbox's generated
// transactions report, 1,000,000 rows by default:
// - memory: this process's RSS, sampled every 20 ms during the export (and its VmHWM where Linux
//   lets it be reset), against the size of the CSV export of the same view: target ≤ 1.5×;
// - time: against exceljs's streaming writer writing the same rows bare (every field as text, no
//   styles, the rows read from the same open report in the same chunks), in the same run.
// The report is opened once (the CLI's bundle indexes it, as the app does) and the export runs
// on the open view, as the window's and the command line's exports do.
//
//   npm run bench:xlsx [-- --rows N]
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import ExcelJS from 'exceljs'
import { createJobRunner } from '../main/platform/jobs/job-runner'
import { forkLauncher } from '../main/platform/workers/fork-launcher'
import { scriptLocator } from '../main/platform/workers/script-ref'
import { createQueryEngine } from '../main/reports/query/query-client'
import { exportViewAs, type ViewExportOptions } from '../main/reports/report-export'
import { createReportService } from '../main/reports/report-service'
import type { ReportSession } from '../main/reports/report-session'
import { generateIfAsked, generateReport, processMemory, resetPeak } from './report-fixture'

const DEFAULT_ROWS = 1_000_000
const MEMORY_TARGET = 1.5
const SAMPLE_MS = 20
/** The bare writer reads the rows in the export's chunks. */
const CHUNK_ROWS = 5_000

setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as () => void

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

/** Runs `work`, sampling this process's RSS meanwhile: its time and its peak RSS. */
async function measured(work: () => Promise<unknown>) {
  collectGarbage()
  collectGarbage()
  const hwmReset = resetPeak()
  const before = processMemory('self')!.rss
  let sampled = before
  const parts = { heapUsed: 0, external: 0, arrayBuffers: 0 }
  const timer = setInterval(() => {
    sampled = Math.max(sampled, processMemory('self')!.rss)
    const usage = process.memoryUsage()
    for (const key of Object.keys(parts) as (keyof typeof parts)[])
      parts[key] = Math.max(parts[key], usage[key])
  }, SAMPLE_MS)
  const start = performance.now()
  try {
    await work()
  } finally {
    clearInterval(timer)
  }
  const ms = performance.now() - start
  const peak = hwmReset ? processMemory('self')!.peak : null
  return { ms, sampled, peak, before, parts }
}

/** exceljs's streaming writer with the same options, every field written as it reads. */
async function bareXlsx(session: ReportSession, target: string) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: target,
    useSharedStrings: false,
    useStyles: true,
  })
  const sheet = workbook.addWorksheet('Rows')
  sheet.addRow(session.head.columns).commit()
  const { rowCount } = session.state()
  for (let from = 0; from < rowCount; from += CHUNK_ROWS) {
    const rows = await session.rows(from, Math.min(rowCount, from + CHUNK_ROWS))
    for (const row of rows) sheet.addRow(row).commit()
  }
  sheet.commit()
  await workbook.commit()
}

async function main(): Promise<boolean> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { rows: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  })
  const rows = Number(values.rows ?? DEFAULT_ROWS)
  if (!Number.isInteger(rows) || rows < 1000)
    throw new Error('--rows takes a count of 1000 or more')
  const workRoot = mkdtempSync(join(tmpdir(), 'gatedesk-xlsx-bench-'))
  const jobs = createJobRunner({ progress: () => {}, finished: () => {} })
  const scripts = scriptLocator(join(process.cwd(), 'out', 'cli'))
  const queryEngine = createQueryEngine({
    launch: forkLauncher,
    script: scripts('query-process'),
    scratchRoot: workRoot,
  })
  const reports = createReportService({
    jobs,
    indexWorker: scripts('row-index-worker'),
    queryEngine,
    workRoot,
  })
  try {
    const file = join(workRoot, `transactions-${rows}.csv`)
    await generateReport(fileURLToPath(import.meta.url), file, rows)
    const { reportId } = await reports.open(file)
    const session = reports.get(reportId)
    await session.indexed
    const exportAs = (target: string, options: ViewExportOptions) =>
      jobs.start('report-export', 'rows', (job) =>
        exportViewAs(session, target, null, job, options),
      ).result

    // The XLSX first: the process's RSS rarely shrinks, so what ran before would count in it.
    const xlsxFile = join(workRoot, 'view.xlsx')
    const xlsx = await measured(() =>
      exportAs(xlsxFile, { format: 'xlsx', xlsxWorker: scripts('xlsx-export-worker') }),
    )
    const xlsxBytes = statSync(xlsxFile).size
    rmSync(xlsxFile)
    const csvFile = join(workRoot, 'view.csv')
    const csv = await measured(() => exportAs(csvFile, { format: 'csv' }))
    const csvBytes = statSync(csvFile).size
    rmSync(csvFile)
    const bareFile = join(workRoot, 'bare.xlsx')
    const bare = await measured(() => bareXlsx(session, bareFile))
    const bareBytes = statSync(bareFile).size

    const ratio = xlsx.sampled / csvBytes
    const ok = ratio <= MEMORY_TARGET
    console.log(
      `${rows.toLocaleString('en')} rows, ${session.head.columns.length} columns; CSV of the view ` +
        `${mb(csvBytes)} in ${seconds(csv.ms)}`,
    )
    console.log(
      `XLSX peak RSS (sampled every ${SAMPLE_MS} ms, whole process) vs the CSV file: ratio ` +
        `${ratio.toFixed(3)} (target ≤ ${MEMORY_TARGET}) ${ok ? 'OK' : 'MISS'} — ${mb(xlsx.sampled)}` +
        (xlsx.peak === null ? '' : ` (VmHWM ${mb(xlsx.peak)})`) +
        ` vs ${mb(csvBytes)}; the CSV export's own peak ${mb(csv.sampled)}`,
    )
    console.log(
      `XLSX time vs exceljs writing the same rows bare: ratio ${(xlsx.ms / bare.ms).toFixed(2)} — ` +
        `GateDesk ${seconds(xlsx.ms)} (${mb(xlsxBytes)}), bare ${seconds(bare.ms)} ` +
        `(${mb(bareBytes)}, peak ${mb(bare.sampled)})`,
    )
    console.log(
      `(reference) RSS before each, after a forced GC: CSV ${mb(csv.before)}, XLSX ` +
        `${mb(xlsx.before)}, bare ${mb(bare.before)}; the export's own share of the XLSX peak ` +
        `${mb(xlsx.sampled - xlsx.before)}; its peak heap ${mb(xlsx.parts.heapUsed)}, external ` +
        `${mb(xlsx.parts.external)} (array buffers ${mb(xlsx.parts.arrayBuffers)})`,
    )
    return ok
  } finally {
    await reports.closeAll()
    queryEngine.close()
    rmSync(workRoot, { recursive: true, force: true })
  }
}

if (!(await generateIfAsked())) {
  try {
    process.exitCode = (await main()) ? 0 : 1
  } catch (error) {
    console.error(error)
    process.exitCode = 1
  }
}
