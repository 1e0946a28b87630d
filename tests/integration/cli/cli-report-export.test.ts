import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import ExcelJS from 'exceljs'
import Papa from 'papaparse'
import { afterAll, describe, expect, it } from 'vitest'
import { main } from '../../../main/cli/main'
import { DATA_DIR_VARIABLE } from '../../../main/platform/db/data-dir'
import { transactionsCsv } from '../../fixtures/report-engine'

const run = promisify(execFile)
const bin = new URL('../../../bin/gatedesk.js', import.meta.url).pathname
const dir = mkdtempSync(join(tmpdir(), 'gatedesk-report-export-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
// The CLI's data folder, where it keeps its temp files: here, never the user's own.
const dataDir = join(dir, 'data')
process.env[DATA_DIR_VARIABLE] = dataDir
const ENGLISH = { ...process.env, LC_ALL: '', LC_MESSAGES: '', LANG: 'C' }
const RUSSIAN = { ...process.env, LC_ALL: '', LC_MESSAGES: '', LANG: 'ru_RU.UTF-8' }

const rows = Array.from({ length: 300 }, (_, i) => [
  i === 4 ? '=HYPERLINK("http://x")' : `Shop ${i}`,
  String(7000 + i),
  ((i % 97) + 0.125).toFixed(3),
  ['EUR', 'JPY'][i % 2]!,
  ['sale', 'refund', 'payout'][i % 3]!,
])
const report = join(dir, 'report.csv')
writeFileSync(report, transactionsCsv(rows))

/** The bundled command as a terminal runs it: exit code, standard output and error. */
async function gatedesk(args: string[], env = ENGLISH) {
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, 'report-export', ...args], { env })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

/** The rows the view keeps: EUR, by Amount descending (then as in the file). */
const euroByAmount = rows
  .filter((row) => row[3] === 'EUR')
  .sort((a, b) => Number(b[2]) - Number(a[2]))

describe('gatedesk report-export', () => {
  it('writes the sorted, filtered view as XLSX with the chosen columns, and a JSON summary', async () => {
    const out = join(dir, 'view.xlsx')
    const args = [report, '--out', out, '--sort', 'Amount:desc', '--filter', 'Currency=EUR']
    const { code, stdout } = await gatedesk([
      ...args,
      '--columns',
      'Amount,Merchant_Name',
      '--json',
    ])
    expect(code).toBe(0)
    expect(JSON.parse(stdout)).toMatchObject({ file: out, format: 'xlsx', rows: 150, sheets: 1 })
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(out)
    const values = workbook.worksheets[0]!.getSheetValues().slice(1)
    expect(values.map((row) => (row as unknown[]).slice(1))).toEqual([
      ['Amount', 'Merchant_Name'],
      ...euroByAmount.map((row) => [Number(row[2]), row[0]]),
    ])
  })

  it('writes CSV and TSV, the format told by the name, formula cells neutralised', async () => {
    const csv = join(dir, 'view.csv')
    const tsv = join(dir, 'view.tsv')
    expect((await gatedesk([report, '--out', csv, '--columns', '1,2'])).code).toBe(0)
    const { code, stdout } = await gatedesk([report, '--out', tsv, '--columns', 'Merchant_Name'])
    expect(code).toBe(0)
    expect(stdout).toMatch(/^Saved 300 rows of the view to view\.tsv \(TSV, [\d.]+ KB\)\.\n$/)
    const fromCsv = Papa.parse<string[]>(readFileSync(csv, 'utf8'), { skipEmptyLines: true })
    expect(fromCsv.data[0]).toEqual(['Merchant_Name', 'Transaction_id'])
    expect(fromCsv.data[5]).toEqual([`'=HYPERLINK("http://x")`, '7004'])
    const lines = readFileSync(tsv, 'utf8').split('\r\n')
    expect(lines.slice(0, 2)).toEqual(['"Merchant_Name"', '"Shop 0"'])
  })

  it('refuses what it cannot do, in the terminal language, before writing anything', async () => {
    const out = join(dir, 'refused.xlsx')
    const noOut = await gatedesk([report])
    expect(noOut).toMatchObject({ code: 2 })
    expect(noOut.stderr).toContain('--out is required')
    const badFormat = await gatedesk([report, '--out', out, '--format', 'xls'])
    expect(badFormat.stderr).toContain('--format must be csv, tsv or xlsx, not "xls"')
    const unnamed = await gatedesk([report, '--out', join(dir, 'view.txt')])
    expect(unnamed).toMatchObject({ code: 2 })
    expect(unnamed.stderr).toContain('--format is needed')
    const column = await gatedesk([report, '--out', out, '--columns', 'Amount,Nope'], RUSSIAN)
    expect(column).toMatchObject({ code: 2 })
    expect(column.stderr).toContain('--columns "Nope"')
    expect(column.stderr).toContain('такого столбца нет')
    expect(existsSync(out)).toBe(false)
  })

  it('fails clearly where it cannot write, leaving the file there untouched', async () => {
    const folder = join(dir, 'locked')
    mkdirSync(folder)
    const out = join(folder, 'keep.xlsx')
    writeFileSync(out, 'precious')
    // The .part path is taken by a folder, so the export cannot write.
    mkdirSync(`${out}.part`)
    writeFileSync(join(`${out}.part`, 'inside'), '')
    const { code, stderr } = await gatedesk([report, '--out', out])
    expect(code).toBe(1)
    expect(stderr).toContain(`--out ${out}: cannot write the file`)
    expect(readFileSync(out, 'utf8')).toBe('precious')
  })

  it('shows its progress on standard error at a terminal only', async () => {
    const printed = { stdout: '', stderr: '' }
    const io = {
      stdout: (text: string) => (printed.stdout += text),
      stderr: (text: string) => (printed.stderr += text),
    }
    const out = join(dir, 'progress.xlsx')
    expect(await main(['report-export', report, '--out', out], io)).toBe(0)
    expect(printed.stderr).toBe('')
    expect(
      await main(['report-export', report, '--out', out], { ...io, stderrIsTerminal: true }),
    ).toBe(0)
    expect(printed.stderr).toContain('\rWritten 300 of 300 rows (100%)')
  })
})
