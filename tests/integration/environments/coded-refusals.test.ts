import { createJobRunner } from '../../../main/platform/jobs/job-runner'
import { generateKeyPairSync } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { environmentHandlers } from '../../../main/environments/environment-handlers'
import type { EnvironmentService } from '../../../main/environments/environment-service'
import { writeEncryptedPrivateKey } from '../../../main/environments/keys/rsa-key-backup'
import { importRsaPrivateKey, KeyImportError } from '../../../main/environments/keys/rsa-key-import'
import { signingSecretsFor } from '../../../main/environments/keys/signing-secrets'
import { NativeKeyGenerationError } from '../../../main/environments/keys/rsa-key-generation'
import type { GatewayDeps } from '../../../main/platform/gateway/gateway-client'
import { updateRecurringPayment } from '../../../main/platform/gateway/update-recurring-payment'
import { normalizeParameters } from '../../../main/platform/gateway/oauth1'
import { catalogWording } from '../../../main/platform/i18n/catalog-wording'
import {
  KeychainAccessDeniedError,
  KeychainFailureError,
  KeychainLockedError,
  KeychainModuleMissingError,
  SecretMissingError,
  SecretServiceUnavailableError,
} from '../../../main/platform/keychain/secret-store-errors'
import { channels } from '../../../preload/contract/channels'
import { explainWith } from '../../../preload/contract/locales/explain'
import type { Explained } from '../../../preload/contract/platform/explained'
import { openTestStore, productionInput } from '../../fixtures/gatedesk-store'

// Main's refusals about keys, the keychain, environments and signing reach the window (and the
// CLI) as code + params: English from the catalog as main says it, Russian when the user reads Russian.
function expectCoded(error: unknown, code: string): string {
  const explained = error as Explained
  expect(explained.messageCode).toBe(code)
  expect(explainWith(catalogWording('en'), explained)).toBe(explained.message)
  const russian = explainWith(catalogWording('ru'), explained)
  expect(russian, russian).toMatch(/[а-яё]{4}/i)
  expect(russian, russian).not.toMatch(/[{}]|\b(the|is|not|and|has) /)
  return russian
}

const thrown = async (action: () => unknown): Promise<unknown> => {
  try {
    await action()
  } catch (error) {
    return error
  }
  throw new Error('nothing was thrown')
}

const dir = mkdtempSync(join(tmpdir(), 'gatedesk-coded-'))
const store = openTestStore()
const { environments } = store
afterAll(() => {
  store.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('refusals main words from the catalog', () => {
  it("the keychain's", () => {
    const environment = { environmentId: 'e', environmentName: 'Live' }
    const cases: [Error, string][] = [
      [new SecretServiceUnavailableError(), 'keychain.unavailable'],
      [new KeychainLockedError(), 'keychain.locked'],
      [new KeychainAccessDeniedError(), 'keychain.access-denied'],
      [new KeychainModuleMissingError(new Error('libsecret-1.so.0')), 'keychain.module-missing'],
      [
        new SecretMissingError({ ...environment, kind: 'control-key' }),
        'keychain.missing.control-key',
      ],
      [
        new SecretMissingError({ ...environment, kind: 'rsa-private-key' }),
        'keychain.missing.rsa-private-key',
      ],
      [
        new SecretMissingError({ kind: 'pasted-table-key', tableId: 't-1' }),
        'keychain.missing.pasted-table-key',
      ],
      [new KeychainFailureError('org.freedesktop.Secret.Error.NoSession'), 'keychain.failed'],
    ]
    for (const [error, code] of cases) expectCoded(error, code)
    expect(expectCoded(cases[4]![0], 'keychain.missing.control-key')).toBe(
      'В хранилище ключей нет контрольного ключа окружения «Live»: введите его в разделе «Ключи и окружения» (контрольный ключ мерчанту выдаёт шлюз).',
    )
  })

  it("the environment service's", async () => {
    const sandbox = (await environments.list())[0]!
    expectCoded(
      await thrown(() => environments.gatewayEnvironment(sandbox.id)),
      'environments.not-started',
    )
    expectCoded(
      await thrown(() => environments.update(sandbox.id, { name: 'Mine' })),
      'environments.built-in.changed',
    )
    expectCoded(
      await thrown(() => environments.remove(sandbox.id)),
      'environments.built-in.removed',
    )
    expectCoded(
      await thrown(() => environments.get('0f0e0d0c-0000-4000-8000-000000000000')),
      'environments.not-found',
    )
    const created = await environments.create({ ...productionInput, name: 'Coded refusals' })
    expectCoded(
      await thrown(() => environments.create({ ...productionInput, name: 'Coded refusals' })),
      'environments.name-taken',
    )
    const broken = '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n'
    expectCoded(
      await thrown(() => environments.update(created.id, { extraCaPem: broken })),
      'environments.extra-ca-unreadable',
    )
    expectCoded(await thrown(() => environments.publicKey(created.id)), 'environments.no-key')
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string
    await environments.importPrivateKey(created.id, { privateKeyPem })
    expectCoded(
      await thrown(() => environments.importPrivateKey(created.id, { privateKeyPem })),
      'environments.key-present',
    )
    expectCoded(
      await thrown(() =>
        environments.backupPrivateKey(created.id, 'backup.pem', 'a long enough passphrase'),
      ),
      'environments.backup-not-absolute',
    )
  })

  it("the key import's, naming where the key came from", async () => {
    const russian = expectCoded(
      await thrown(() => importRsaPrivateKey({ privateKeyPem: 'hello' })),
      'key.private.not-pem',
    )
    expect(russian).toMatch(/^Ключ — не ключ в формате PEM/)
    const encrypted = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'pw' })
      .toString()
    expectCoded(
      await thrown(() => importRsaPrivateKey({ privateKeyPem: encrypted })),
      'key.import.passphrase-required',
    )
    const pem = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs1', format: 'pem' })
      .toString()
    const keychain = { get: async () => pem } as never
    const changed = signingSecretsFor(keychain, {
      id: 'e',
      name: 'Live',
      rsaFingerprint: 'SHA256:old',
    })
    expectCoded(await thrown(() => changed.rsaPrivateKey()), 'key.changed')
    const garbled = signingSecretsFor({ get: async () => 'hello' } as never, {
      id: 'e',
      name: 'Live',
      rsaFingerprint: null,
    })
    expect(expectCoded(await thrown(() => garbled.rsaPrivateKey()), 'key.private.not-pem')).toMatch(
      /^Закрытый ключ RSA окружения «Live» в хранилище ключей — не ключ в формате PEM/,
    )
  })

  it('the key file import and backup, key generation and signing', async () => {
    let chosen: string | null = null
    const handlers = environmentHandlers({
      environments: {
        get: () => ({ name: 'Live' }),
        importPrivateKey: () => {
          throw new KeyImportError('passphrase-required', 'key.import.passphrase-required')
        },
      } as unknown as EnvironmentService,
      dialogs: { chooseFileToOpen: async () => chosen, chooseFileToSave: async () => null },
      gateway: {} as GatewayDeps,
      workDir: dir,
      jobs: createJobRunner({ progress: () => undefined, finished: () => undefined }),
      emit: () => undefined,
    })
    const id = '0f0e0d0c-0b0a-4090-8070-605040302010'
    const importing = () => handlers['environments:import-key-file']({ id } as never)
    expectCoded(await thrown(importing), 'environments.key-file.not-chosen')
    chosen = join(dir, 'keys.pem')
    mkdirSync(chosen)
    await handlers['environments:choose-key-file']({ id } as never)
    expectCoded(await thrown(importing), 'environments.key-file.folder')
    // Asked for a passphrase, the window gets the code too, through the channel's contract.
    chosen = join(dir, 'protected.pem')
    writeFileSync(chosen, 'a protected key')
    await handlers['environments:choose-key-file']({ id } as never)
    const asked = channels['environments:import-key-file'].output.parse(await importing())
    expect(asked).toMatchObject({ status: 'needs-passphrase' })
    expectCoded(asked, 'key.import.passphrase-required')

    const pem = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs1', format: 'pem' })
      .toString()
    const nowhere = join(dir, 'no-such-folder', 'backup.pem')
    expectCoded(
      await thrown(() => writeEncryptedPrivateKey(pem, nowhere, 'a long enough passphrase')),
      'key.backup-failed',
    )
    expectCoded(new NativeKeyGenerationError(), 'key.no-native-generator')
    // Inside an update's outcome the refusal keeps its code: the window words both.
    const missing = new SecretMissingError({
      environmentId: 'e',
      environmentName: 'Live',
      kind: 'rsa-private-key',
    })
    const unsent = await updateRecurringPayment(
      {} as GatewayDeps,
      productionInput as never,
      { controlKey: async () => 'k', rsaPrivateKey: async () => Promise.reject(missing) },
      [],
    )
    expect(expectCoded(unsent, 'update.not-sent')).toBe(
      `Ничего не отправлено: ${explainWith(catalogWording('ru'), missing)}`,
    )
    expect(
      expectCoded(
        await thrown(() => normalizeParameters([['first-name', 'Ann\uD800']])),
        'signing.unencodable.parameter',
      ),
    ).toBe(
      'Параметр «first-name» содержит повреждённый символ (непарный суррогат UTF-16): введите или вставьте текст заново',
    )
  })
})
