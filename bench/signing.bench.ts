// Signing overhead of GateDesk's requests against a bare node:crypto signature of the same base
// string, measured in the same run. Update-recurring-payment is signed with RSA-SHA256 and the report
// request with HMAC-SHA1 (spec §4), so each target is measured on the request that really uses its
// method: the whole update request (its form body is what is signed), and the report request's
// signing (URL, oauth_* parameters, base string, signature, Authorization header; its JSON body is
// not signed and is timed in a reference line). Run with `npm run bench` (scripts/bench.mjs).
import { createHmac, generateKeyPairSync, sign } from 'node:crypto'
import { prepareReportRequest, signReportRequest } from '../main/platform/gateway/custom-report'
import { SPEC_PATHS, type GatewayEnvironment } from '../main/platform/gateway/environment'
import type { Parameter } from '../main/platform/privacy/parameter'
import { randomNonce, signRequest } from '../main/platform/gateway/oauth1'
import { prepareUpdateRequest } from '../main/platform/gateway/update-recurring-payment'
import type { ReportRequest } from '../preload/contract/reports/report-request'
import { compare, report } from './measure'

const env: GatewayEnvironment = {
  baseUrl: 'https://gate.example.com',
  endpointId: '4512',
  merchantLogin: 'acme-shop',
  ...SPEC_PATHS,
  oauthInBody: true,
  extraCaPem: null,
}
const updateUrl = 'https://gate.example.com/gw/api/v4/update-recurring-payment/4512'
const timestamp = () => Math.floor(Date.now() / 1000)

// A typical update: new amount rule, schedule and payer details.
const parameters: Parameter[] = [
  ['client-orderid', 'ORD-2026-11-000123'],
  ['recurring-payment-id', '2918374'],
  ['amount', '49.90'],
  ['period', 'month'],
  ['interval', '1'],
  ['start-date', '01.12.2026'],
  ['finish-date', '01.12.2027'],
  ['first-name', 'Anna'],
  ['last-name', "O'Neil"],
  ['email', 'anna.oneil@example.com'],
  ['order_desc', 'Premium plan (monthly), 12 months'],
]

const reportRequest: ReportRequest = {
  reportIdentifier: 'transactions-by-date',
  reportEncode: 'UTF-8',
  reportName: 'November transactions',
  reportCsvDelimiter: ',',
  reportFormat: 'CSV',
  configurationReportParameters: [],
  inputReportParameters: [
    { type: 'INPUT_TEXT', name: 'dateFrom', value: '01.11.2026' },
    { type: 'INPUT_TEXT', name: 'dateTo', value: '30.11.2026' },
  ],
  outputReportParameters: [],
  filters: { currencies: ['EUR', 'USD'], endpoints: [4512] },
}

// In the baselines, the base string of one request stands for every request: same length, same work.
function baseStringOf(
  url: string,
  signed: readonly Parameter[],
  credentials: Parameters<typeof signRequest>[0]['credentials'],
) {
  return signRequest({
    url,
    signedParameters: signed,
    credentials,
    nonce: randomNonce(),
    timestamp: timestamp(),
  }).baseString
}

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 4096 })
const rsaBase = baseStringOf(updateUrl, parameters, {
  method: 'RSA-SHA256',
  consumerKey: env.merchantLogin,
  privateKey,
})
const rsa = compare(
  () => sign('sha256', Buffer.from(rsaBase), privateKey).toString('base64'),
  () => prepareUpdateRequest(env, privateKey, parameters, randomNonce(), timestamp()),
  { rounds: 11, iterations: 40 },
)

const controlKey = 'A1B2C3D4-E5F6-47A8-9B0C-D1E2F3A4B5C6'
const hmacCredentials = { method: 'HMAC-SHA1', consumerKey: env.merchantLogin, controlKey } as const
const bareHmac = (base: string) => () =>
  createHmac('sha1', `${controlKey}&`).update(base).digest('base64')

const reportBase = baseStringOf(
  'https://gate.example.com/gw-ui/services/v2/rpt-engine',
  [],
  hmacCredentials,
)
const hmacReport = compare(
  bareHmac(reportBase),
  () => signReportRequest(env, controlKey, randomNonce(), timestamp()),
  { rounds: 15, iterations: 20_000 },
)

// For reference: the whole report request, its JSON body serialized too.
const hmacReportWithBody = compare(
  bareHmac(reportBase),
  () => prepareReportRequest(env, controlKey, reportRequest, randomNonce(), timestamp()),
  { rounds: 15, iterations: 20_000 },
)

// For reference only: the 11-parameter update form signed with HMAC-SHA1 instead of RSA.
const hmacUpdate = compare(
  bareHmac(baseStringOf(updateUrl, parameters, hmacCredentials)),
  () =>
    signRequest({
      url: updateUrl,
      signedParameters: parameters,
      credentials: hmacCredentials,
      nonce: randomNonce(),
      timestamp: timestamp(),
    }).formBody(true),
  { rounds: 15, iterations: 20_000 },
)

const ok = [
  report('RSA-SHA256 (4096-bit) full update-recurring-payment request vs bare sign', rsa, 1.1),
  report('HMAC-SHA1 report request signing vs bare HMAC', hmacReport, 2.0),
].every(Boolean)
report(
  '(reference) HMAC-SHA1 report request with its JSON body vs bare HMAC',
  hmacReportWithBody,
  Infinity,
)
report('(reference) HMAC-SHA1 over the 11-parameter update form vs bare HMAC', hmacUpdate, Infinity)
process.exitCode = ok ? 0 : 1
