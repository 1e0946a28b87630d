import { createJobRunner } from '../../../main/platform/jobs/job-runner'
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { EnvironmentService } from '../../../main/environments/environment-service'
import type { GatewayDeps } from '../../../main/platform/gateway/gateway-client'
import { environmentHandlers } from '../../../main/environments/environment-handlers'

// A private key file chosen in the Open dialog is read only if it is a regular file: a pipe no
// program writes to was waited on forever (the import never answered), and a device such as
// /dev/zero read without end into main's memory. Each is refused before a byte is read.
const dir = mkdtempSync(join(tmpdir(), 'gatedesk-key-file-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const ENVIRONMENT_ID = '0f0e0d0c-0b0a-4090-8070-605040302010'
let chosen: string | null = null
const handlers = environmentHandlers({
  environments: {
    get: () => ({ id: ENVIRONMENT_ID, name: 'Live EU' }),
    importPrivateKey: () => {
      throw new Error('nothing that is not a regular file reaches the key import')
    },
  } as unknown as EnvironmentService,
  dialogs: { chooseFileToOpen: async () => chosen, chooseFileToSave: async () => null },
  gateway: {} as GatewayDeps,
  workDir: dir,
  jobs: createJobRunner({ progress: () => undefined, finished: () => undefined }),
  emit: () => undefined,
})

describe('a private key file chosen to import', () => {
  it('is refused unless it is a regular file: a folder, a pipe, a device', async () => {
    const folder = join(dir, 'keys.pem')
    mkdirSync(folder)
    const pipe = join(dir, 'key-pipe.pem')
    execFileSync('mkfifo', [pipe])
    for (const path of [folder, pipe, '/dev/null']) {
      chosen = path
      await handlers['environments:choose-key-file']({ id: ENVIRONMENT_ID } as never)
      const importing = handlers['environments:import-key-file']({ id: ENVIRONMENT_ID } as never)
      await expect(importing).rejects.toThrow(
        /^[\w.-]+ is not a key file \(it is (a folder|a pipe, a device or a socket, not a regular file)\): choose the private key's PEM file itself\.$/,
      )
    }
  })
})
