import type { utilityProcess as electronUtilityProcess } from 'electron'
import type { ProcessLauncher } from './process-channel'

/**
 * Starts a script as an Electron utility process: the packaged app cannot fork Electron as Node
 * (its RunAsNode fuse is off). Pass `electron.utilityProcess`.
 */
export function utilityProcessLauncher(
  utilityProcess: Pick<typeof electronUtilityProcess, 'fork'>,
): ProcessLauncher {
  return (script, args) => {
    const child = utilityProcess.fork(script.file, [...args], {
      serviceName: script.process?.title ?? 'GateDesk',
      execArgv: [...script.execArgv],
    })
    return {
      send: (message) => child.postMessage(message),
      onMessage: (listener) => child.on('message', listener),
      onExit: (listener) => child.once('exit', (code) => listener({ exitCode: code })),
      kill: () => child.kill(),
      get pid() {
        return child.pid
      },
    }
  }
}
