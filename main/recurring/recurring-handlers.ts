import type { Handlers } from '../platform/electron/ipc'
import type { RecurringUpdateService } from './recurring-update-service'
import type { InFlightSends } from './in-flight-sends'
import type { RecurringPreviewService } from './update-request-preview'

type RecurringChannel = Extract<keyof Handlers, `recurring:${string}`>

export function recurringHandlers(deps: {
  recurring: RecurringUpdateService
  preview: RecurringPreviewService
  inFlight: InFlightSends
}): Pick<Handlers, RecurringChannel> {
  return {
    'recurring:send': (request) =>
      deps.inFlight.run(request.sendId, (signal) => deps.recurring.send(request, signal)),
    'recurring:cancel': async ({ sendId }) => deps.inFlight.cancel(sendId),
    'recurring:preview': ({ environmentId, parameters }) =>
      deps.preview.preview(environmentId, parameters),
  }
}
