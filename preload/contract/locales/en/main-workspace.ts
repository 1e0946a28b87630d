/**
 * The team workspace's messages from main (main/workspace/*), keyed by their code under
 * `workspace.`: what a connection check found, and why a workspace cannot be used.
 */
export const mainWorkspace = {
  /** What failed when connecting to the team's PostgreSQL server, each with what to do. */
  check: {
    dns: 'The server name {host} is not known (DNS): check the host name, or your network.',
    refused:
      'Nothing answers at {host}:{port}: check the host and port, and that PostgreSQL is running there.',
    unreachable:
      'The server {host}:{port} did not answer within {limitMs}: check the host, the port and any firewall between.',
    'tls-unsupported':
      'The server {host}:{port} does not offer TLS, and GateDesk never sends a password in the clear: ask your administrator to turn ssl on.',
    tls: 'The server {host}:{port} could not be verified over TLS ({detail}): give the CA file of your team server (--ca on the command line), or check the host name it was issued for.',
    auth: 'The server refused the login of {user}: {detail}. Check the user name and password.',
    database: 'There is no database {database} on the server: check its name.',
    permissions:
      '{user} may not use the database {database}: {detail}. Ask your administrator for access.',
    'server-too-old':
      'The server runs PostgreSQL {version}; a team workspace needs {minimum} or newer.',
    'app-too-old':
      'This team workspace was upgraded by a newer GateDesk (schema {found}, this app knows {known}): update GateDesk on this desk. Nothing was changed.',
    'cannot-create':
      '{user} may not create the workspace in {database} ({detail}): an administrator connects once first, or grants CREATE on the database.',
    other: 'The team server could not be used: {detail}.',
  },
  ca: {
    unreadable:
      'The CA file {file} cannot be read ({reason}): give the path of the PEM file your administrator sent.',
    'not-certificate':
      'The CA file {file} holds no certificate GateDesk can read (a PEM file beginning "-----BEGIN CERTIFICATE-----"): give the CA file of your team server.',
    'not-chosen':
      "No CA file is chosen: choose the CA file of your team server, or trust the system's certificate authorities.",
  },
  /** A send recorded in the team's audit trail first, and the team's history read. */
  records: {
    'not-sent':
      "Nothing was sent: the request could not first be recorded in the team's audit trail ({detail}). Send it again once the team server is back, or switch this desk to the local workspace (the Workspace section).",
    'role-refused':
      "Nothing was sent: the team workspace refused to record this request for your role ({role}). Sending updates needs the operator role: ask your team's administrator.",
    unavailable:
      "The team's history cannot be read now ({detail}), and this desk's own history is not shown in its place. Try again once the team server is back, or switch this desk to the local workspace (the Workspace section).",
  },
  /** The team's report templates and saved views. */
  stores: {
    'role-refused':
      "The team workspace refused this change for your role ({role}): the team's report templates are kept by its admins. Ask your team's administrator, or export the template to a file.",
    unavailable:
      "The team workspace cannot be used now ({detail}): its report templates and views are neither shown nor changed, and this desk's own are not shown in their place. Try again once the team server is back, or switch this desk to the local workspace (the Workspace section).",
  },
  /** The team's environments (their settings; secrets stay in each desk's keychain). */
  environments: {
    'role-refused':
      "The team workspace refused this change for your role ({role}): the team's environments and their keys' settings are kept by its admins. Ask your team's administrator.",
    unavailable:
      "The team workspace cannot be used now ({detail}): its environments are neither shown nor changed, and this desk's own are not shown in their place, so nothing can be sent. Try again once the team server is back, or switch this desk to the local workspace (the Workspace section).",
  },
  /** The app's Bulk screen still sends through this desk's own journal. */
  'bulk-in-app':
    "Nothing was sent: in the team workspace, bulk jobs run from the command line for now, so that every row is claimed once across desks and recorded in the team's audit trail (gatedesk bulk-update --workspace team --connection FILE --input FILE). Or switch this desk to the local workspace (the Workspace section) to send from this screen.",
  'bulk-card-data':
    'Line {line} of the file carries card data, which a team workspace never stores: send this file from one desk (the local workspace), or leave its card columns out.',
  'run-lost':
    'This desk lost its connection to the team server during the bulk run, so it stopped taking rows: the rows it had in flight will show as unknown. Join the job again to go on.',
  'not-connected': 'This desk is not connected to a team workspace: gatedesk workspace connect …',
}
