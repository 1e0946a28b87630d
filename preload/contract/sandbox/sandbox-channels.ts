import { z } from 'zod'
import { channel } from '../platform/define'
import { outputText } from '../platform/text'

/** Failures the sandbox can stage on purpose, for rehearsing what the app does with them. */
export const SANDBOX_FAULT_KINDS = [
  'internal-error',
  'delay',
  'reset',
  'truncate',
  'not-form',
  'corrupt-pdf',
] as const

/**
 * Why the sandbox stopped a profile or declined a charge, as codes the window words in its own
 * language; the gateway's English text stays in the data (and in the sandbox's reports).
 */
export const SANDBOX_STOP_REASONS = ['max-repeats', 'finish-date'] as const
export const SANDBOX_DECLINE_REASONS = ['card-expired', 'issuer-decline'] as const
export type SandboxStopReason = (typeof SANDBOX_STOP_REASONS)[number]
export type SandboxDeclineReason = (typeof SANDBOX_DECLINE_REASONS)[number]

const profileSchema = z.object({
  id: outputText(128),
  type: z.enum(['SRC', 'DST', 'native']),
  status: z.enum(['running', 'stopped']),
  stopReason: outputText(500).nullable(),
  /** Null when the profile runs, or for a reason this sandbox does not word itself. */
  stopReasonCode: z.enum(SANDBOX_STOP_REASONS).nullable(),
  clientOrderId: outputText(128),
  currency: outputText(8),
  /** e.g. "10.00 EUR", "5.00–20.00 EUR (random)", "10.00, 12.50, 15.00 EUR (sequence)". */
  amountRule: outputText(500),
  /** e.g. "every 1 month from 01.11.2026 to 01.11.2027". */
  schedule: outputText(300),
  /** The amount rule's parts, for the window to word: its kind and amounts, in charge order. */
  amountParts: z.object({
    kind: z.enum(['fixed', 'range', 'sequence']),
    amounts: z.array(outputText(32)).max(1000),
  }),
  /** The schedule's parts: every `interval` `period`s from `startDate` to `finishDate`. */
  scheduleParts: z.object({
    interval: z.number().int(),
    period: z.enum(['day', 'week', 'month']),
    /** DD.MM.YYYY */
    startDate: outputText(10),
    finishDate: outputText(10).nullable(),
  }),
  currentRepeats: z.number().int(),
  maxRepeats: z.number().int().nullable(),
  nextChargeDate: outputText(10).nullable(),
})

const transactionSchema = z.object({
  id: z.number().int(),
  profileId: outputText(128).nullable(),
  createdAt: outputText(32),
  amount: outputText(32),
  currency: outputText(8),
  status: z.enum(['approved', 'declined']),
  declineReason: outputText(500).nullable(),
  declineReasonCode: z.enum(SANDBOX_DECLINE_REASONS).nullable(),
})

const receivedCallbackSchema = z.object({
  id: z.number().int(),
  receivedAt: outputText(32),
  orderId: outputText(128),
  clientOrderId: outputText(128),
  status: outputText(32),
  amount: outputText(32),
  /** Whether its control value checked out against the merchant's control key. */
  verified: z.boolean(),
})

/** What one advance of the simulated clock did: dates DD.MM.YYYY, counts of what happened. */
const advanceCountsSchema = z.object({
  from: outputText(10),
  to: outputText(10),
  charges: z.number().int().min(0),
  declined: z.number().int().min(0),
  stopped: z.number().int().min(0),
})
export type AdvanceCounts = z.infer<typeof advanceCountsSchema>

export const sandboxOverviewSchema = z.object({
  baseUrl: outputText(256),
  /** DD.MM.YYYY */
  simulatedDate: outputText(10),
  merchantLogin: outputText(128),
  merchantName: outputText(256),
  endpointId: outputText(128),
  declineRate: z.number(),
  pendingFaults: z.array(z.enum(SANDBOX_FAULT_KINDS)).max(1000),
  profiles: z.array(profileSchema).max(1000),
  transactions: z.array(transactionSchema).max(100),
  callbacks: z.array(receivedCallbackSchema).max(100),
})
export type SandboxOverview = z.infer<typeof sandboxOverviewSchema>

export const sandboxChannels = {
  'sandbox:overview': channel(
    'The built-in sandbox: its address, merchant, simulated date, profiles, recent activity.',
    z.undefined(),
    sandboxOverviewSchema,
  ),
  'sandbox:advance': channel(
    'Moves the simulated date forward, charging every profile that falls due.',
    z.object({
      days: z
        .number()
        .int()
        .min(1, 'Advance by at least 1 day')
        .max(3660, 'Advance by at most 3660 days (10 years) at a time'),
    }),
    z.object({
      /** What the move did: the window words it in its language. */
      moved: advanceCountsSchema,
      overview: sandboxOverviewSchema,
    }),
  ),
  'sandbox:inject-fault': channel(
    'Makes the next requests to the sandbox fail on purpose.',
    z.object({ kind: z.enum(SANDBOX_FAULT_KINDS), count: z.number().int().min(1).max(100) }),
    sandboxOverviewSchema,
  ),
  'sandbox:clear-faults': channel('Cancels staged faults.', z.undefined(), sandboxOverviewSchema),
  'sandbox:reset': channel(
    'Restores the demo profiles and clears transactions, callbacks and nonces.',
    z.undefined(),
    sandboxOverviewSchema,
  ),
} as const
