import { z } from 'zod'
import { event } from '../platform/define'
import { outputText } from '../platform/text'

export const appEvents = {
  'app:notice': event(
    'A message from main for the status bar (e.g. the embedded sandbox started).',
    z.object({ level: z.enum(['info', 'warning', 'error']), message: outputText(500) }),
  ),
} as const
