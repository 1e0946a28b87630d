import { z } from 'zod'
import { channel, event } from '../platform/define'
import { dialogTextFields } from '../platform/dialog-title'
import { outputText } from '../platform/text'
import {
  teamConnectionInputSchema,
  WORKSPACE_CHECK_STAGES,
  workspaceCheckSchema,
  workspaceStatusSchema,
} from './workspace'

const rowCount = z.number().int().nonnegative()

/** A team's bulk job as History lists it: who made it, and its rows by state. */
export const teamBulkJobSchema = z.object({
  id: outputText(64),
  file: outputText(1024),
  createdAt: outputText(40),
  environment: outputText(256),
  madeBy: z.object({ osUser: outputText(256), deskName: outputText(256) }),
  states: z.object({ pending: rowCount, 'in-flight': rowCount, done: rowCount, unknown: rowCount }),
  state: z.enum(['ready', 'running', 'finished']),
})

export type TeamBulkJobView = z.infer<typeof teamBulkJobSchema>

export const workspaceChannels = {
  'workspace:status': channel(
    'Where this desk works: its local workspace, or the team one with its role and rights, or why that cannot be reached now.',
    z.undefined(),
    workspaceStatusSchema,
  ),
  'workspace:choose-ca-file': channel(
    'Lets the user pick the CA file of the team server (main keeps the path); its name, or null on Cancel.',
    z.object(dialogTextFields),
    z.object({ fileName: outputText(512).nullable() }),
  ),
  'workspace:check': channel(
    'Checks a team connection without keeping it: TLS verified, the login, the workspace opened (created or upgraded where allowed). A job: its id comes with workspace:check-progress.',
    teamConnectionInputSchema,
    workspaceCheckSchema,
  ),
  'workspace:connect': channel(
    'Checks a team connection as workspace:check does and keeps it: the password in the OS keychain, the rest in the settings of this desk. Nothing is kept unless it succeeds.',
    teamConnectionInputSchema,
    workspaceCheckSchema,
  ),
  'workspace:team-bulk-jobs': channel(
    "The team's bulk jobs, newest first, with who made each and its rows by state (worked on by the desks with bulk-update --workspace team); only that this desk works in its local workspace, there.",
    z.undefined(),
    z.union([
      z.object({ workspace: z.literal('local') }),
      z.object({ workspace: z.literal('team'), jobs: z.array(teamBulkJobSchema).max(100) }),
    ]),
  ),
  'workspace:disconnect': channel(
    'Back to the local workspace: the team settings and the password in the keychain go.',
    z.undefined(),
    z.object({ wasTeam: z.boolean() }),
  ),
} as const

export const workspaceEvents = {
  'workspace:check-progress': event(
    'Where a team connection check is: reaching the server, then opening the workspace.',
    z.object({
      /** jobs:cancel with it ends the check; nothing is kept. */
      jobId: outputText(64),
      stage: z.enum(WORKSPACE_CHECK_STAGES),
    }),
  ),
  'workspace:status-changed': event(
    'The team workspace was lost, is back, or this desk connected or left: the new status.',
    workspaceStatusSchema,
  ),
  'workspace:team-changed': event(
    'Another desk changed what the team shares: the screens showing it read it again.',
    z.object({ kind: z.enum(['history', 'bulk', 'templates', 'views', 'environments']) }),
  ),
} as const
