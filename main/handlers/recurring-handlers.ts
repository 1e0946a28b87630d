import type { Handlers } from '../ipc'
import type { RecurringUpdateService } from '../recurring/recurring-update-service'

type RecurringChannel = Extract<keyof Handlers, `recurring:${string}`>

export function recurringHandlers(deps: {
  recurring: RecurringUpdateService
}): Pick<Handlers, RecurringChannel> {
  return {
    'recurring:send': (request) => deps.recurring.send(request),
  }
}
