import { spawnSync } from 'node:child_process'

/**
 * Runs npm with `args`, its output shown, and returns its exit status. Under `npm run` it runs
 * the same npm through node (npm_execpath), which also avoids spawning npm.cmd on Windows, which
 * Node refuses without a shell.
 */
export function runNpm(args, env = process.env) {
  const npmCli = process.env.npm_execpath
  const [command, commandArgs] = npmCli
    ? [process.execPath, [npmCli, ...args]]
    : [process.platform === 'win32' ? 'npm.cmd' : 'npm', args]
  const result = spawnSync(command, commandArgs, {
    stdio: 'inherit',
    env,
    shell: !npmCli && process.platform === 'win32',
  })
  return result.status ?? 1
}
