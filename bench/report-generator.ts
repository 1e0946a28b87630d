// The sandbox's generated transactions report, written for the report engine's benchmark. Only
// the generator's child process loads this (and the sandbox's modules it needs).
import { createWriteStream } from 'node:fs'
import { pipeline } from 'node:stream/promises'
import { REPORT_FILTER_NAMES } from '../preload/contract/reports/report-request'
import { csvReportStream } from '../main/sandbox/reports/csv-report'
import type { Merchant } from '../main/sandbox/stores/merchant-store'
import type { ReportPlan } from '../main/sandbox/reports/report-request-check'
import { REPORT_COLUMNS, reportRowPages } from '../main/sandbox/reports/report-rows'
import type { TransactionStore } from '../main/sandbox/stores/transaction-store'

const merchant: Merchant = {
  login: 'bench-shop',
  name: 'Bench Shop',
  endpointId: '4512',
  publicKeyPem: '',
  controlKey: '',
}

/** Generated rows never read the merchant's transactions. */
const noTransactions = new Proxy(
  {},
  {
    get() {
      throw new Error('a generated report read the transaction store')
    },
  },
) as TransactionStore

/** The sandbox's generated transactions report, `rows` rows, UTF-8, comma-delimited. */
export async function writeGeneratedReport(file: string, rows: number): Promise<void> {
  const plan: ReportPlan = {
    name: 'bench',
    format: 'csv',
    encoding: 'UTF-8',
    delimiter: ',',
    fromDay: '2026-10-01',
    toDay: '2026-10-31',
    rowCount: rows,
    filters: Object.fromEntries(
      REPORT_FILTER_NAMES.map((name) => [name, [] as string[]]),
    ) as ReportPlan['filters'],
  }
  const pages = reportRowPages(plan, merchant, noTransactions, '2026-11-01')
  await pipeline(
    csvReportStream(REPORT_COLUMNS, pages, plan.delimiter, plan.encoding),
    createWriteStream(file),
  )
}
