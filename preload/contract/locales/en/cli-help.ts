/**
 * What each command's `--help` says after its synopsis (the synopsis is command syntax, the same
 * in every language: main/cli/*-command.ts). A `{ } | @ $` of the prose is written `{'|'}`.
 */
export const cliHelp = {
  sign: `Prints the signature base string, the signature and the Authorization header of one POST,
adding the oauth_* parameters itself (oauth_version 1.0). Compare them with what the gateway
received when it says the signature is wrong.

  --signature-method  HMAC-SHA1 (reports, control key) or RSA-SHA256 (update-recurring, private key)
  --url               the full request URL, e.g. https://host/gw/api/v4/update-recurring-payment/123
  --consumer-key      the merchant login (oauth_consumer_key)
  --control-key-file  file holding the control key (one trailing newline is ignored)
  --key               unencrypted PKCS#1 or PKCS#8 PEM RSA private key file
  --nonce, --timestamp  as in the request being checked (default: random nonce, current time)
  --param name=value  a body parameter, unencoded; repeat for each
  --body RAWFORM      the form body exactly as sent (+ means space, %2B a plus); the oauth_*
                      parameters it repeats stand for the options above, which may then be left out
  --params-file FILE  more body parameters, one name=value a line, unencoded (blank lines and
                      lines starting with # are skipped); - reads them from standard input.
                      Card data (credit-card-number, cvv2, ssn) is taken only this way: a
                      command line shows in ps and in the shell history
  --unmasked          print card numbers, cvv2 and SSNs in full (a warning says so on stderr);
                      by default they are masked in what is printed, the base string included
  --json              print {'{'}"baseString", "signature", "authorization"{'}'} as one JSON object

Secrets and card data are read from files only, never from the command line. The signature is
always computed over the real values.`,
  keygen: `Generates an RSA key pair for signing update-recurring-payment requests (spec §5.4), offline:
  DIR/private.pem  the private key, readable by you alone (mode 0600): encrypted with your
                   passphrase given --passphrase-file, else unencrypted (a warning says so)
  DIR/public.pem   the public key: send it to your support manager
and prints the public key's SHA-256 fingerprint, so you and support can confirm by phone that
support has this key. Use separate key pairs for production and for integration.

  --out DIR              folder for the two files (created if missing); existing key files are
                         never replaced
  --bits N               key size: 4096 (default) or 2048
  --passphrase-file FILE the passphrase (one trailing newline is ignored; - reads standard
                         input), at least {minLength} characters: private.pem is then an encrypted PKCS#8
                         PEM (AES-256-CBC, PBKDF2-HMAC-SHA256 with {iterations} iterations, as
                         the app's key backups), which the app's key import and openssl open

Support can compute the same fingerprint with:
  openssl pkey -pubin -in public.pem -outform DER {'|'} openssl dgst -sha256 -c`,
  sandbox: `Runs the local sandbox gateway over HTTPS on 127.0.0.1 until Ctrl+C, with a demo merchant and
demo recurring profiles. It writes DIR/sandbox.json, the --connection file of
"gatedesk update-recurring" and "gatedesk report". State persists in DIR across restarts.

  --port N         listen on port N (default: the port of the last run, else a free one)
  --state-dir DIR  where the state lives (default: {stateDir})
  --faults         honour the X-Sandbox-Fault request header (internal-error, delay, reset,
                   truncate, not-form, corrupt-pdf), for testing clients

"advance" moves the sandbox's simulated date N days forward and makes the charges that fall due,
sending their callbacks. It works whether or not a sandbox is running on DIR.`,
  'update-recurring': `Signs (RSA-SHA256) and sends one update-recurring-payment request, then prints what the gateway
answered. Exits 0 only when the update is approved.

  --connection FILE   a connection file shaped like a sandbox's sandbox.json: baseUrl, endpointId,
                      merchantLogin, privateKeyFile, caCertFile (relative names are read from the
                      file's folder)
  --params-file FILE  the request parameters, one name=value a line, unencoded (blank lines and
                      lines starting with # are skipped); - reads them from standard input.
                      Card data (credit-card-number, cvv2, ssn) is taken only this way: a
                      command line shows in ps and in the shell history
  --param name=value  a request parameter, unencoded, e.g. --param amount=10.50; repeat for each
                      (client-orderid and recurring-payment-id are required, spec §4.2)
  --confirm-resend    send although the last send of the same update to this profile has an
                      uncertain outcome (unknown, internal-failure, protocol-error): check the
                      profile first. Without it such an update is not sent (exit 1)
  --workspace W       local (this desk's history, the default) or team: the send is recorded in
                      the team workspace's audit trail (gatedesk workspace connect); a viewer's
                      send is refused there, and nothing leaves unrecorded
  --json              print {'{'}"outcome", "fields", "message"{'}'} as one JSON object, with "issues"
                      ([{'{'}"parameter", "code", "message"{'}'}]) when the rules refused it, and
                      "uncertainEarlier" when an uncertain earlier send held it back

The parameters are checked first with the app's rules (spec §4.2): a request that breaks them is
not sent (exit 1, each rule at its parameter). Every request sent is recorded in the app's history
({'$'}GATEDESK_DATA_DIR, else the app's data folder) before it leaves, and completed with its outcome.
The request is never retried: if the outcome is "unknown", check the profile before sending again.
Card numbers, cvv2 and SSNs are masked in what is printed, also where the gateway echoes them.`,
  'bulk-update': `Sends one update-recurring-payment request per row of a CSV file (a header row naming the
parameters of spec 4.2, then one update per row), each signed and recorded as the app's editor
does, several at a time, with a journal that survives a crash or a kill.

  --connection FILE     a connection file shaped like a sandbox's sandbox.json (see
                        "gatedesk update-recurring --help")
  --input FILE          the updates; encoding and delimiter are detected. Columns are mapped to
                        parameters by their header (as the app maps them, saved mappings too);
                        a profile-type column gives each row's profile type; an
                        environment column may only name the connection's environment
  --concurrency N       requests in flight at once, 1 to 64 (default {concurrency})
  --rate R              at most R requests a second (default: no limit)
  --profile-type TYPE   the profile type of every row without its own, for the type's checks
  --skip-invalid        leave out the rows that break the rules instead of refusing the file
  --resume JOB          go on with a job that was stopped, cancelled or killed: only rows never
                        sent are sent. Rows that were in flight when it stopped are "unknown":
                        they are listed, and never sent again unless you say so with
  --unknown resend{'|'}skip resend: each unknown row again, with a new client-orderid (check the
                        profiles first); skip: leave them out for good
  --json                print the summary as one JSON object on standard output
  --workspace W         local (this desk's journal, the default) or team: the job lives in the
                        team workspace this desk connected to (gatedesk workspace connect), and
                        several desks send it together, each row once. A team job holds no card
                        data; its summary says what this desk sent ("sent", "approved")
  --join JOB            with --workspace team: work on a team job another desk started (or that
                        stopped), until no row is left; rows a stopped desk had in flight
                        become unknown, never sent again

Every row is checked with the app's rules before anything is sent: rows that break them are
listed (line of the file, header = line 1; column; rule) and nothing is sent, unless
--skip-invalid. Each row gets its own client-orderid (the file's, else the job's prefix and the
row's line). Progress goes to standard
error; Ctrl-C stops taking rows, lets those in flight finish, and leaves the job to --resume.
The journal and the history are the app's ({'$'}GATEDESK_DATA_DIR, else the app's data folder); the
journal holds no card data in clear, only (file, row). A job made from a table pasted in the app
resumes with the table's key from the keychain; once it can send nothing more, the table is
shredded. Exits 0 when every row of the file was sent and approved; rows left out by
--skip-invalid make it 1. "gatedesk bulk-jobs" lists the jobs to --resume.`,
  history: `Lists what was sent, newest first: when, what (a recurring update or a report run), to which
environment, the profile and order, what came back, and its message when it was not approved.
Card numbers are masked and card codes were never kept. With --workspace team it reads the
team's audit trail and says who sent each request (OS user, desk, database user): "who changed
profile 100234's amount yesterday" is gatedesk history --workspace team --profile 100234.

  --find TEXT     a part of an order ID, profile, serial number, error code or message
  --profile ID    this recurring-payment-id only
  --order ID      this client-orderid only
  --operation O   update or report
  --outcome O     approved, declined, unknown, … (a wrong value lists them all)
  --from DATE     sent on or after DATE: a day (2026-11-30, from its start in UTC) or an instant
  --to DATE       sent before DATE
  --limit N       at most N entries, 1 to 500 (default 50)
  --json          print one JSON object: workspace, total (entries that match) and entries
  --workspace W   local (this desk's history, the default) or team (the team workspace this
                  desk connected to with gatedesk workspace connect)`,
  'bulk-jobs': `Lists the bulk jobs in the journal, newest first: each job's id, state, when it was made,
its file, and its rows per outcome, never sent, unknown and skipped. A job with rows left to
send or decide shows the bulk-update --resume line that goes on with it. The journal is the
app's ({'$'}GATEDESK_DATA_DIR, else the app's data folder).

  --json      print the jobs as one JSON array on standard output
  --limit N   at most N jobs, 1 to 1000 (default 50)
  --workspace W  local (this desk's journal, the default) or team (the team workspace this
               desk connected to with gatedesk workspace connect)`,
  report: `Signs (HMAC-SHA1) and sends one custom transactions report request and streams the report
(CSV or PDF) to a file. Exits 0 only when a report was saved. The run is recorded in the app's
history ({'$'}GATEDESK_DATA_DIR, else the app's data folder).

  --connection FILE     a connection file shaped like a sandbox's sandbox.json: baseUrl,
                        endpointId, merchantLogin, controlKeyFile, caCertFile
  --request REPORT.json the report request of spec §2.1, e.g.
                        {'{'}"reportIdentifier": "transactions", "reportEncode": "UTF-8",
                         "reportName": "November", "reportCsvDelimiter": ",", "reportFormat": "CSV",
                         "configurationReportParameters": [], "outputReportParameters": [],
                         "inputReportParameters": [{'{'}"type": "INPUT_TEXT", "name": "dateFrom",
                                                    "value": "01.11.2026"{'}'}],
                         "filters": {'{'}"currencies": ["EUR"]{'}'}{'}'}
  --out FILE            where to save the report; it is replaced only by a whole report of the
                        format asked for, of at most {maxSize} in {deadline}, never by a refusal.
                        A name ending in .csv or .pdf must match the format: one that does not
                        match reportFormat is refused before anything is sent, and when
                        reportFormat names neither, a report of the other format is not kept
  --keep-damaged        keep a damaged PDF's bytes as FILE with .damaged before its extension
                        (report.damaged.pdf); the run still fails, and the file may not open
  --workspace W         local (this desk's history, the default) or team: the run is recorded in
                        the team workspace's audit trail
  --json                print {'{'}"outcome", "kind", "file", "bytes", "message"{'}'} as one JSON object
                        (and "damagedFile" when a damaged PDF was kept)`,
  'report-view': `Reads a CSV report with the app's engine (row index, DuckDB for sort, filter and totals) and
prints rows of its view: all rows of a file of up to 1,000 rows, else the first 100.

  --delimiter D      the field delimiter (, ; tab {'|'} …); default: detected
  --encoding E       the charset (UTF-8, windows-1251, KOI8-R, UTF-16LE …); default: detected
  --rows FROM:TO     rows FROM to TO of the view, both included, counted from 1 as printed
  --sort COL[:desc]  sort by a column, named as in the header or by its number (1 = first);
                     repeat for more columns
  --filter 'COL OP VALUE'
                     keep rows that pass; repeat to narrow further (all must pass). OP is one of
                     =  !=  >  >=  <  <=   by the column's type: numbers exactly, dates as
                                           15.03.2024, times as 2024-03-15 14:30 or 15.03.2024 14:30
                                           (a day alone is all of that day)
                     ~                     contains, ignoring case: --filter 'Email~{'@'}example.com'
                     in                    any of a comma-separated list:
                                           --filter 'Status in approved,declined'
                     A value in double quotes is taken exactly ("" for a quote inside), as a list
                     value with a comma needs: --filter 'Merchant in "Shop, Ltd",Other'
  --totals           add exact totals: Amount per Currency, rows per Transaction_type, then the
                     sum of every other numeric column that is no identifier (such as *_id)
  --group-by COL[,COL…]
                     a pivot of the view by 1 to 3 columns: rows per group, the figures of
                     --measure (default: the sum of Amount), and the net Amount per currency
                     (refunds, chargebacks, reversals and payouts subtract)
  --bucket COL:day{'|'}week{'|'}month
                     group a date column of --group-by by day, ISO week (from Monday) or month
  --measure KIND:COL sum, min, max or avg of a numeric column per group; repeat for more
  --json             print one JSON object: {'{'}"header", "rowCount", "problems", "rows"{'}'} (+ "totals",
                     + "groups" [{'{'}"keys", "count", "sums", "net"{'}'}] and "moreGroups")`,
  workspace: `Connects this desk to its team's workspace on PostgreSQL, shows how it stands, or leaves it.

connect checks the connection as the app does (TLS always, the server's certificate verified
against --ca, else the system's CAs, and its host name), creates or upgrades the workspace where
the user may, and keeps it: the password in the OS keychain, never in a file or on the command
line (--password-file - reads it from standard input). Each failure says which step failed:
the name, the port, TLS, the login, the database or the rights to it, or an app too old for
the workspace. status checks the connection again (exit 1 when the team workspace cannot be
used now); disconnect goes back to the local workspace and removes the password.

  --port P     the server's port (default 5432)
  --json       print the status as one JSON object on standard output`,
}
