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
  'bulk-card-data':
    'Line {line} of the file carries card data, which a team workspace never stores: send this file from one desk (the local workspace), or leave its card columns out.',
  'run-lost':
    'This desk lost its connection to the team server during the bulk run, so it stopped taking rows: the rows it had in flight will show as unknown. Join the job again to go on.',
  'not-connected': 'This desk is not connected to a team workspace: gatedesk workspace connect …',
}
