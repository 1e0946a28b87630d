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
}
