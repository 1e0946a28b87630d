import type { ReportProblem } from '../../../preload/contract/reports/report-view'

/** Problems found in a file: the first `max` are kept, all are counted. */
export class ProblemList {
  readonly kept: ReportProblem[] = []
  count = 0

  constructor(private readonly max: number) {}

  add(line: number, message: string): void {
    this.count++
    if (this.kept.length < this.max) this.kept.push({ line, message })
  }
}
