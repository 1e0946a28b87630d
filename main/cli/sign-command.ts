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
import { cliText, helpText, wordsFor } from './cli-words'
import { notOneOf, paramOptions, requiredOption } from './option-values'
import { readParamsFile, refuseCardDataArguments } from './params-file'

const help = helpText(
  `gatedesk sign --signature-method HMAC-SHA1|RSA-SHA256 --url URL --consumer-key LOGIN
             (--control-key-file FILE | --key PEMFILE)
             [--nonce N] [--timestamp T] [--param name=value ... | --body RAWFORM]
             [--params-file FILE] [--unmasked] [--json]`,
  cliText('cli.help.sign'),
)

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

function bodyParameters(params: string[] | undefined, body: string | undefined): Parameter[] {
  if (params && body !== undefined) {
    throw new UsageError(cliText('cli.wrong.param-or-body'))
  }
  if (body !== undefined) {
    try {
      return decodeForm(body)
    } catch (error) {
      if (!(error instanceof MalformedFormError)) throw error
      // Named, never quoted: the piece may be card data.
      throw new UsageError(
        error.parameter === null
          ? cliText('cli.wrong.body-escape-name', { position: error.position })
          : cliText('cli.wrong.body-escape-value', { parameter: error.parameter.slice(0, 64) }),
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
    if (seen.has(name)) throw new UsageError(cliText('cli.wrong.body-twice', { name }))
    seen.add(name)
    if (name === 'oauth_signature') {
      throw new UsageError(cliText('cli.wrong.body-signature'))
    }
    if (name === 'oauth_version') {
      if (value !== '1.0') {
        throw new UsageError(cliText('cli.wrong.body-version', { value }))
      }
      return false
    }
    const option = OPTION_OF_OAUTH[name as keyof typeof OPTION_OF_OAUTH]
    if (!option) {
      throw new UsageError(cliText('cli.wrong.body-unknown-oauth', { name }))
    }
    const given = filled[option]
    if (given !== undefined && given !== value) {
      throw new UsageError(cliText('cli.wrong.body-disagrees', { option, given, name, value }))
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
  const method = requiredOption(values['signature-method'], '--signature-method')
  if (method !== 'HMAC-SHA1' && method !== 'RSA-SHA256') {
    throw notOneOf('--signature-method', method, ['HMAC-SHA1', 'RSA-SHA256'])
  }
  const consumerKey = requiredOption(values['consumer-key'], '--consumer-key')
  const { 'control-key-file': controlKeyFile, key: keyFile } = values
  if (method === 'HMAC-SHA1') {
    if (keyFile) throw new UsageError(cliText('cli.wrong.hmac-with-key'))
    const file = requiredOption(controlKeyFile, '--control-key-file')
    const controlKey = secretFromFile(await readOptionFile(file, '--control-key-file'))
    return { method, consumerKey, controlKey }
  }
  if (controlKeyFile) {
    throw new UsageError(cliText('cli.wrong.rsa-with-control-key'))
  }
  const file = requiredOption(keyFile, '--key')
  const pem = await readOptionFile(file, '--key')
  try {
    return {
      method,
      consumerKey,
      privateKey: loadRsaPrivateKey(pem, { sourceCode: 'key.source.file', file }),
    }
  } catch (error) {
    throw CliFailure.of(error as Error)
  }
}

export async function signCommand(argv: string[], io: CliIo): Promise<number> {
  const values = parseOptions(argv, options)
  const { say, word } = wordsFor(io.language)
  if (values.help) {
    io.stdout(`${word(help)}\n`)
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
    io.stderr(`${say('cli.sign.empty-control-key', { file: filled['control-key-file']! })}\n`)
  }
  const url = requiredOption(values.url, '--url')
  const timestamp = filled.timestamp ?? String(Math.floor(Date.now() / 1000))
  if (!/^\d+$/.test(timestamp)) {
    io.stderr(`${say('cli.sign.timestamp-not-seconds', { timestamp })}\n`)
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
    throw CliFailure.of(error as Error, redactorFor(signedParameters))
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
    io.stderr(`${say('cli.sign.unmasked')}\n`)
  } else if (baseString !== signed.baseString) {
    io.stderr(`${say('cli.sign.masked')}\n`)
  }
  if (values.json) {
    io.stdout(`${JSON.stringify({ baseString, signature, authorization })}\n`)
    return 0
  }
  io.stdout(
    [
      say('cli.sign.parameters'),
      normalizeParameters(shownParameters),
      '',
      say('cli.sign.base-string'),
      baseString,
      '',
      say('cli.sign.signature'),
      signature,
      '',
      say('cli.sign.authorization'),
      `Authorization: ${authorization}`,
      '',
    ].join('\n'),
  )
  return 0
}
