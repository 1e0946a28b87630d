import { z } from 'zod'

const PRIVATE_KEY_MARKER = /PRIVATE KEY-----/

/** Text going from the renderer to main: always bounded, so no input can be unbounded. */
export const inputText = (max: number) => z.string().max(max)

/**
 * Text going from main to the renderer. It refuses anything shaped like a PEM private key, so
 * no channel can hand one to the window even by mistake (a test walks every output for this).
 */
export const outputText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((text) => !PRIVATE_KEY_MARKER.test(text), 'private keys never leave the main process')
