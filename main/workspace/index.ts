// The team workspace's face for the composition roots (the app, the command line).
export {
  createWorkspaceService,
  type WorkspaceService,
  type WorkspaceStatus,
} from './workspace-service'
export { createWorkspaceSettingsRepository } from './workspace-settings-repository'
export type { TeamConnection } from './team-connection'
export type { Desk } from './team-schema'
export { roleOf, type TeamRole } from './team-roles'
export { thisDesk } from './this-desk'
