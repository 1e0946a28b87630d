import { afterAll, describe, expect, it } from 'vitest'
import { english } from '../../../main/platform/i18n/english'
import { extractionThread } from '../../../main/reports/query/extraction-thread'
import { QueryError } from '../../../main/reports/query/query-error'
import { caught } from '../../fixtures/caught'
import { csvScratch } from '../../fixtures/csv-files'

const scratch = csvScratch()
afterAll(() => scratch.close())

describe("the query process's extraction thread", () => {
  it('says when it dies, as code and values the query process sends on for main to word', async () => {
    const dying = { file: scratch.write('dying.mjs', 'process.exit(3)'), execArgv: [] }
    const job = {
      file: scratch.write('any.csv', 'a\n'),
      target: `${scratch.dir}/columns`,
      options: { delimiter: ',', columns: [0] },
    }
    const error = await caught(
      () => extractionThread(dying).extract(job, new AbortController().signal),
      QueryError,
    )
    expect([error.failure, error.messageCode, error.params]).toEqual([
      'failed',
      'report.query.extraction-stopped',
      { exitCode: 3 },
    ])
    expect(english(error.messageCode!, error.params)).toBe(
      'DuckDB could not run the query: the extracting thread stopped (exit code 3)',
    )
  })
})
