// The embedded sandbox gateway in a process of its own (a utility process in the app, a Node fork
// in tests): a crash, or a report that runs it out of memory, ends this process and never the
// app. Started by a ProcessLauncher with the arguments of `sandboxProcessArgs`.
import { connectToParent } from '../../platform/workers/parent-link'
import { hostSandbox } from './sandbox-host'
import { sandboxProcessOptions } from './sandbox-process-messages'

hostSandbox(connectToParent(process), sandboxProcessOptions(process.argv.slice(2)), (code) =>
  process.exit(code),
)
