import type { ReportProblem } from '../../../preload/contract/reports/report-view'

/** Problems found in a file: the first `max` are kept, all are counted. */
export class ProblemList {
  readonly kept: ReportProblem[] = []
  count = 0

  constructor(private readonly max: number) {}

  /** A problem of the row starting on `line`: a data row's id as `row`, none for the header. */
  add(line: number, message: string, row?: number): void {
    this.count++
    if (this.kept.length < this.max) {
      this.kept.push(row === undefined ? { line, message } : { line, row, message })
    }
  }
}

/** A count and its noun, for a problem's text: "1 field", "3 fields". */
export function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}
