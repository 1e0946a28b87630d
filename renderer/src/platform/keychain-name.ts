import { i18n } from './i18n'

/** What staff call the OS keychain on their platform, in the window's language. */
export function keychainName(platform: string | undefined): string {
  if (platform === 'darwin') return i18n.global.t('keys.keychain.darwin')
  if (platform === 'win32') return i18n.global.t('keys.keychain.win32')
  return i18n.global.t('keys.keychain.linux')
}
