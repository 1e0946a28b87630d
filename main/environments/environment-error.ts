import type { MessageCode } from '../../preload/contract/locales/explain'
import type { Explained, MessageParams } from '../../preload/contract/platform/explained'

/**
 * not-found: no environment has that id. invalid-input: `issues` name each field at fault.
 * built-in: the Sandbox is set up by GateDesk itself. key-present: replacing the RSA key needs
 * an explicit `replace`. no-key: the environment has no RSA key yet. not-started: the Sandbox
 * has not started, so it has no address yet.
 */
export type EnvironmentProblem =
  'not-found' | 'invalid-input' | 'built-in' | 'key-present' | 'no-key' | 'not-started'

export interface FieldIssue {
  path: string
  message: string
}

/**
 * Why the environment service refused. Its code (environments.*) words it in the window's
 * language; a refusal of the contract's checks has none, its issues carry their own.
 */
export class EnvironmentError extends Error implements Explained {
  override readonly name = 'EnvironmentError'
  readonly messageCode: MessageCode | undefined
  readonly params: MessageParams | undefined
  constructor(
    readonly problem: EnvironmentProblem,
    explained: Explained & { messageCode?: MessageCode },
    readonly issues: FieldIssue[] = [],
  ) {
    super(explained.message)
    this.messageCode = explained.messageCode
    this.params = explained.params
  }
}
