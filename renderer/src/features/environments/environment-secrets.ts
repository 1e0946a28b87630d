import { onUnmounted } from 'vue'
import type { EventPayload } from '../../../../preload/contract/channels'
import type { RsaKeySize } from '../../../../preload/contract/environments/environment'
import { call } from '../../platform/bridge'
import { dialogText } from '../../platform/i18n/dialog-filters'

/**
 * What main does with one environment's secrets (kept in the OS keychain) and its connection;
 * a dialog's title comes already in the window's language.
 */
export function environmentSecrets(id: string) {
  return {
    status: () => call('environments:secret-status', { id }),
    checkConnection: () => call('environments:check-connection', { id }),
    setControlKey: (controlKey: string) => call('environments:set-control-key', { id, controlKey }),
    removeControlKey: () => call('environments:remove-control-key', { id }),
    generateKeyPair: (bits: RsaKeySize, replace: boolean) =>
      call('environments:generate-key-pair', { id, bits, replace }),
    chooseKeyFile: (title: string) =>
      call('environments:choose-key-file', { id, ...dialogText(title) }),
    importKeyFile: (passphrase: string | undefined, replace: boolean) =>
      call('environments:import-key-file', { id, passphrase, replace }),
    savePublicKey: (title: string) =>
      call('environments:save-public-key', { id, ...dialogText(title) }),
    backupPrivateKey: (passphrase: string, title: string) =>
      call('environments:backup-private-key', { id, passphrase, ...dialogText(title) }),
    removeKeyPair: () => call('environments:remove-key-pair', { id }),
  }
}

/** Hands `listener` each stage main reports for the environment's key pair, until unmounted. */
export function useKeyStage(
  id: () => string,
  listener: (progress: EventPayload<'environments:key-progress'>) => void,
) {
  const off = window.gatedesk.on('environments:key-progress', (progress) => {
    if (progress.id === id()) listener(progress)
  })
  onUnmounted(off)
}

/** Hands `listener` each step main reports of the environment's connection check, until unmounted. */
export function useCheckStage(
  id: () => string | undefined,
  listener: (progress: EventPayload<'environments:check-progress'>) => void,
) {
  const off = window.gatedesk.on('environments:check-progress', (progress) => {
    if (progress.id === id()) listener(progress)
  })
  onUnmounted(off)
}

/** Stops a key generation or connection check main runs as a job (for the cards). */
export { cancelJob } from '../../platform/bridge'
