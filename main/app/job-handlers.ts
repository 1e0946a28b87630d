import type { Handlers } from '../platform/electron/ipc'
import type { JobRunner } from '../platform/jobs/job-runner'

type JobChannel = Extract<keyof Handlers, `jobs:${string}`>

export function jobHandlers(deps: { jobs: JobRunner }): Pick<Handlers, JobChannel> {
  return {
    'jobs:cancel': async ({ jobId }) => ({ cancelled: deps.jobs.cancel(jobId) }),
  }
}
