import { z } from 'zod'
import { channel } from './define'
import { inputText, outputText } from './text'

export const appChannels = {
  'app:info': channel(
    'The running app: version and platform, for the title bar and about box.',
    z.undefined(),
    z.object({ version: outputText(64), platform: outputText(32) }),
  ),
  'app:open-external': channel(
    'Opens an http(s) link in the system browser; main refuses any other scheme.',
    z.object({ url: inputText(2048) }),
    z.object({ opened: z.boolean() }),
  ),
} as const
