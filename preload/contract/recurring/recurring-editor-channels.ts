import { z } from 'zod'
import { channel } from '../platform/define'
import { environmentIdSchema } from '../environments/environment'
import { recurringUpdateInputSchema } from './recurring-parameters'
import { outputText } from '../platform/text'

/** Names one send of the editor, so that it can be cancelled while in flight. */
export const sendIdSchema = z.uuid().max(36)

export const recurringRequestPreviewSchema = z.object({
  method: z.literal('POST'),
  signatureMethod: z.literal('RSA-SHA256'),
  url: outputText(4096),
  contentType: outputText(128),
  /** The whole Authorization header value, oauth_signature included (of the real request). */
  authorization: outputText(4096),
  /** The signature base string of spec §5.2, card number, CVV2 and SSN masked. */
  baseString: outputText(1024 * 1024),
  /** The form body as it would be sent, card number, CVV2 and SSN masked. */
  body: outputText(1024 * 1024),
})

export type RecurringRequestPreview = z.infer<typeof recurringRequestPreviewSchema>

export const recurringEditorChannels = {
  'recurring:preview': channel(
    'The update-recurring-payment request a send would make now (fresh nonce and timestamp), signed in main: method, URL, Authorization header, and the form body and signature base string with card data masked. Nothing is sent.',
    z.object({ environmentId: environmentIdSchema, parameters: recurringUpdateInputSchema }),
    recurringRequestPreviewSchema,
  ),
  'recurring:cancel': channel(
    'Cancels the send with this sendId while it is in flight. Its outcome is then not-sent, or unknown when the request may already have reached the gateway. False when no such send is in flight.',
    z.object({ sendId: sendIdSchema }),
    z.boolean(),
  ),
} as const
