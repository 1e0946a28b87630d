import { z } from 'zod'
import { explainedFields } from '../platform/explained'
import { inputText, outputText } from '../platform/text'

/** A desk's role in the team workspace, the narrowest first; each holds the one before it. */
export const TEAM_ROLES = ['viewer', 'operator', 'admin'] as const
export type TeamRoleName = (typeof TEAM_ROLES)[number]

/** What a role lets a desk do; the database enforces each, the window only explains. */
export const TEAM_RIGHTS = [
  'reports',
  'history',
  'send',
  'bulk',
  'environments',
  'templates',
] as const
export type TeamRight = (typeof TEAM_RIGHTS)[number]

const RIGHTS_OF: Record<TeamRoleName, readonly TeamRight[]> = {
  viewer: ['reports', 'history'],
  operator: ['reports', 'history', 'send', 'bulk'],
  admin: TEAM_RIGHTS,
}

/** The rights a role gives; none without a role. */
export const rightsOf = (role: TeamRoleName | null): TeamRight[] =>
  role === null ? [] : [...RIGHTS_OF[role]]

export const DEFAULT_POSTGRES_PORT = 5432

// Host names (RFC 1123), IPv4 and bracket-less IPv6 addresses: letters, digits, . - : only.
const HOST_PATTERN = /^[A-Za-z0-9.:-]+$/
// PostgreSQL's identifiers are at most 63 bytes; no control characters in a login.
const NAME_PATTERN = /^[^\p{Cc}\p{Cf}]+$/u

/**
 * Where a desk connects, as the form gives it: the password crosses to main only with this, and
 * the CA file is the one the desk chose in main's open-file dialog (main keeps its path).
 */
export const teamConnectionInputSchema = z.object({
  host: inputText(253).trim().min(1).regex(HOST_PATTERN),
  port: z.number().int().min(1).max(65535),
  database: inputText(63).trim().min(1).regex(NAME_PATTERN),
  user: inputText(63).trim().min(1).regex(NAME_PATTERN),
  password: inputText(1024).min(1),
  /** Trust the server by the CA file chosen (else the system's CAs). */
  useCaFile: z.boolean(),
})
export type TeamConnectionInput = z.infer<typeof teamConnectionInputSchema>
export type TeamConnectionField = keyof TeamConnectionInput

/** A connection as the window may show it: the CA file by its name only. */
export const teamConnectionViewSchema = z.object({
  host: outputText(253),
  port: z.number().int(),
  database: outputText(63),
  user: outputText(63),
  caFileName: outputText(512).nullable(),
})
export type TeamConnectionView = z.infer<typeof teamConnectionViewSchema>

/** Why the team workspace cannot be used: main's explanation, worded in the window's language. */
export const workspaceProblemSchema = z.object({ message: outputText(2000), ...explainedFields })
export type WorkspaceProblem = z.infer<typeof workspaceProblemSchema>

const openedFields = {
  serverVersion: outputText(64),
  schemaVersion: z.number().int(),
  role: z.enum(TEAM_ROLES).nullable(),
  rights: z.array(z.enum(TEAM_RIGHTS)).max(TEAM_RIGHTS.length),
}

/**
 * Where this desk works: its own database, or the team's (reachable now or not, and why). A plain
 * union: two members share workspace "team", which a discriminated union refuses.
 */
export const workspaceStatusSchema = z.union([
  z.object({ workspace: z.literal('local') }),
  z.object({
    workspace: z.literal('team'),
    connection: teamConnectionViewSchema,
    reachable: z.literal(true),
    ...openedFields,
  }),
  z.object({
    workspace: z.literal('team'),
    connection: teamConnectionViewSchema,
    reachable: z.literal(false),
    problem: workspaceProblemSchema,
  }),
])
export type WorkspaceStatusView = z.infer<typeof workspaceStatusSchema>

/** What a check or a connect found: the workspace opened, a step that failed, or a Cancel. */
export const workspaceCheckSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('ok'), migrated: z.number().int().min(0), ...openedFields }),
  z.object({ outcome: z.literal('failed'), problem: workspaceProblemSchema }),
  z.object({ outcome: z.literal('cancelled') }),
])
export type WorkspaceCheck = z.infer<typeof workspaceCheckSchema>

/** A check's steps: reaching the server (name, port, TLS, login), then opening the workspace. */
export const WORKSPACE_CHECK_STAGES = ['connecting', 'opening'] as const
export type WorkspaceCheckStage = (typeof WORKSPACE_CHECK_STAGES)[number]

// Which field of the form each failed step concerns (main's message codes, workspace.*).
const FIELD_OF_PROBLEM: Record<string, TeamConnectionField> = {
  'workspace.check.dns': 'host',
  'workspace.check.refused': 'host',
  'workspace.check.unreachable': 'host',
  'workspace.check.tls-unsupported': 'host',
  'workspace.check.tls': 'useCaFile',
  'workspace.check.auth': 'password',
  'workspace.check.database': 'database',
  'workspace.check.permissions': 'user',
  'workspace.ca.unreadable': 'useCaFile',
  'workspace.ca.not-certificate': 'useCaFile',
  'workspace.ca.not-chosen': 'useCaFile',
}

/** The form field a failed check concerns, to show it beside; null for the workspace as a whole. */
export const fieldOfProblem = (problem: WorkspaceProblem): TeamConnectionField | null =>
  (problem.messageCode && FIELD_OF_PROBLEM[problem.messageCode]) || null
