import { decodeForm, MalformedFormError } from '../platform/gateway/form-codec'
import type { Parameter } from '../platform/privacy/parameter'
import {
  normalizeParameters,
  randomNonce,
  signatureBaseString,
  signRequest,
  type SigningCredentials,
} from '../platform/gateway/oauth1'
import { maskParameters, redactorFor } from '../platform/privacy/redaction'
import { loadRsaPrivateKey } from '../environments'
import {
  CliFailure,
  parseOptions,
  readOptionFile,
  secretFromFile,
  UsageError,
  type CliIo,
} from './cli-io'
import { paramOptions } from './option-values'
import { readParamsFile, refuseCardDataArguments } from './params-file'

export const signUsage = `Usage: gatedesk sign --signature-method HMAC-SHA1|RSA-SHA256 --url URL --consumer-key LOGIN
                    (--control-key-file FILE | --key PEMFILE)
                    [--nonce N] [--timestamp T] [--param name=value ... | --body RAWFORM]
                    [--params-file FILE] [--unmasked] [--json]

Prints the signature base string, the signature and the Authorization header of one POST,
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
  --json              print {"baseString", "signature", "authorization"} as one JSON object

Secrets and card data are read from files only, never from the command line. The signature is
always computed over the real values.`

const options = {
  'signature-method': { type: 'string' },
  url: { type: 'string' },
  'consumer-key': { type: 'string' },
  'control-key-file': { type: 'string' },
  key: { type: 'string' },
  nonce: { type: 'string' },
  timestamp: { type: 'string' },
  param: { type: 'string', multiple: true },
  body: { type: 'string' },
  'params-file': { type: 'string' },
  unmasked: { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean' },
} as const

function required(value: string | undefined, option: string): string {
  if (value === undefined || value === '') throw new UsageError(`${option} is required`)
  return value
}

function bodyParameters(params: string[] | undefined, body: string | undefined): Parameter[] {
  if (params && body !== undefined) {
    throw new UsageError(
      'give the body either as --param name=value options or as --body, not both',
    )
  }
  if (body !== undefined) {
    try {
      return decodeForm(body)
    } catch (error) {
      if (!(error instanceof MalformedFormError)) throw error
      // Named, never quoted: the piece may be card data.
      const piece =
        error.parameter === null
          ? `the name of parameter ${error.position}`
          : `the value of ${error.parameter.slice(0, 64)}`
      throw new UsageError(
        `--body: ${piece} has a malformed %-escape (a % must be followed by two hex digits of UTF-8): percent-encode it again, a % itself as %25`,
      )
    }
  }
  return paramOptions(params ?? [])
}

/** The options that the oauth_* parameters a sent body repeats (spec §5.5) stand for. */
const OPTION_OF_OAUTH = {
  oauth_consumer_key: 'consumer-key',
  oauth_nonce: 'nonce',
  oauth_signature_method: 'signature-method',
  oauth_timestamp: 'timestamp',
} as const
type OauthOption = (typeof OPTION_OF_OAUTH)[keyof typeof OPTION_OF_OAUTH]

/**
 * Takes the oauth_* parameters out of a body pasted as it was sent, and fills in the options
 * they stand for, so that the body alone reproduces its request. An option given too must agree.
 */
function takeSentOauth<T extends Partial<Record<OauthOption, string>>>(
  values: T,
  parameters: Parameter[],
): { values: T; requestParameters: Parameter[] } {
  const filled: T = { ...values }
  const seen = new Set<string>()
  const requestParameters = parameters.filter(([name, value]) => {
    if (!name.startsWith('oauth_')) return true
    if (seen.has(name)) throw new UsageError(`--body has ${name} twice; a request has it once`)
    seen.add(name)
    if (name === 'oauth_signature') {
      throw new UsageError(
        '--body holds oauth_signature, which belongs only in the Authorization header (spec 5.1): the client that sent it must leave it out of the body',
      )
    }
    if (name === 'oauth_version') {
      if (value !== '1.0') {
        throw new UsageError(`--body has oauth_version "${value}"; the gateway signs with 1.0`)
      }
      return false
    }
    const option = OPTION_OF_OAUTH[name as keyof typeof OPTION_OF_OAUTH]
    if (!option) {
      throw new UsageError(
        `--body holds ${name}, which the gateway's requests do not have (only oauth_consumer_key, oauth_nonce, oauth_signature_method, oauth_timestamp and oauth_version)`,
      )
    }
    const given = filled[option]
    if (given !== undefined && given !== value) {
      throw new UsageError(
        `--${option} is "${given}" but the body's ${name} is "${value}": give the values of one request, or leave --${option} out to use the body's`,
      )
    }
    filled[option] = value as T[OauthOption]
    return false
  })
  return { values: filled, requestParameters }
}

async function credentialsFrom(values: {
  'signature-method'?: string
  'consumer-key'?: string
  'control-key-file'?: string
  key?: string
}): Promise<SigningCredentials> {
  const method = required(values['signature-method'], '--signature-method')
  if (method !== 'HMAC-SHA1' && method !== 'RSA-SHA256') {
    throw new UsageError(`--signature-method must be HMAC-SHA1 or RSA-SHA256, not "${method}"`)
  }
  const consumerKey = required(values['consumer-key'], '--consumer-key')
  const { 'control-key-file': controlKeyFile, key: keyFile } = values
  if (method === 'HMAC-SHA1') {
    if (keyFile)
      throw new UsageError(
        'HMAC-SHA1 signs with the control key: give --control-key-file, not --key',
      )
    const file = required(controlKeyFile, '--control-key-file')
    const controlKey = secretFromFile(await readOptionFile(file, '--control-key-file'))
    return { method, consumerKey, controlKey }
  }
  if (controlKeyFile) {
    throw new UsageError(
      'RSA-SHA256 signs with the private key: give --key, not --control-key-file',
    )
  }
  const file = required(keyFile, '--key')
  const pem = await readOptionFile(file, '--key')
  try {
    return { method, consumerKey, privateKey: loadRsaPrivateKey(pem, `The key file ${file}`) }
  } catch (error) {
    throw new CliFailure((error as Error).message)
  }
}

export async function signCommand(argv: string[], io: CliIo): Promise<number> {
  const values = parseOptions(argv, options)
  if (values.help) {
    io.stdout(`${signUsage}\n`)
    return 0
  }
  const parameters = bodyParameters(values.param, values.body)
  refuseCardDataArguments(parameters, values.body === undefined ? '--param' : '--body')
  const { values: filled, requestParameters } =
    values.body === undefined
      ? { values, requestParameters: parameters }
      : takeSentOauth(values, parameters)
  const paramsFile = values['params-file']
  const signedParameters =
    paramsFile === undefined
      ? requestParameters
      : [...(await readParamsFile(paramsFile, '--params-file')), ...requestParameters]
  const credentials = await credentialsFrom(filled)
  if (credentials.method === 'HMAC-SHA1' && credentials.controlKey === '') {
    io.stderr(
      `warning: --control-key-file ${filled['control-key-file']} is empty, so the signature uses an empty control key\n`,
    )
  }
  const url = required(values.url, '--url')
  const timestamp = filled.timestamp ?? String(Math.floor(Date.now() / 1000))
  if (!/^\d+$/.test(timestamp)) {
    io.stderr(
      `warning: --timestamp "${timestamp}" is not Unix seconds; the gateway will refuse it\n`,
    )
  }
  let signed
  try {
    signed = signRequest({
      url,
      signedParameters,
      credentials,
      nonce: filled.nonce ?? randomNonce(),
      timestamp,
    })
  } catch (error) {
    // A message may quote a value: card data in it is masked too.
    throw new CliFailure(redactorFor(signedParameters)((error as Error).message))
  }
  const { signature, authorization } = signed
  const shownParameters = [
    ...(values.unmasked ? signedParameters : maskParameters(signedParameters)),
    ...signed.oauth,
  ]
  // The base string of the masked values, for display only: the signature is the real one's.
  const baseString = values.unmasked
    ? signed.baseString
    : signatureBaseString('POST', url, shownParameters)
  if (values.unmasked) {
    io.stderr(
      'warning: --unmasked prints card numbers, cvv2 and SSNs in full: keep this output out of tickets, chats and logs\n',
    )
  } else if (baseString !== signed.baseString) {
    io.stderr(
      'note: card data is masked in what is printed; the signature is computed over the real values (--unmasked prints them)\n',
    )
  }
  if (values.json) {
    io.stdout(`${JSON.stringify({ baseString, signature, authorization })}\n`)
    return 0
  }
  io.stdout(
    [
      'Signed parameters (normalized):',
      normalizeParameters(shownParameters),
      '',
      'Signature base string:',
      baseString,
      '',
      'Signature (base64):',
      signature,
      '',
      'Authorization header:',
      `Authorization: ${authorization}`,
      '',
    ].join('\n'),
  )
  return 0
}
