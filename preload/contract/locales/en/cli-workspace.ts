/** What `gatedesk workspace` says (main/cli/workspace-command.ts). */
export const cliWorkspace = {
  'unknown-action': 'workspace takes connect, status or disconnect, not "{action}"',
  connected:
    "Connected this desk to the team workspace {user}{'@'}{host}:{port}/{database} (PostgreSQL {server}, workspace schema {schema}). The password is in the keychain.",
  created:
    'The workspace was created or upgraded on the server now ({n} step). | The workspace was created or upgraded on the server now ({n} steps).',
  local: "This desk works in its local workspace (the app's own database).",
  reachable:
    "Team workspace {user}{'@'}{host}:{port}/{database}: reachable, PostgreSQL {server}, workspace schema {schema}.",
  unreachable: "Team workspace {user}{'@'}{host}:{port}/{database}: not usable now. {problem}",
  disconnected:
    'This desk works in its local workspace again; the team password was removed from the keychain.',
  'not-connected': 'This desk was not connected to a team workspace; nothing changed.',
  'empty-password': '--password-file {path}: the file is empty; put the password in it.',
  role: 'Your role in it: {role} ({rights}).',
  roles: { admin: 'admin', operator: 'operator', viewer: 'viewer' },
  rights: {
    admin: 'reports, history, sending, bulk jobs, environments, templates',
    operator: 'reports, history, sending, bulk jobs',
    viewer: 'reports and history',
  },
  /** bulk-update --workspace team (main/cli/team-bulk-update.ts). */
  bulk: {
    options:
      'with --workspace team, give --input FILE (a new team job) or --join JOB (a job of the team); --resume and --unknown are for the local workspace',
    created: 'Bulk job {job}: {n} rows from {input}, in the team workspace',
    joining: 'Bulk job {job} of the team workspace: joining, {n} rows never sent',
    recovered:
      '{n} row was in flight on a desk that stopped: its outcome is unknown, and it is never sent again unless a person decides. | {n} rows were in flight on desks that stopped: their outcome is unknown, and they are never sent again unless a person decides.',
    untyped:
      '--input {input}: the profile-type cell of line {lines} names no profile type (SRC, DST or native), so its row cannot be checked for a team job. Correct it; nothing was sent. | --input {input}: the profile-type cells of lines {lines} name no profile type (SRC, DST or native), so their rows cannot be checked for a team job. Correct them; nothing was sent.',
    'other-gateway':
      '--join {job}: the job sends to {environment}, and --connection names another gateway or merchant. Join it with a connection to that gateway; nothing was sent.',
    progress:
      'this desk: {taken} sent · the job: {done} of {total} done, {inFlight} in flight, {pending} never sent',
    stopping: 'Stopping: rows in flight finish; go on with --join {job}',
    summary:
      'Bulk job {job}: this desk sent {taken} ({outcomes}); the job: {done} of {total} done, {unknown} unknown, {pending} never sent.',
    'none-sent': 'none',
    viewer:
      'Your role in the team workspace is {role}: sending updates needs the operator role. Ask an administrator of the workspace (GRANT gatedesk_operator TO {user}); nothing was sent.',
  },
}
