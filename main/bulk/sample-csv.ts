import Papa from 'papaparse'
import { ENVIRONMENT_COLUMN, PROFILE_TYPE_COLUMN } from './column-mapping'

/**
 * A sample file of updates for the import screen: the columns staff use most, named as the
 * mapping reads them, and two example rows (the sandbox's demo profiles) that pass the checks.
 * An empty environment cell takes the job's environment.
 */
const SAMPLE: readonly (readonly string[])[] = [
  [
    'recurring-payment-id',
    'amount',
    'currency',
    'order_desc',
    'email',
    PROFILE_TYPE_COLUMN,
    ENVIRONMENT_COLUMN,
  ],
  ['100001', '12.50', 'USD', 'PLAN-M-2027', 'anna.oneil@example.com', 'SRC', ''],
  ['100002', '1200.00', 'USD', 'PLAN-Y-2027', 'ivan.petrov@example.com', 'SRC', ''],
]

/** The sample as CSV text, with a line end a spreadsheet expects. */
export const sampleCsv = () => `${Papa.unparse(SAMPLE as string[][], { newline: '\r\n' })}\r\n`
