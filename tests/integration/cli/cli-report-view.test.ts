import { execFile } from 'node:child_process'
import { execFileSync, spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it, vi } from 'vitest'
import iconv from 'iconv-lite'
import { DATA_DIR_VARIABLE } from '../../../main/platform/db/data-dir'
import { transactionsCsv } from '../../fixtures/report-engine'
import { cli } from '../../fixtures/cli'

const run = promisify(execFile)
const bin = new URL('../../../bin/gatedesk.js', import.meta.url).pathname
const dir = mkdtempSync(join(tmpdir(), 'gatedesk-report-view-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
// The CLI's data folder, where it keeps its temp files: here, never the user's own.
const dataDir = join(dir, 'data')
process.env[DATA_DIR_VARIABLE] = dataDir

function file(name: string, content: string) {
  const path = join(dir, name)
  writeFileSync(path, content)
  return path
}

const rows = Array.from({ length: 1500 }, (_, i) => [
  i % 10 === 0 ? 'Shop "Ten"\r\nDept.' : `Shop ${i}`,
  String(7000 + i),
  ((i % 97) + 0.125).toFixed(3),
  ['EUR', 'USD'][i % 2]!,
  ['sale', 'refund', 'payout'][i % 3]!,
])
const report = file('report.csv', transactionsCsv(rows))

describe('gatedesk report-view', () => {
  it('prints one JSON object: header, the view row count, problems and the first 100 rows', async () => {
    const { stdout } = await run(process.execPath, [bin, 'report-view', report, '--json'])
    const printed = JSON.parse(stdout)
    expect(printed.header).toEqual([
      'Merchant_Name',
      'Transaction_id',
      'Amount',
      'Currency',
      'Transaction_type',
    ])
    expect(printed.rowCount).toBe(1500)
    expect(printed.problems).toEqual([])
    expect(printed.rows).toEqual(rows.slice(0, 100))
  })

  it('sorts, filters, pages and totals the view exactly', async () => {
    const { stdout } = await run(process.execPath, [
      bin,
      'report-view',
      report,
      '--sort',
      'amount:desc',
      '--sort',
      'Transaction_id',
      '--filter',
      'Currency=EUR',
      '--rows',
      '6:8',
      '--totals',
      '--json',
    ])
    const printed = JSON.parse(stdout)
    const euro = rows
      .filter((row) => row[3] === 'EUR')
      .sort((a, b) => Number(b[2]) - Number(a[2]) || Number(a[1]) - Number(b[1]))
    expect(printed.rowCount).toBe(750)
    expect(printed.rows).toEqual(euro.slice(5, 8))
    const units = (row: string[]) => BigInt(row[2]!.replace('.', ''))
    const decimal = (minor: bigint) => `${minor / 1000n}.${String(minor % 1000n).padStart(3, '0')}`
    const minor = euro.reduce((sum, row) => sum + units(row), 0n)
    // The net subtracts refunds and payouts (their default signs).
    const net = euro.reduce((sum, row) => sum + (row[4] === 'sale' ? 1n : -1n) * units(row), 0n)
    expect(printed.totals.amountByCurrency).toEqual([
      {
        currency: 'EUR',
        sum: decimal(minor),
        count: 750,
        net: `${net < 0n ? '-' : ''}${decimal(net < 0n ? -net : net)}`,
      },
    ])
    expect(printed.totals.countByType).toHaveLength(3)
  })

  it('prints every row of a small file, its problems by line, and an aligned table without --json', async () => {
    const ragged = file('ragged.csv', 'a;b;c\n1;2;3\n4;5\n6;7;8\n')
    const json = JSON.parse((await cli(['report-view', ragged, '--json'])).stdout)
    expect(json.rowCount).toBe(3)
    expect(json.rows).toEqual([
      ['1', '2', '3'],
      ['4', '5'],
      ['6', '7', '8'],
    ])
    expect(json.problems).toEqual([{ line: 3, row: 1, message: expect.stringMatching(/2 fields/) }])
    const { stdout, code } = await cli(['report-view', ragged])
    expect(code).toBe(0)
    expect(stdout.split('\n').slice(0, 2)).toEqual(['a  b  c', '1  2  3'])
    expect(stdout).toContain('line 3: ')
  })

  it('counts printed rows from 1, keeps tabs from moving columns, totals by currency and type first', async () => {
    const small = file(
      'small.csv',
      'Transaction_id,Amount,Currency,Transaction_type,Note\n' +
        '1000001,10.50,EUR,sale,"a\tb"\n1000002,5.00,EUR,refund,plain\n1000003,7.25,USD,sale,x\n',
    )
    const { stdout } = await cli(['report-view', small, '--totals'])
    const lines = stdout.trimEnd().split('\n')
    expect(lines.slice(0, 4)).toEqual([
      'Transaction_id  Amount  Currency  Transaction_type  Note',
      '       1000001   10.50  EUR       sale              a⇥b',
      '       1000002    5.00  EUR       refund            plain',
      '       1000003    7.25  USD       sale              x',
    ])
    // Identifiers are never summed, nor amounts of different currencies together.
    expect(lines.slice(4)).toEqual([
      'Rows 1–3 of 3',
      'Amount EUR: 15.50 (2 rows)',
      'Amount USD: 7.25 (1 row)',
      'refund: 1 row',
      'sale: 2 rows',
      'Rows: 3',
    ])
    const second = await cli(['report-view', small, '--rows', '2:3'])
    expect(second.stdout).toContain('       1000002    5.00  EUR       refund            plain\n')
    expect(second.stdout).not.toContain('1000001')
    expect(second.stdout).toContain('Rows 2–3 of 3')
    expect((await cli(['report-view', small, '--rows', '0:3'])).code).toBe(2)
  })

  it('names the column it does not know, and the file it cannot read', async () => {
    const unknown = await cli(['report-view', report, '--sort', 'Price'])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain(
      '--sort "Price": no such column. The columns are: Merchant_Name',
    )
    // Its query process, started before the command read its options, is gone with its folder.
    expect(readdirSync(join(dataDir, 'temp'))).toEqual([])
    const missing = await cli(['report-view', join(dir, 'nope.csv')])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('"nope.csv" was not found: check its name and folder.')
    const empty = await cli(['report-view', file('empty.csv', '')])
    expect(empty.code).toBe(1)
    expect(empty.stderr).toMatch(/empty/)
  })

  // A pipe would block the first read forever: each is refused before one, so none may hang.
  it(
    'refuses a pipe, a device and a folder at once, saying what it is',
    { timeout: 30_000 },
    async () => {
      const pipe = join(dir, 'pipe.csv')
      execFileSync('mkfifo', [pipe])
      const folder = join(dir, 'folder.csv')
      mkdirSync(folder)
      const notRegular = 'is not a regular file (a pipe, a device or a socket)'
      const piped = await run(process.execPath, [bin, 'report-view', pipe]).catch(
        (error: { code: number; stderr: string }) => error,
      )
      expect(piped).toMatchObject({
        code: 1,
        stderr: expect.stringContaining(`"pipe.csv" ${notRegular}`),
      })
      const device = await cli(['report-view', '/dev/null'])
      expect(device.code).toBe(1)
      expect(device.stderr).toContain(`"null" ${notRegular}`)
      const inFolder = await cli(['report-view', folder])
      expect(inFolder.code).toBe(1)
      expect(inFolder.stderr).toContain('"folder.csv" is a folder')
    },
  )

  it("keeps its UTF-8 copy and the query process's files in the data folder, owner-only, and leaves none", async () => {
    const cyrillic = file('cp1251.csv', '')
    writeFileSync(cyrillic, iconv.encode(transactionsCsv(rows), 'windows-1251'))
    const { stdout } = await run(process.execPath, [
      bin,
      'report-view',
      cyrillic,
      '--encoding',
      'windows-1251',
      '--sort',
      'Amount',
      '--json',
    ])
    expect(JSON.parse(stdout).rowCount).toBe(1500)
    const temp = join(dataDir, 'temp')
    expect(statSync(temp).mode & 0o777).toBe(0o700)
    expect(readdirSync(temp)).toEqual([])
  })

  const temp = join(dataDir, 'temp')
  /** The temp folder's entries, each with what it holds (a failure shows what was left). */
  const leftInTemp = () =>
    readdirSync(temp).map((name) => {
      const inside = statSync(join(temp, name)).isDirectory() ? readdirSync(join(temp, name)) : []
      return `${name} [${inside.join(', ')}]`
    })
  /** A report-view of a big report, once its own temp folder shows it is at work. */
  async function bigReportView() {
    const big = file('big.csv', transactionsCsv(Array.from({ length: 200 }, () => rows).flat()))
    // Nothing an earlier run left: the folder waited for below is this command's.
    expect(leftInTemp()).toEqual([])
    const command = spawn(process.execPath, [bin, 'report-view', big, '--sort', 'Amount'])
    await vi.waitFor(
      () =>
        expect(readdirSync(temp).filter((name) => name.startsWith('report-view-'))).not.toEqual([]),
      { timeout: 20_000, interval: 20 },
    )
    return command
  }

  // Ctrl+C, the terminal closing, kill or timeout.
  it.each(['SIGINT', 'SIGHUP', 'SIGTERM'] as const)(
    'leaves no temp file when stopped by %s',
    async (sent) => {
      const command = await bigReportView()
      command.kill(sent)
      const [, signal] = (await once(command, 'exit')) as [number | null, string | null]
      expect(signal).toBe(sent)
      // The command removes its folder on the way out: give a loaded machine time to get there.
      await vi.waitFor(() => expect(leftInTemp()).toEqual([]), { timeout: 10_000 })
    },
  )

  it('removes the temp folder a run killed with SIGKILL left, at the next run', async () => {
    const command = await bigReportView()
    command.kill('SIGKILL')
    await once(command, 'exit')
    expect(readdirSync(temp)).not.toEqual([])
    const { code } = await cli(['report-view', report, '--rows', '1:1'])
    expect(code).toBe(0)
    expect(readdirSync(temp)).toEqual([])
  })

  it('says where it cannot make its temp folder, and what to do', async () => {
    const notAFolder = file('not-a-folder', 'a file where the data folder should be')
    process.env[DATA_DIR_VARIABLE] = notAFolder
    try {
      const { code, stderr } = await cli(['report-view', report])
      expect(code).toBe(1)
      expect(stderr).toContain(`cannot make a temp folder in ${join(notAFolder, 'temp')} (`)
      expect(stderr).toContain(`set ${DATA_DIR_VARIABLE} to a folder you may write to.`)
    } finally {
      process.env[DATA_DIR_VARIABLE] = dataDir
    }
  })
})
