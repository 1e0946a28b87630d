/** The Workspace section: where this desk works, the team's PostgreSQL server, roles, offline. */
export const workspace = {
  title: 'Workspace',
  intro:
    "Where this desk keeps its work. The local workspace is the app's own database on this computer; a team shares a workspace on its own PostgreSQL server.",
  choice: {
    label: 'Where this desk works',
    local: 'Local workspace',
    team: 'Team (PostgreSQL)',
  },
  status: {
    checking: 'Checking the workspace…',
    local: 'This desk works in its local workspace: nothing is shared.',
    team: "Team workspace {database} {'@'} {host}:{port} as {user}",
    server: 'PostgreSQL {server}, workspace schema {schema}',
    caFile: 'Trusted by the CA file {file}',
    systemCa: "Trusted by the system's certificate authorities",
    offline:
      'The team server cannot be reached now. GateDesk keeps showing what it has and sends nothing until it is back. {problem}',
    checkAgain: 'Check again',
  },
  role: {
    title: 'Your role: {role}',
    none: 'Your user has no role in this workspace: ask an admin of the workspace to grant you one.',
    allows: 'It allows: {rights}.',
    notAllowed: 'Not with this role: {rights}. Ask an admin of the workspace.',
  },
  roles: { viewer: 'viewer', operator: 'operator', admin: 'admin', none: 'none' },
  rights: {
    reports: 'run and view reports',
    history: 'read the history',
    send: 'send updates',
    bulk: 'run bulk jobs',
    environments: 'keep environments and keys',
    templates: 'save report templates',
  },
  form: {
    title: 'Team (PostgreSQL)',
    tls: "The connection always uses TLS, the server's certificate and name verified (verify-full). The password goes to the system keychain, never to a file.",
    host: 'Host',
    port: 'Port',
    database: 'Database',
    user: 'User',
    password: 'Password',
    caFile: 'CA file',
    noCaFile: "None: the system's certificate authorities",
    chooseCaFile: 'Choose…',
    clearCaFile: 'Use the system CAs',
    change: 'Change connection',
    check: 'Check connection',
    connect: 'Connect',
  },
  rules: {
    required: '{field} is required.',
    tooLong: '{field} must be at most {max} characters.',
    host: 'Host must be a host name or an IP address (letters, digits, dots, hyphens).',
    name: '{field} must not contain control characters.',
    port: 'Port must be a whole number from 1 to 65535.',
  },
  stages: {
    connecting: 'Reaching {host}: name, port, TLS, login…',
    opening: 'Opening the workspace: schema and role…',
  },
  result: {
    ok: 'The connection works: PostgreSQL {server}, workspace schema {schema}.',
    migrated:
      'The workspace was created or upgraded on the server ({n} step). | The workspace was created or upgraded on the server ({n} steps).',
    connected: "This desk now works in the team workspace {database} {'@'} {host}.",
    cancelled: 'The check was cancelled: nothing was kept.',
  },
  disconnect: {
    button: 'Disconnect',
    title: 'Switch back to the local workspace?',
    content:
      'This desk will work in its local workspace again. The team settings and the password in the keychain are removed; the team server keeps its data.',
    confirm: 'Disconnect',
    done: 'This desk works in its local workspace again.',
  },
  shell: {
    label: 'Workspace',
    local: 'Local',
    team: "Team: {database} {'@'} {host}",
    offline: 'Offline',
    role: 'Role: {role}',
    offlineHint: 'The team server cannot be reached',
  },
  refusal: {
    role: 'Your role in the team workspace ({role}) cannot {action} — ask an admin',
    offline:
      'The team workspace cannot be reached: nothing is sent until it is back, or switch to the local workspace',
    bulkFromCommandLine:
      "In the team workspace, bulk jobs run from the command line for now, so that the desks share them and the team's audit trail records every row: gatedesk bulk-update --workspace team. Or switch to the local workspace",
    actions: {
      send: 'send updates',
      bulk: 'start bulk jobs',
      environments: 'change keys or environments',
      templates: 'save report templates',
    },
  },
  dialogs: { caFile: 'Choose the CA file of the team server' },
}
