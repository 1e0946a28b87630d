import {
  addDays,
  daysBetween,
  dottedDay,
  type IsoDay,
} from '../../../preload/contract/platform/calendar'
import { EDGE_CASE_DESCRIPTIONS } from '../profiles/demo-seed'
import type { Merchant } from '../stores/merchant-store'
import { formatMinor } from '../profiles/money'
import type { ReportFilterName, ReportPlan } from './report-request-check'
import type { TransactionRecord, TransactionStore } from '../stores/transaction-store'

/** The column set of the transactions report (spec §2.2). */
export const REPORT_COLUMNS = [
  'Merchant_Name',
  'Transaction_id',
  'Merchant_OID',
  'Created_date',
  'Amount',
  'Currency',
  'Transaction_type',
  'Order_description',
  'Date_of_report',
] as const

/** One row's values, in REPORT_COLUMNS order. */
export type ReportRow = string[]

const PAGE_ROWS = 1000
const AMOUNT_FRACTION_DIGITS = 3

/** What the sandbox's single gate, company, … are called; a filter may name them by id or name. */
function merchantDimensions(
  merchant: Merchant,
): Record<Exclude<ReportFilterName, 'endpoints' | 'currencies'>, string[]> {
  return {
    gates: ['1', 'Sandbox gate'],
    companies: ['1', 'GateDesk Demo Company'],
    projects: ['1', 'Demo project'],
    merchants: ['1', merchant.login, merchant.name],
    processors: ['1', 'Sandbox processor'],
    managers: ['1', 'Sandbox manager'],
    resellers: ['1', 'Sandbox reseller'],
  }
}

function merchantMatches(plan: ReportPlan, merchant: Merchant): boolean {
  return Object.entries(merchantDimensions(merchant)).every(([name, values]) => {
    const wanted = plan.filters[name as ReportFilterName]
    return wanted.length === 0 || wanted.some((value) => values.includes(value))
  })
}

function transactionRow(
  merchant: Merchant,
  transaction: TransactionRecord,
  reportDate: string,
): ReportRow {
  return [
    merchant.name,
    String(transaction.id),
    transaction.clientOrderId,
    transaction.createdAt,
    formatMinor(transaction.amountMinor, AMOUNT_FRACTION_DIGITS),
    transaction.currency,
    transaction.type,
    transaction.orderDescription,
    reportDate,
  ]
}

const GENERATED_NAMES = ['', 'Second Shop', 'Магазин «Третий», ООО']
const GENERATED_CURRENCIES = ['EUR', 'USD', 'RUB', 'GBP']
const GENERATED_TYPES = ['sale', 'refund', 'payout', 'capture']
const pad = (value: number) => String(value).padStart(2, '0')

/** Row `index` of a generated load-test report: deterministic, with every quoting edge case. */
function generatedRow(
  index: number,
  merchant: Merchant,
  firstDay: IsoDay,
  days: number,
  reportDate: string,
): ReportRow {
  const seconds = (index * 37) % 86_400
  const time = `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`
  const description =
    EDGE_CASE_DESCRIPTIONS[index % (EDGE_CASE_DESCRIPTIONS.length + 1)] ?? `Load row ${index + 1}`
  return [
    GENERATED_NAMES[index % GENERATED_NAMES.length] || merchant.name,
    String(5_000_000_000 + index),
    `LOAD-${index + 1}`,
    `${addDays(firstDay, index % days)} ${time}`,
    formatMinor(((index * 7919) % 1_000_000) + 1, AMOUNT_FRACTION_DIGITS),
    GENERATED_CURRENCIES[index % GENERATED_CURRENCIES.length]!,
    GENERATED_TYPES[index % GENERATED_TYPES.length]!,
    description,
    reportDate,
  ]
}

function* generatedPages(
  plan: ReportPlan & { rowCount: number },
  merchant: Merchant,
  today: IsoDay,
): Generator<ReportRow[]> {
  const firstDay = plan.fromDay ?? addDays(today, -29)
  const lastDay = plan.toDay ?? today
  const days = Math.max(1, daysBetween(firstDay, lastDay) + 1)
  const reportDate = dottedDay(today)
  for (let start = 0; start < plan.rowCount; start += PAGE_ROWS) {
    const end = Math.min(plan.rowCount, start + PAGE_ROWS)
    const page: ReportRow[] = []
    for (let index = start; index < end; index++)
      page.push(generatedRow(index, merchant, firstDay, days, reportDate))
    yield page
  }
}

/**
 * The report's rows a page at a time, so no report is ever held whole: the merchant's
 * transactions filtered as asked, or `rowCount` generated rows (filters then do not apply).
 */
export function* reportRowPages(
  plan: ReportPlan,
  merchant: Merchant,
  transactions: TransactionStore,
  today: IsoDay,
): Generator<ReportRow[]> {
  if (plan.rowCount !== null) {
    yield* generatedPages({ ...plan, rowCount: plan.rowCount }, merchant, today)
    return
  }
  if (!merchantMatches(plan, merchant)) return
  const reportDate = dottedDay(today)
  const query = {
    merchantLogin: merchant.login,
    fromDay: plan.fromDay,
    toDay: plan.toDay,
    currencies: plan.filters.currencies.map((currency) => currency.toUpperCase()),
    endpoints: plan.filters.endpoints,
  }
  for (const page of transactions.pages(query, PAGE_ROWS)) {
    yield page.map((transaction) => transactionRow(merchant, transaction, reportDate))
  }
}
