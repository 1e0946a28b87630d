import {
  PIVOT_BUCKETS,
  PIVOT_KEYS_MAX,
  PIVOT_MEASURE_KINDS,
  type PivotBucket,
  type PivotMeasureKind,
} from '../../preload/contract/reports/pivot-rules'
import type {
  PivotMeasure,
  PivotRequest,
  PivotResult,
} from '../../preload/contract/reports/report-pivot'
import { UsageError } from './cli-io'
import { cliText, type CliWords } from './cli-words'

/** report-view's pivot options: `--group-by A,B [--bucket A:day] [--measure sum:C]…`. */
export const pivotOptions = {
  'group-by': { type: 'string' },
  bucket: { type: 'string', multiple: true },
  measure: { type: 'string', multiple: true },
} as const

export interface PivotArgs {
  'group-by'?: string
  bucket?: string[]
  measure?: string[]
}

/** A column by the name or number the user gave, or a UsageError naming the option. */
type ColumnOf = (name: string, option: string) => number

/** The pivot the options ask for (none without --group-by); `defaults` when no --measure. */
export function pivotRequest(
  args: PivotArgs,
  columnOf: ColumnOf,
  defaults: PivotMeasure[],
): PivotRequest | undefined {
  const spec = args['group-by']
  if (spec === undefined) {
    if (args.bucket || args.measure) throw new UsageError(cliText('reportPivot.cli.needs-group-by'))
    return undefined
  }
  const names = spec.split(',').filter((name) => name.trim() !== '')
  if (names.length < 1 || names.length > PIVOT_KEYS_MAX) {
    const params = { spec, n: names.length, max: PIVOT_KEYS_MAX }
    throw new UsageError(cliText('reportPivot.cli.group-by-count', params))
  }
  const groupBy: PivotRequest['groupBy'] = [
    ...new Set(names.map((name) => columnOf(name, '--group-by'))),
  ].map((column) => ({ column }))
  for (const bucketSpec of args.bucket ?? []) {
    const at = bucketSpec.lastIndexOf(':')
    const bucket = bucketSpec.slice(at + 1).toLowerCase()
    if (at <= 0 || !isOneOf(PIVOT_BUCKETS, bucket)) {
      throw new UsageError(cliText('reportPivot.cli.bucket-format', { spec: bucketSpec }))
    }
    const column = columnOf(bucketSpec.slice(0, at), '--bucket')
    const key = groupBy.find((item) => item.column === column)
    if (!key) {
      const params = { column: bucketSpec.slice(0, at) }
      throw new UsageError(cliText('reportPivot.cli.bucket-not-grouped', params))
    }
    key.bucket = bucket
  }
  const measures = args.measure?.map((measureSpec) => {
    const at = measureSpec.indexOf(':')
    const kind = measureSpec.slice(0, at).toLowerCase()
    if (at <= 0 || !isOneOf(PIVOT_MEASURE_KINDS, kind)) {
      throw new UsageError(cliText('reportPivot.cli.measure-format', { spec: measureSpec }))
    }
    return { column: columnOf(measureSpec.slice(at + 1), '--measure'), kind }
  })
  return { groupBy, measures: measures ?? defaults, netSigns: [] }
}

/** The JSON name of each kind's figures in a group: "sums": {"Amount": "…"}. */
const JSON_NAMES: Record<PivotMeasureKind, string> = {
  sum: 'sums',
  min: 'mins',
  max: 'maxs',
  avg: 'avgs',
}

/** The groups as `--json` prints them: figures by column name, the net by currency. */
export function pivotJson(result: PivotResult, request: PivotRequest, header: readonly string[]) {
  const groups = result.groups.map((group) => {
    const figures: Record<string, Record<string, string | null>> = {}
    request.measures.forEach(({ column, kind }, index) => {
      figures[JSON_NAMES[kind]] = {
        ...figures[JSON_NAMES[kind]],
        [header[column]!]: group.values[index]!,
      }
    })
    const net = group.net && Object.fromEntries(group.net.map((item) => [item.currency, item.net]))
    return { keys: group.keys, count: group.count, ...figures, ...(net ? { net } : {}) }
  })
  return { groups, moreGroups: result.moreGroups }
}

/** The groups as a text table: keys, rows, figures, the net per currency; numbers right-aligned. */
export function pivotText(
  result: PivotResult,
  request: PivotRequest,
  header: readonly string[],
  say: CliWords['say'],
): string {
  const currencies = [
    ...new Set(result.groups.flatMap((group) => (group.net ?? []).map((item) => item.currency))),
  ].sort()
  const titles = [
    ...request.groupBy.map(({ column, bucket }) => keyTitle(header[column]!, bucket)),
    say('reportPivot.cli.count'),
    ...request.measures.map(({ column, kind }) =>
      say('reportPivot.figureOf', {
        kind: say(`reportPivot.kinds.${kind}`),
        column: header[column]!,
      }),
    ),
    ...currencies.map((currency) => say('reportPivot.netOf', { currency })),
  ]
  const rows = result.groups.map((group) => [
    ...group.keys.map((key) => key ?? say('reportPivot.noDate')),
    String(group.count),
    ...group.values.map((value) => value ?? ''),
    ...currencies.map(
      (currency) => group.net?.find((item) => item.currency === currency)?.net ?? '',
    ),
  ])
  const keyCount = request.groupBy.length
  const widths = titles.map((_, at) => Math.max(...[titles, ...rows].map((row) => row[at]!.length)))
  const lines = [titles, ...rows].map((row) =>
    row
      .map((cell, at) => (at < keyCount ? cell.padEnd(widths[at]!) : cell.padStart(widths[at]!)))
      .join('  ')
      .trimEnd(),
  )
  if (result.moreGroups) lines.push(say('reportPivot.cli.more-groups', { n: result.groups.length }))
  return lines.join('\n')
}

function keyTitle(name: string, bucket: PivotBucket | undefined): string {
  return bucket ? `${name} (${bucket})` : name
}

function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value)
}
