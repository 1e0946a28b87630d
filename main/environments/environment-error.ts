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

export class EnvironmentError extends Error {
  override readonly name = 'EnvironmentError'
  constructor(
    readonly problem: EnvironmentProblem,
    message: string,
    readonly issues: FieldIssue[] = [],
  ) {
    super(message)
  }
}
