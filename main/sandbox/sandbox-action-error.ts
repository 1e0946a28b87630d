import { ExplainedError } from '../../preload/contract/platform/explained'
import type { MessageCode } from '../../preload/contract/locales/explain'

type SandboxCode = Extract<MessageCode, `sandbox.${'action' | 'state'}.${string}`>

/**
 * Thrown by a sandbox action that cannot be done, or a state folder it cannot use: a code and its
 * values only, since the sandbox's own process carries no catalog. Main (embedded-sandbox.ts)
 * and the CLI word it in their language; its message is the code.
 */
export class SandboxActionError extends ExplainedError {
  constructor(code: SandboxCode, params: Record<string, string | number> = {}) {
    super(code, code, params)
  }
}
