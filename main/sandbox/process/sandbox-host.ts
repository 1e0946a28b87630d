import type { ParentLink } from '../../platform/workers/parent-link'
import { sandboxPage, type SandboxPage } from '../sandbox-page'
import {
  sandboxFailure,
  type SandboxProcessOptions,
  type SandboxReply,
  type SandboxRequest,
} from './sandbox-process-messages'
import { startSandbox } from '../sandbox-server'

/**
 * Runs the sandbox for the process's parent: says where it listens (or why it could not start:
 * the parent then ends the process), answers the Sandbox page's calls, and stops when told.
 */
export function hostSandbox(
  parent: ParentLink,
  options: SandboxProcessOptions,
  exit: (code: number) => void,
): void {
  const reply = (message: SandboxReply) => parent.send(message)
  const running = startSandbox({
    stateDir: options.stateDir,
    faults: options.faults,
    latency: options.latency,
  })
  // Listening first: a request that comes while the sandbox starts waits for it.
  parent.onMessage((message) => {
    running.then(
      (sandbox) => handle(message as SandboxRequest, sandbox),
      () => undefined,
    )
  })
  running.then(
    (sandbox) =>
      reply({ type: 'started', baseUrl: sandbox.baseUrl, connection: sandbox.connection }),
    (error: unknown) => reply({ type: 'start-failed', ...sandboxFailure(error) }),
  )

  let page: SandboxPage | undefined
  async function handle(request: SandboxRequest, sandbox: Awaited<typeof running>) {
    if (request.type === 'stop') {
      await sandbox.stop()
      exit(0)
      return
    }
    page ??= sandboxPage(sandbox.service)
    const action = Object.hasOwn(page, request.method) ? page[request.method] : undefined
    try {
      if (!action) throw new Error(`the sandbox has no "${String(request.method)}"`)
      const result = await (action as (...args: unknown[]) => unknown)(...request.args)
      reply({ type: 'answer', id: request.id, ok: true, result })
    } catch (error) {
      reply({ type: 'answer', id: request.id, ok: false, ...sandboxFailure(error) })
    }
  }
}
