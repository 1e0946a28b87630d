import { z } from 'zod'
import { channel, event } from '../platform/define'
import { dialogTextFields } from '../platform/dialog-title'
import {
  backupPassphraseSchema,
  controlKeySchema,
  ENVIRONMENT_KINDS,
  environmentChangesSchema,
  environmentIdSchema,
  environmentInputSchema,
  rsaKeySizeSchema,
  type EnvironmentView,
  type RsaPublicKeyView,
  type SecretStatus,
} from './environment'
import { inputText, outputText } from '../platform/text'
import { explainedFields } from '../platform/explained'

const rsaPublicKeyViewSchema = z.object({
  publicKeyPem: outputText(4096),
  fingerprint: outputText(128),
  bits: z.number().int(),
}) satisfies z.ZodType<RsaPublicKeyView>

export const environmentViewSchema = z.object({
  id: outputText(36),
  name: outputText(64),
  kind: z.enum(ENVIRONMENT_KINDS),
  builtIn: z.boolean(),
  baseUrl: outputText(2048).nullable(),
  endpointId: outputText(128),
  merchantLogin: outputText(128),
  updateRecurringPath: outputText(256),
  reportPath: outputText(256),
  oauthInBody: z.boolean(),
  extraCaPem: outputText(65_536).nullable(),
  rsaPublicKey: rsaPublicKeyViewSchema.nullable(),
  createdAt: outputText(64),
  updatedAt: outputText(64),
}) satisfies z.ZodType<EnvironmentView>

const presence = z.enum(['present', 'absent', 'missing'])
export const secretStatusSchema = z.object({
  controlKey: presence,
  rsaKey: presence,
  fingerprint: outputText(128).nullable(),
}) satisfies z.ZodType<SecretStatus>

/** What "check connection" found, in plain words. */
export const connectionCheckSchema = z.object({
  outcome: z.enum([
    'ok',
    'credentials-rejected',
    'unreachable',
    'answered-unexpectedly',
    'cancelled',
  ]),
  message: outputText(2000),
  ...explainedFields,
})
export type ConnectionCheck = z.infer<typeof connectionCheckSchema>

/** A check's steps: until TLS is up, until the gateway answers, while its answer arrives. */
export const CONNECTION_CHECK_STAGES = ['connecting', 'waiting', 'reading'] as const
export type ConnectionCheckStage = (typeof CONNECTION_CHECK_STAGES)[number]

const byId = z.object({ id: environmentIdSchema })
const savedFile = z.object({ file: outputText(4096).nullable() })

export const environmentChannels = {
  'environments:list': channel(
    'Every environment, the built-in Sandbox first.',
    z.undefined(),
    z.array(environmentViewSchema).max(1000),
  ),
  'environments:create': channel(
    'Adds an integration or production environment.',
    environmentInputSchema,
    environmentViewSchema,
  ),
  'environments:update': channel(
    'Changes the given settings of an environment.',
    z.object({ id: environmentIdSchema, changes: environmentChangesSchema }),
    environmentViewSchema,
  ),
  'environments:remove': channel(
    'Removes an environment and its keychain entries; its history stays.',
    byId,
    z.object({ removed: z.literal(true) }),
  ),
  'environments:secret-status': channel(
    'Whether the control key and RSA key are in the keychain (never the secrets).',
    byId,
    secretStatusSchema,
  ),
  'environments:set-control-key': channel(
    'Stores (or replaces) the control key in the keychain.',
    z.object({ id: environmentIdSchema, controlKey: controlKeySchema }),
    secretStatusSchema,
  ),
  'environments:remove-control-key': channel(
    'Deletes the control key from the keychain.',
    byId,
    secretStatusSchema,
  ),
  'environments:generate-key-pair': channel(
    'Generates an RSA key pair offline; the private key goes straight into the keychain. A job: its id comes with environments:key-progress; null when it was cancelled (nothing saved).',
    z.object({
      id: environmentIdSchema,
      bits: rsaKeySizeSchema,
      replace: z.boolean().default(false),
    }),
    rsaPublicKeyViewSchema.nullable(),
  ),
  'environments:choose-key-file': channel(
    'Asks main to let the user pick a private key file to import (main keeps the path).',
    byId.extend(dialogTextFields),
    z.object({ fileName: outputText(512).nullable() }),
  ),
  'environments:import-key-file': channel(
    'Imports the chosen private key file; asks for its passphrase when it has one.',
    z.object({
      id: environmentIdSchema,
      passphrase: inputText(1024).optional(),
      replace: z.boolean().default(false),
    }),
    z.discriminatedUnion('status', [
      z.object({ status: z.literal('imported'), key: rsaPublicKeyViewSchema }),
      z.object({
        status: z.literal('needs-passphrase'),
        message: outputText(500),
        ...explainedFields,
      }),
    ]),
  ),
  'environments:save-public-key': channel(
    'Saves the public key (PEM) where the user picks, for the support manager.',
    byId.extend(dialogTextFields),
    savedFile,
  ),
  'environments:backup-private-key': channel(
    'Writes a passphrase-protected backup of the private key where the user picks.',
    z.object({ id: environmentIdSchema, passphrase: backupPassphraseSchema, ...dialogTextFields }),
    savedFile,
  ),
  'environments:remove-key-pair': channel(
    'Deletes the RSA key pair from the keychain and the environment.',
    byId,
    secretStatusSchema,
  ),
  'environments:check-connection': channel(
    'Checks reachability and TLS, and the report credentials with a small signed request. A job: its id comes with environments:check-progress.',
    byId,
    connectionCheckSchema,
  ),
} as const

export const environmentEvents = {
  'environments:key-progress': event(
    'Where a key pair generation is: generating the primes, then saving to the keychain.',
    z.object({
      id: outputText(36),
      /** jobs:cancel with it stops the generation. */
      jobId: outputText(64),
      stage: z.enum(['generating', 'saving']),
    }),
  ),
  'environments:check-progress': event(
    'Where a connection check is: connecting (TLS), waiting for the answer, reading it.',
    z.object({
      id: outputText(36),
      /** jobs:cancel with it aborts the request. */
      jobId: outputText(64),
      stage: z.enum(CONNECTION_CHECK_STAGES),
      /** Bytes of the answer read so far, while reading. */
      receivedBytes: z.number().int().min(0).nullable(),
    }),
  ),
} as const
