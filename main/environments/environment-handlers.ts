import { writeFile } from 'node:fs/promises'
import { basename } from 'node:path'
import { NotRegularFileError, readRegularFile } from '../platform/csv/regular-file'
import { dialogWords, type FileDialogs, type OfferedFilter } from '../platform/electron/dialogs'
import { checkConnection } from './connection-check'
import { SANDBOX_PROBE_REQUEST } from './sandbox-environment'
import type { EnvironmentService } from './environment-service'
import type { GatewayDeps } from '../platform/gateway/gateway-client'
import type { Handlers } from '../platform/electron/ipc'
import { explainedError } from '../platform/i18n/english'
import { KeyImportError } from './keys/rsa-key-import'
import type { JobRunner } from '../platform/jobs/job-runner'
import type { EventPayload } from '../../preload/contract/channels'
import { isCancelled } from '../platform/jobs/cancelled'

type EnvironmentChannel = Extract<keyof Handlers, `environments:${string}`>

const PEM_FILES: OfferedFilter[] = [{ id: 'pemKeys', extensions: ['pem', 'key', 'txt'] }]

/** An AbortSignal's own reason: the job was cancelled, not failed. */

export function environmentHandlers(deps: {
  environments: EnvironmentService
  dialogs: FileDialogs
  gateway: GatewayDeps
  /** Owner-only temp folder of this session: where a connection check's answer lands. */
  workDir: string
  /** Key generation and connection checks run as jobs: jobs:cancel stops them. */
  jobs: JobRunner
  /** Tells the window a key generation's or a connection check's step (the app's emitter). */
  emit: <E extends 'environments:key-progress' | 'environments:check-progress'>(
    event: E,
    payload: EventPayload<E>,
  ) => void
}): Pick<Handlers, EnvironmentChannel> {
  const { environments, dialogs } = deps
  // The key file the user picked per environment: the path stays in main.
  const chosenKeyFiles = new Map<string, string>()
  const safeName = async (id: string) => (await environments.get(id)).name.replace(/[^\w.-]+/g, '-')

  return {
    'environments:list': async () => environments.list(),
    'environments:create': async (input) => environments.create(input),
    'environments:update': async ({ id, changes }) => environments.update(id, changes),
    'environments:remove': async ({ id }) => {
      await environments.remove(id)
      return { removed: true }
    },
    'environments:secret-status': ({ id }) => environments.secretStatus(id),
    'environments:set-control-key': async ({ id, controlKey }) => {
      await environments.setControlKey(id, controlKey)
      return environments.secretStatus(id)
    },
    'environments:remove-control-key': async ({ id }) => {
      await environments.removeControlKey(id)
      return environments.secretStatus(id)
    },
    'environments:generate-key-pair': async ({ id, bits, replace }) => {
      const job = deps.jobs.start('key-generation', 'requests', ({ jobId, signal }) =>
        environments.generateKeyPair(id, {
          bits,
          replace,
          signal,
          onProgress: (stage) => deps.emit('environments:key-progress', { id, jobId, stage }),
        }),
      )
      try {
        return await job.result
      } catch (error) {
        if (isCancelled(error)) return null
        throw error
      }
    },
    'environments:choose-key-file': async (input) => {
      const { id } = input
      const { name } = await environments.get(id)
      const file = await dialogs.chooseFileToOpen(
        dialogWords(input, 'keys.dialogs.keyFile', PEM_FILES, { name }),
      )
      if (file) chosenKeyFiles.set(id, file)
      return { fileName: file ? basename(file) : null }
    },
    'environments:import-key-file': async ({ id, passphrase, replace }) => {
      const file = chosenKeyFiles.get(id)
      if (!file) throw explainedError('environments.key-file.not-chosen')
      const privateKeyPem = (
        await readRegularFile(file).catch((error: NodeJS.ErrnoException) => {
          const name = { file: basename(file) }
          if (error instanceof NotRegularFileError) {
            throw explainedError(
              `environments.key-file.${error.isFolder ? 'folder' : 'special'}`,
              name,
            )
          }
          throw explainedError('environments.key-file.unreadable', {
            ...name,
            code: error.code ?? error.message,
          })
        })
      ).toString('utf8')
      try {
        const key = await environments.importPrivateKey(
          id,
          { privateKeyPem, passphrase },
          { replace },
        )
        chosenKeyFiles.delete(id)
        return { status: 'imported' as const, key }
      } catch (error) {
        const asksPassphrase =
          error instanceof KeyImportError &&
          (error.problem === 'passphrase-required' || error.problem === 'wrong-passphrase')
        if (!asksPassphrase) throw error
        const { message, messageCode, params } = error
        return { status: 'needs-passphrase' as const, message, messageCode, params }
      }
    },
    'environments:save-public-key': async (input) => {
      const { id } = input
      const { publicKeyPem } = await environments.publicKey(id)
      const name = await safeName(id)
      const file = await dialogs.chooseFileToSave({
        ...dialogWords(input, 'keys.dialogs.savePublicKey', PEM_FILES),
        defaultName: `${name}-public.pem`,
      })
      if (file) await writeFile(file, publicKeyPem)
      return { file }
    },
    'environments:backup-private-key': async (input) => {
      const { id, passphrase } = input
      const name = await safeName(id)
      const file = await dialogs.chooseFileToSave({
        ...dialogWords(input, 'keys.dialogs.backupPrivateKey', PEM_FILES),
        defaultName: `${name}-private-backup.pem`,
      })
      if (file) await environments.backupPrivateKey(id, file, passphrase)
      return { file }
    },
    'environments:remove-key-pair': async ({ id }) => {
      await environments.removeKeyPair(id)
      return environments.secretStatus(id)
    },
    'environments:check-connection': async ({ id }) => {
      const reads = await environments.reads()
      const { kind } = reads.get(id)
      return deps.jobs.start('connection-check', 'bytes', ({ jobId, signal }) =>
        checkConnection(deps.gateway, reads.gatewayEnvironment(id), reads.signingSecrets(id), {
          workDir: deps.workDir,
          ...(kind === 'sandbox' && { probe: SANDBOX_PROBE_REQUEST }),
          signal,
          onStage: (stage, receivedBytes) =>
            deps.emit('environments:check-progress', { id, jobId, stage, receivedBytes }),
        }),
      ).result
    },
  }
}
