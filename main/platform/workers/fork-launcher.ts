import { fork } from 'node:child_process'
import type { ProcessExit, ProcessLauncher } from './process-channel'

/** Starts a script as a Node child (the CLI, tests): Node's fork, structured clone. */
export const forkLauncher: ProcessLauncher = (script, args) => {
  const heapLimit = script.process ? [`--max-old-space-size=${script.process.heapLimitMb}`] : []
  const child = fork(script.file, [...args], {
    execArgv: [...script.execArgv, ...heapLimit],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  return {
    // A message sent as the child dies is lost; its exit tells the caller.
    send: (message) => child.send(message as object, () => undefined),
    onMessage: (listener) => child.on('message', listener),
    onExit: (listener) => {
      let told = false
      const tell = (exit: ProcessExit) => {
        if (!told) listener(exit)
        told = true
      }
      child.once('error', (error) => tell({ failure: error.message }))
      // Node gives a code or a signal; never neither.
      child.once('exit', (code, signal) => tell(signal ? { signal } : { exitCode: code ?? -1 }))
    },
    kill: () => child.kill(),
    get pid() {
      return child.pid
    },
  }
}
