import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTestSandbox } from '../../fixtures/sandbox'
import { cli, useCliDataDir } from '../../fixtures/cli'

// `gatedesk bulk-jobs`: the journal's jobs, for `bulk-update --resume`.
const sandbox = useTestSandbox()
const { dir } = useCliDataDir('gatedesk-cli-bulk-jobs-')

interface ListedJob {
  jobId: string
  file: string
  state: string
  states: Record<string, number>
  outcomes: Record<string, number>
  resumable: boolean
}

describe('gatedesk bulk-jobs', () => {
  it('says there is none in an empty journal', async () => {
    expect(await cli(['bulk-jobs'])).toMatchObject({
      code: 0,
      stdout: 'No bulk jobs in the journal.\n',
    })
    expect(JSON.parse((await cli(['bulk-jobs', '--json'])).stdout)).toEqual([])
  })

  it('lists each job with its file, state and counts, and the --resume line of one with rows left to decide', async () => {
    const file = join(dir, 'updates.csv')
    writeFileSync(file, 'recurring-payment-id,amount\n100001,31.00\n100002,32.00\n')
    sandbox.sandbox.service.injectFault('reset', 1)
    const connection = ['--connection', sandbox.sandbox.connectionFile]
    const sent = await cli([
      'bulk-update',
      ...connection,
      '--input',
      file,
      '--concurrency',
      '1',
      '--json',
    ])
    const { jobId } = JSON.parse(sent.stdout) as { jobId: string }

    const listed = JSON.parse((await cli(['bulk-jobs', '--json'])).stdout) as ListedJob[]
    expect(listed).toEqual([
      expect.objectContaining({
        jobId,
        file,
        state: 'finished',
        outcomes: { approved: 1 },
        states: expect.objectContaining({ done: 1, unknown: 1 }),
        resumable: true,
      }),
    ])
    const text = await cli(['bulk-jobs'])
    expect(text.code).toBe(0)
    expect(text.stdout).toContain(`${jobId}  `)
    expect(text.stdout).toContain('updates.csv')
    expect(text.stdout).toContain('2 rows: approved 1, unknown 1')
    expect(text.stdout).toContain(`gatedesk bulk-update --connection FILE --resume ${jobId}`)

    await cli(['bulk-update', ...connection, '--resume', jobId, '--unknown', 'skip'])
    const done = await cli(['bulk-jobs'])
    expect(done.stdout).toContain('2 rows: approved 1, skipped 1')
    expect(done.stdout).not.toContain('--resume')
  })

  it('refuses a --limit that is not a whole number', async () => {
    expect((await cli(['bulk-jobs', '--limit', '0'])).code).toBe(2)
  })
})
