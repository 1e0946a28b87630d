/** The child's side of its channel to the parent, whichever way it was started. */
export interface ParentLink {
  onMessage(listener: (message: unknown) => void): void
  send(message: unknown): void
}

/** The parts of `process` the link uses: `parentPort` in an Electron utility process. */
export interface ChildProcessSide {
  parentPort?: {
    on(event: 'message', listener: (event: { data: unknown }) => void): unknown
    postMessage(message: unknown): void
  } | null
  send?: (message: unknown) => unknown
  on(event: 'message', listener: (message: unknown) => void): unknown
  once(event: 'disconnect', listener: () => void): unknown
  exit(code?: number): void
}

/**
 * Electron's utilityProcess gives the child `process.parentPort`; Node's fork gives it
 * `process.send` and `message` events. Either way the child answers the same messages.
 */
export function connectToParent(child: ChildProcessSide): ParentLink {
  const port = child.parentPort
  if (port) {
    return {
      onMessage: (listener) => port.on('message', (event) => listener(event.data)),
      send: (message) => port.postMessage(message),
    }
  }
  const send = child.send
  if (!send)
    throw new Error(
      'this script runs in a process of its own, started by utilityProcess.fork or child_process.fork',
    )
  // A forked child outlives a parent that dies unless it leaves when the channel closes.
  child.once('disconnect', () => child.exit(0))
  return {
    onMessage: (listener) => child.on('message', listener),
    send: (message) => send.call(child, message),
  }
}
