import { execFile } from 'node:child_process'
import { generateKeyPairSync } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { SPEC_PATHS } from '../../../main/platform/gateway/environment'
import type { Parameter } from '../../../main/platform/privacy/parameter'
import { prepareUpdateRequest } from '../../../main/platform/gateway/update-recurring-payment'
import { gatewayMethodVectors } from '../../fixtures/oauth-vectors'
import { cli } from '../../fixtures/cli'

const run = promisify(execFile)
const bin = new URL('../../../bin/gatedesk.js', import.meta.url).pathname
const dir = mkdtempSync(join(tmpdir(), 'gatedesk-cli-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const param = (params: readonly Parameter[], name: string) => params.find(([n]) => n === name)?.[1]

// The CLI adds the oauth_* parameters itself, so it can reproduce vectors whose oauth_* set is
// exactly GateDesk's: consumer key, nonce, method, timestamp, version 1.0, and no token.
const cliVectors = gatewayMethodVectors.filter(
  (v) =>
    param(v.params, 'oauth_version') === '1.0' &&
    param(v.params, 'oauth_token') === undefined &&
    param(v.params, 'oauth_signature_method') === v.signatureMethod,
)

describe('gatedesk sign reproduces the OAuth vectors from the command line', () => {
  it('has vectors of both methods to run', () => {
    expect(new Set(cliVectors.map((v) => v.signatureMethod))).toEqual(
      new Set(['HMAC-SHA1', 'RSA-SHA256']),
    )
  })

  for (const [index, vector] of cliVectors.entries()) {
    it(vector.name, async () => {
      const secretFile = join(dir, `secret-${index}`)
      const secretArgs =
        vector.signatureMethod === 'RSA-SHA256'
          ? ['--key', secretFile]
          : ['--control-key-file', secretFile]
      // Control keys are usually saved by an editor, with a newline at the end.
      writeFileSync(secretFile, vector.privateKeyPem ?? `${vector.consumerSecret}\n`)
      const body = vector.params.filter(([name]) => !name.startsWith('oauth_'))
      const bodyArgs =
        vector.wireBody !== undefined
          ? ['--body', vector.wireBody]
          : body.flatMap(([n, v]) => ['--param', `${n}=${v}`])
      const { stdout } = await run(process.execPath, [
        bin,
        'sign',
        '--signature-method',
        vector.signatureMethod,
        '--url',
        vector.url,
        '--consumer-key',
        param(vector.params, 'oauth_consumer_key')!,
        ...secretArgs,
        '--nonce',
        param(vector.params, 'oauth_nonce')!,
        '--timestamp',
        param(vector.params, 'oauth_timestamp')!,
        ...bodyArgs,
        '--json',
      ])
      const printed = JSON.parse(stdout)
      expect(Object.keys(printed)).toEqual(['baseString', 'signature', 'authorization'])
      expect(printed.baseString).toBe(vector.expectedBaseString)
      expect(printed.signature).toBe(vector.expectedSignature)
      expect(printed.authorization).toContain(
        `oauth_signature="${encodeURIComponent(vector.expectedSignature)}"`,
      )
    })
  }

  it('prints readable sections without --json', async () => {
    const keyFile = join(dir, 'plain-key')
    writeFileSync(keyFile, 'k')
    const { code, stdout } = await cli([
      'sign',
      '--signature-method',
      'HMAC-SHA1',
      '--url',
      'https://h/p',
      '--consumer-key',
      'm',
      '--control-key-file',
      keyFile,
      '--param',
      'a=1',
    ])
    expect(code).toBe(0)
    expect(stdout).toMatch(
      /^Signed parameters \(normalized\):\na=1&oauth_consumer_key=m&oauth_nonce=[0-9a-f-]{36}&/,
    )
    expect(stdout).toContain('Signature base string:\nPOST&https%3A%2F%2Fh%2Fp&')
    expect(stdout).toMatch(/Authorization header:\nAuthorization: OAuth realm="", /)
  })
})

describe('gatedesk sign --body takes the body exactly as it was sent', () => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const keyFile = join(dir, 'body-key.pem')
  writeFileSync(keyFile, privateKey.export({ type: 'pkcs1', format: 'pem' }))
  const env = {
    baseUrl: 'https://gate.example.com',
    endpointId: '1234',
    merchantLogin: 'shop-login',
    ...SPEC_PATHS,
    oauthInBody: true,
    extraCaPem: null,
  }
  const sent = prepareUpdateRequest(
    env,
    privateKey,
    [
      ['client-orderid', 'ORD 1+2'],
      ['recurring-payment-id', '100001'],
      ['amount', '10.50'],
    ],
    'a-nonce',
    1_700_000_000,
  )
  const sentSignature = decodeURIComponent(
    /oauth_signature="([^"]+)"/.exec(sent.headers['Authorization']!)![1]!,
  )
  const debug = (...args: string[]) =>
    cli(['sign', '--url', sent.url, '--key', keyFile, '--body', sent.body, ...args])

  it('reproduces the signature of the body GateDesk sends, oauth_* parameters and all', async () => {
    expect(sent.body).toContain('&oauth_nonce=a-nonce&')
    const { code, stdout, stderr } = await debug('--json')
    expect(stderr).toBe('')
    expect(code).toBe(0)
    const printed = JSON.parse(stdout)
    expect(printed.signature).toBe(sentSignature)
    expect(printed.authorization).toBe(sent.headers['Authorization'])
  })

  it('accepts options that agree with the body, and names the one that does not', async () => {
    const agreeing = await debug('--nonce', 'a-nonce', '--signature-method', 'RSA-SHA256', '--json')
    expect(JSON.parse(agreeing.stdout).signature).toBe(sentSignature)
    const { code, stderr } = await debug('--timestamp', '1700000001')
    expect(code).toBe(2)
    expect(stderr).toContain(
      `--timestamp is "1700000001" but the body's oauth_timestamp is "1700000000"`,
    )
  })

  it('refuses a body that carries oauth_signature, a foreign oauth_* or a second nonce', async () => {
    const withBody = (body: string) =>
      cli(['sign', '--url', sent.url, '--key', keyFile, '--body', body])
    expect((await withBody(`${sent.body}&oauth_signature=abc`)).stderr).toContain(
      'oauth_signature, which belongs only in the Authorization header',
    )
    expect((await withBody(`${sent.body}&oauth_token=t`)).stderr).toContain(
      "--body holds oauth_token, which the gateway's requests do not have",
    )
    expect((await withBody(`${sent.body}&oauth_nonce=other`)).stderr).toContain(
      '--body has oauth_nonce twice',
    )
  })

  it('reads + as a space and %2B as a plus', async () => {
    const keyArgs = ['--consumer-key', 'm', '--nonce', 'n', '--timestamp', '1']
    const { stdout } = await cli([
      'sign',
      '--signature-method',
      'RSA-SHA256',
      '--url',
      'https://h/p',
      '--key',
      keyFile,
      ...keyArgs,
      '--body',
      'a=1+2&b=1%2B2',
      '--json',
    ])
    expect(JSON.parse(stdout).baseString).toBe(
      'POST&https%3A%2F%2Fh%2Fp&a%3D1%25202%26b%3D1%252B2%26oauth_consumer_key%3Dm' +
        '%26oauth_nonce%3Dn%26oauth_signature_method%3DRSA-SHA256%26oauth_timestamp%3D1' +
        '%26oauth_version%3D1.0',
    )
  })
})

describe('gatedesk sign explains what is wrong', () => {
  const base = [
    'sign',
    '--signature-method',
    'HMAC-SHA1',
    '--url',
    'https://h/p',
    '--consumer-key',
    'm',
  ]

  it('names a missing option and points to --help', async () => {
    const { code, stderr } = await cli(['sign', '--url', 'https://h/p'])
    expect(code).toBe(2)
    expect(stderr).toContain('--signature-method is required')
    expect(stderr).toContain('gatedesk sign --help')
  })

  it('refuses an unknown method and an unknown option', async () => {
    expect((await cli(['sign', '--signature-method', 'PLAINTEXT'])).stderr).toContain(
      'must be HMAC-SHA1 or RSA-SHA256, not "PLAINTEXT"',
    )
    expect((await cli(['sign', '--control-key', 'secret'])).stderr).toMatch(
      /Unknown option '--control-key'/,
    )
  })

  it('says which key option each method needs', async () => {
    const { stderr } = await cli([...base, '--key', '/nonexistent.pem'])
    expect(stderr).toContain(
      'HMAC-SHA1 signs with the control key: give --control-key-file, not --key',
    )
  })

  it('says RSA-SHA256 needs the private key, and names a missing or malformed URL', async () => {
    const keyFile = join(dir, 'url-key')
    writeFileSync(keyFile, 'k')
    const rsa = await cli([
      'sign',
      '--signature-method',
      'RSA-SHA256',
      '--consumer-key',
      'm',
      '--control-key-file',
      keyFile,
    ])
    expect(rsa.stderr).toContain(
      'RSA-SHA256 signs with the private key: give --key, not --control-key-file',
    )
    const withKey = [
      'sign',
      '--signature-method',
      'HMAC-SHA1',
      '--consumer-key',
      'm',
      '--control-key-file',
      keyFile,
    ]
    const missing = await cli(withKey)
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('--url is required')
    const malformed = await cli([...withKey, '--url', 'gate.example.com/gw'])
    expect(malformed.code).toBe(1)
    expect(malformed.stderr).toContain(
      'The URL "gate.example.com/gw" is not a valid absolute URL (expected e.g. https://host/path)',
    )
  })

  it('names the file that cannot be read', async () => {
    const { code, stderr } = await cli([...base, '--control-key-file', join(dir, 'missing')])
    expect(code).toBe(1)
    expect(stderr).toContain(
      `--control-key-file ${join(dir, 'missing')}: cannot read the file (no such file)`,
    )
  })

  it('reads a control-key file saved with CRLF, and warns of an empty one', async () => {
    const signWith = async (content: string) => {
      const file = join(dir, 'ck-file')
      writeFileSync(file, content)
      return cli([
        ...base,
        '--control-key-file',
        file,
        '--nonce',
        'n',
        '--timestamp',
        '1',
        '--json',
      ])
    }
    const signatureOf = async (content: string) =>
      JSON.parse((await signWith(content)).stdout).signature
    expect(await signatureOf('CK-1\r\n')).toBe(await signatureOf('CK-1'))
    expect(await signatureOf('CK-1\n\n')).not.toBe(await signatureOf('CK-1'))
    expect((await signWith('CK-1\n')).stderr).toBe('')
    // Published vectors sign with an empty secret, so it is signed with, but not in silence.
    const empty = await signWith('\n')
    expect(empty.code).toBe(0)
    expect(empty.stderr).toBe(
      `warning: --control-key-file ${join(dir, 'ck-file')} is empty, so the signature uses an empty control key\n`,
    )
  })

  it('refuses a public key where the private key is needed', async () => {
    const publicFile = join(dir, 'public.pem')
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    writeFileSync(publicFile, publicKey.export({ type: 'spki', format: 'pem' }))
    const { code, stderr } = await cli([
      'sign',
      '--signature-method',
      'RSA-SHA256',
      '--url',
      'https://h/p',
      '--consumer-key',
      'm',
      '--key',
      publicFile,
    ])
    expect(code).toBe(1)
    expect(stderr).toContain('holds a public key, but signing needs the private key')
  })

  it('refuses a malformed --param, a body given twice and a bad %-escape', async () => {
    const keyFile = join(dir, 'k')
    writeFileSync(keyFile, 'k')
    const withKey = [...base, '--control-key-file', keyFile]
    expect((await cli([...withKey, '--param', 'novalue'])).stderr).toContain(
      '--param "novalue" must look like name=value',
    )
    expect((await cli([...withKey, '--param', 'a=1', '--body', 'b=2'])).stderr).toContain(
      'not both',
    )
    expect((await cli([...withKey, '--body', 'a=%zz'])).stderr).toContain('malformed %-escape')
    expect((await cli([...withKey, '--param', 'oauth_token=t'])).stderr).toContain(
      '"oauth_token" is reserved',
    )
  })
})
