import { describe, expect, it } from 'vitest'
import type { JobFinished, JobProgress } from '../../../../preload/contract/platform/jobs'
import { createJobRunner } from '../../../../main/platform/jobs/job-runner'

function recordingRunner() {
  const progress: JobProgress[] = []
  const finished: JobFinished[] = []
  let clock = 0
  const runner = createJobRunner(
    { progress: (event) => progress.push(event), finished: (event) => finished.push(event) },
    () => clock,
  )
  return { runner, progress, finished, advance: (ms: number) => (clock += ms) }
}

describe('jobs', () => {
  it('reports progress at most every 100 ms, always the last step, then done', async () => {
    const { runner, progress, finished, advance } = recordingRunner()
    const job = runner.start('report-index', 'bytes', async ({ progress: report }) => {
      for (let done = 1; done <= 10; done++) {
        advance(30)
        report(done * 10, 100)
      }
      return 'indexed'
    })
    await expect(job.result).resolves.toBe('indexed')
    expect(progress.map((event) => event.done)).toEqual([10, 50, 90, 100])
    expect(progress.every((event) => event.jobId === job.jobId && event.unit === 'bytes')).toBe(
      true,
    )
    expect(finished).toEqual([
      { jobId: job.jobId, kind: 'report-index', outcome: 'done', message: null },
    ])
  })

  it('cancels by job id: the work sees the abort and the job ends cancelled', async () => {
    const { runner, finished } = recordingRunner()
    const job = runner.start('report-export', 'rows', ({ signal }) => {
      return new Promise((_resolve, reject) => {
        signal.addEventListener('abort', () => reject(signal.reason))
      })
    })
    expect(runner.cancel(job.jobId)).toBe(true)
    await expect(job.result).rejects.toThrow()
    expect(finished[0]?.outcome).toBe('cancelled')
    expect(runner.cancel(job.jobId)).toBe(false)
  })

  it('says why a job failed', async () => {
    const { runner, finished } = recordingRunner()
    const job = runner.start('report-index', 'bytes', () =>
      Promise.reject(new Error('The file was deleted while it was being read.')),
    )
    await expect(job.result).rejects.toThrow('deleted')
    expect(finished[0]).toMatchObject({
      outcome: 'failed',
      message: 'The file was deleted while it was being read.',
    })
  })

  it('cancels every running job at once', async () => {
    const { runner, finished } = recordingRunner()
    const never = ({ signal }: { signal: AbortSignal }) =>
      new Promise<never>((_resolve, reject) =>
        signal.addEventListener('abort', () => reject(signal.reason)),
      )
    const jobs = [
      runner.start('report-index', 'bytes', never),
      runner.start('report-export', 'rows', never),
    ]
    runner.cancelAll()
    await Promise.allSettled(jobs.map((job) => job.result))
    expect(finished.map((event) => event.outcome)).toEqual(['cancelled', 'cancelled'])
  })
})
