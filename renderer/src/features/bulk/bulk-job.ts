import type { ChannelInput } from '../../../../preload/contract/channels'
import { call } from '../../platform/bridge'
import { dialogText } from '../../platform/i18n/dialog-filters'

/** What main does with one bulk job of the journal; a dialog's title comes already worded. */
export function bulkJob(bulkJobId: string) {
  return {
    rows: (query: Omit<ChannelInput<'bulk:rows'>, 'bulkJobId'>) =>
      call('bulk:rows', { bulkJobId, ...query }),
    control: (action: 'bulk:pause' | 'bulk:resume' | 'bulk:cancel') => call(action, { bulkJobId }),
    /** Settles rows whose outcome is unknown: resending them resumes the job. */
    async decide(rowNumbers: number[], decision: 'resend' | 'skip') {
      await call('bulk:decide', { bulkJobId, rowNumbers, decision })
      if (decision === 'resend') await call('bulk:resume', { bulkJobId })
    },
    /** A new job of the rows that surely failed, started at once. */
    sendFailedAgain: () => call('bulk:send-failed-again', { bulkJobId }),
    exportResults: (title: string) => call('bulk:export', { bulkJobId, ...dialogText(title) }),
  }
}
