import { z } from 'zod'
import { explainedFields } from './explained'
import { outputText } from './text'

/**
 * Why an invoke failed; the renderer shows `message` (translated by `messageCode` when it knows
 * the code), and `issues` next to the fields at fault.
 */
export const ipcErrorSchema = z.object({
  code: z.enum([
    'forbidden-sender',
    'unknown-channel',
    'invalid-input',
    'failed',
    'invalid-output',
  ]),
  message: outputText(2000),
  ...explainedFields,
  issues: z
    .array(z.object({ path: outputText(200), message: outputText(500), ...explainedFields }))
    .max(100)
    .optional(),
})

export type IpcError = z.infer<typeof ipcErrorSchema>

/** Every invoke resolves to this envelope: errors arrive as data, never as rejected promises. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError }
