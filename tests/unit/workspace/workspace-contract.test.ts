import { describe, expect, it } from 'vitest'
import { channels, events } from '../../../preload/contract/channels'
import {
  fieldOfProblem,
  rightsOf,
  teamConnectionInputSchema,
} from '../../../preload/contract/workspace/workspace'

const valid = {
  host: 'db.example.com',
  port: 5432,
  database: 'gatedesk',
  user: 'anna',
  password: 'secret',
  useCaFile: false,
}

/** The fields a connection input is refused for. */
const refusedFields = (change: Record<string, unknown>) => {
  const parsed = teamConnectionInputSchema.safeParse({ ...valid, ...change })
  return parsed.success
    ? []
    : [...new Set(parsed.error.issues.map((issue) => issue.path.join('.')))]
}

describe('the workspace contract', () => {
  it('registers its channels and events', () => {
    for (const name of [
      'workspace:status',
      'workspace:choose-ca-file',
      'workspace:check',
      'workspace:connect',
      'workspace:disconnect',
    ])
      expect(channels).toHaveProperty([name])
    expect(events).toHaveProperty(['workspace:status-changed'])
    expect(events).toHaveProperty(['workspace:check-progress'])
  })

  it('takes a connection whose port is a whole number from 1 to 65535', () => {
    expect(refusedFields({})).toEqual([])
    expect(refusedFields({ port: 1 })).toEqual([])
    expect(refusedFields({ port: 65535 })).toEqual([])
    expect(refusedFields({ port: 0 })).toEqual(['port'])
    expect(refusedFields({ port: 65536 })).toEqual(['port'])
    expect(refusedFields({ port: 54.5 })).toEqual(['port'])
  })

  it('refuses an empty or malformed field, naming it', () => {
    expect(refusedFields({ host: '  ' })).toEqual(['host'])
    expect(refusedFields({ host: 'db example' })).toEqual(['host'])
    expect(refusedFields({ database: '' })).toEqual(['database'])
    expect(refusedFields({ user: 'a\u0000b' })).toEqual(['user'])
    expect(refusedFields({ password: '' })).toEqual(['password'])
    expect(refusedFields({ password: 'x'.repeat(1025) })).toEqual(['password'])
  })

  it('trims the names, never the password', () => {
    const parsed = teamConnectionInputSchema.parse({ ...valid, host: ' db ', password: ' p ' })
    expect(parsed.host).toBe('db')
    expect(parsed.password).toBe(' p ')
  })

  it('gives each role the rights of the one below it, and more', () => {
    expect(rightsOf('viewer')).toEqual(['reports', 'history'])
    expect(rightsOf('operator')).toEqual(['reports', 'history', 'send', 'bulk'])
    expect(rightsOf('admin')).toEqual([
      'reports',
      'history',
      'send',
      'bulk',
      'environments',
      'templates',
    ])
    expect(rightsOf(null)).toEqual([])
  })

  it('places a failed step beside the field it concerns', () => {
    const at = (messageCode?: string) => fieldOfProblem({ message: 'x', messageCode })
    expect(at('workspace.check.auth')).toBe('password')
    expect(at('workspace.check.tls')).toBe('useCaFile')
    expect(at('workspace.check.dns')).toBe('host')
    expect(at('workspace.check.refused')).toBe('host')
    expect(at('workspace.check.database')).toBe('database')
    expect(at('workspace.check.app-too-old')).toBeNull()
    expect(at(undefined)).toBeNull()
  })

  it('never returns a password: the status and check outputs have no such field', () => {
    const outputs = JSON.stringify(
      ['workspace:status', 'workspace:check', 'workspace:connect'].map((name) =>
        channels[name as 'workspace:status'].output.toJSONSchema?.(),
      ),
    )
    expect(outputs).not.toMatch(/password/i)
  })
})
