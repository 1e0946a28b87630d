import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/*
 * Main and the CLI speak to people in codes + params, worded from the catalog
 * (preload/contract/locales/<lang>/main*.ts, cli*.ts): no English sentence for people is written
 * in main/ outside it, so none is left untranslated and none drifts from its catalog copy. This
 * finds every string or template literal in main/ that reads as an English sentence (three
 * words or more) and fails on any outside what is English by design: logs (console.*,
 * logError), SQL, command synopses and date format codes, recognised where they stand, and the files below.
 */

const ROOT = join(import.meta.dirname, '../../../..')

const GATEWAY_DATA =
  "the sandbox gateway's own words on the wire and its demo data: what a real gateway would say, shown as gateway data (the Sandbox page gets a code beside its reasons)"
const QUOTED_REASON =
  "a syntax reason a coded message quotes in its {reason}, as it quotes the OS's: the message's own text is the catalog's"
const DEVELOPER_ERROR =
  'a developer error: only a bug or a broken install reaches it (no person can cause it), and it goes to the log'

/**
 * Files and folders (ending in /) whose English is legitimate, and why: nothing in them is shown
 * to people as GateDesk's own words.
 */
const LEGITIMATELY_ENGLISH: Record<string, string> = {
  'main/sandbox/http/': GATEWAY_DATA,
  'main/sandbox/oauth/': GATEWAY_DATA,
  'main/sandbox/reports/': GATEWAY_DATA,
  'main/sandbox/profiles/': GATEWAY_DATA,
  'main/sandbox/callbacks/': GATEWAY_DATA,
  'main/sandbox/sandbox-gateway.ts': GATEWAY_DATA,
  'main/sandbox/sandbox-server.ts': `${GATEWAY_DATA}: the fault header's refusal`,
  'main/platform/pdf/': QUOTED_REASON,
  'main/platform/csv/row-scanner.ts': QUOTED_REASON,
  'main/platform/db/migrations/': "each migration's summary, for developers",
  'main/app/security/app-protocol.ts':
    'the HTTP reason phrase app:// answers: the browser reads it',
  'main/reports/query/duckdb-errors.ts': "DuckDB's own error text, matched to recognise it",
  'main/reports/xlsx-worker.ts': `${QUOTED_REASON}: the export thread's exit code, as Node's reasons are`,
  'main/reports/print-document.ts':
    "the print view's HTML and CSS markup: every word on the page comes from the catalog (say)",
  'main/reports/report-print.ts':
    "the print footer's HTML, whose spans Chromium fills with page numbers; its words come from the catalog",
  'main/reports/query/direct-load.ts':
    "DuckDB's own error text, matched, and refusals of its direct read, which the extraction catches",
  'main/platform/csv/regular-file.ts': `${DEVELOPER_ERROR}; its readers word it by isFolder and sizeBytes`,
  'main/platform/gateway/percent-encoding.ts': `${DEVELOPER_ERROR}; every reader words a malformed %-escape itself`,
  'main/platform/i18n/catalog-wording.ts': DEVELOPER_ERROR,
  'main/platform/keychain/keytar-secret-store.ts': `${DEVELOPER_ERROR}: the services refuse an empty secret first`,
  'main/platform/workers/parent-link.ts': DEVELOPER_ERROR,
  'main/platform/csv/row-index.ts': DEVELOPER_ERROR,
  'main/platform/csv/row-window.ts': DEVELOPER_ERROR,
  'main/bulk/bulk-journal-rows.ts': DEVELOPER_ERROR,
  'main/bulk/pasted-tables.ts': DEVELOPER_ERROR,
  'main/history/history-filter.ts': `${DEVELOPER_ERROR}: the window's dates are checked by the contract`,
  'main/history/history-rows.ts': DEVELOPER_ERROR,
  'main/reports/query/query-client.ts': DEVELOPER_ERROR,
  'main/reports/query/query-messages.ts': `${DEVELOPER_ERROR}: the query process's own arguments`,
  'main/reports/report-session.ts': `${DEVELOPER_ERROR}: the window asks for rows of the view only`,
  'main/reports/report-request-preview.ts': `${DEVELOPER_ERROR}: the preview's own signature check`,
  'main/sandbox/process/sandbox-host.ts': DEVELOPER_ERROR,
  'main/sandbox/process/sandbox-process-messages.ts': `${DEVELOPER_ERROR}: the sandbox process's own arguments`,
  'main/sandbox/stores/meta-store.ts': DEVELOPER_ERROR,
}

interface EnglishLiteral {
  file: string
  line: number
  text: string
}

/** Where log texts go: developers read them, in English. */
const LOG_CALL = /^(console\.\w+|(\w+\.)*logError)$/
/** SQL, whatever words its identifiers make. */
const SQL = /^\s*(SELECT|INSERT|UPDATE|DELETE|CREATE|ALTER|DROP|WITH|PRAGMA)\b/
/** A command's synopsis: its syntax, the same in every language (the prose is cli.*). */
const SYNOPSIS = /^gatedesk [a-z-]+ /
/** A spreadsheet's date and time format code (`yyyy-mm-dd hh:mm:ss`). */
const DATE_FORMAT_CODE = /^[ymdhs]+([-./: ][ymdhs]+)+$/

function readsAsEnglish(text: string): boolean {
  const words = text.replace(/\$\{[^}]*\}/g, ' X ').match(/\b[A-Za-z][a-z']+\b/g) ?? []
  return words.length >= 3 && /[a-z] [a-z]/.test(text)
}

function isModuleSpecifier(node: ts.Node): boolean {
  const parent = node.parent
  return (
    ts.isImportDeclaration(parent) ||
    ts.isExportDeclaration(parent) ||
    ts.isExternalModuleReference(parent) ||
    (ts.isCallExpression(parent) && parent.expression.kind === ts.SyntaxKind.ImportKeyword)
  )
}

/** A literal passed straight to a log call, or inside an expression passed to one. */
function isLogged(node: ts.Node): boolean {
  for (let at = node.parent; at && !ts.isStatement(at); at = at.parent) {
    if (ts.isCallExpression(at) && LOG_CALL.test(at.expression.getText())) return true
  }
  return false
}

/** The English sentences written in one source file, outside logs and SQL. */
function englishLiterals(file: string, source: string): EnglishLiteral[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true)
  const found: EnglishLiteral[] = []
  const visit = (node: ts.Node): void => {
    let text: string | null = null
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text
    else if (ts.isTemplateExpression(node)) text = node.getText().slice(1, -1)
    const candidate =
      text !== null &&
      !ts.isLiteralTypeNode(node.parent) &&
      !isModuleSpecifier(node) &&
      readsAsEnglish(text) &&
      !SQL.test(text) &&
      !SYNOPSIS.test(text) &&
      !DATE_FORMAT_CODE.test(text) &&
      !isLogged(node)
    if (candidate) {
      const line = tree.getLineAndCharacterOfPosition(node.getStart()).line + 1
      found.push({ file, line, text: text!.replace(/\s+/g, ' ') })
      return
    }
    ts.forEachChild(node, visit)
  }
  visit(tree)
  return found
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') ? [relative(ROOT, path)] : []
  })
}

const allowed = (file: string) =>
  Object.keys(LEGITIMATELY_ENGLISH).find((entry) =>
    entry.endsWith('/') ? file.startsWith(entry) : file === entry,
  )

const inMain = sourceFiles(join(ROOT, 'main')).flatMap((file) =>
  englishLiterals(file, readFileSync(join(ROOT, file), 'utf8')),
)

describe('main and the CLI', () => {
  it('write no English sentence for people outside the catalog', () => {
    const unexplained = inMain
      .filter((literal) => !allowed(literal.file))
      .map(({ file, line, text }) => `${file}:${line}  ${text.slice(0, 120)}`)
    expect(unexplained).toEqual([])
  })

  it('allow English only where some is still written (no stale entry)', () => {
    const used = new Set(inMain.map((literal) => allowed(literal.file)))
    expect(Object.keys(LEGITIMATELY_ENGLISH).filter((entry) => !used.has(entry))).toEqual([])
  })

  it("catch a sentence written in main's code, and leave logs, SQL and codes alone", () => {
    const source = [
      `throw new ExplainedError('Some English sentence for people', 'x.y')`,
      'const message = `The file ${name} is not a key`',
      `options.logError('The sandbox could not start', error)`,
      `console.error('GateDesk could not close cleanly', error)`,
      `const synopsis = 'gatedesk keygen --out DIR [--bits 4096|2048]'`,
      'db.prepare(`SELECT name FROM environments WHERE id = ?`)',
      `throw explainedError('environments.key-file.not-chosen')`,
      `type Reason = 'one two three'`,
    ].join('\n')
    expect(englishLiterals('main/x.ts', source).map((literal) => literal.line)).toEqual([1, 2])
  })
})
