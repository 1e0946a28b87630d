/** What staff call the OS keychain on their platform. */
export function keychainName(platform: string | undefined): string {
  if (platform === 'darwin') return 'the macOS Keychain'
  if (platform === 'win32') return 'the Windows Credential Manager'
  return 'the system keyring (Secret Service)'
}
