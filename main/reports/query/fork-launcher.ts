import { fork } from 'node:child_process'
import type { QueryProcessLauncher } from './query-channel'

/** The process's JavaScript heap: it holds messages only, DuckDB's memory is its own. */
const HEAP_LIMIT_MB = 512

/** Starts the query process as a Node child (the CLI, tests): Node's fork, structured clone. */
export const forkLauncher: QueryProcessLauncher = (script, args) => {
  const child = fork(script.file, [...args], {
    execArgv: [...script.execArgv, `--max-old-space-size=${HEAP_LIMIT_MB}`],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  return {
    // A message sent as the child dies is lost; its exit tells the caller.
    send: (message) => child.send(message as object, () => undefined),
    onMessage: (listener) => child.on('message', listener),
    onExit: (listener) => {
      let told = false
      const tell = (reason: string) => {
        if (!told) listener(reason)
        told = true
      }
      child.once('error', (error) => tell(error.message))
      child.once('exit', (code, signal) =>
        tell(signal ? `killed by ${signal}` : `exit code ${code}`),
      )
    },
    kill: () => child.kill(),
    get pid() {
      return child.pid
    },
  }
}
