import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { channels, events } from '../../../preload/contract/channels'

type Node = z.core.$ZodType
const def = (schema: Node) =>
  schema._zod.def as unknown as Record<string, unknown> & { type: string }
const maxLengthOf = (schema: Node) =>
  ((def(schema).checks as Node[] | undefined) ?? [])
    .map((check) => check._zod.def as unknown as { check: string; maximum?: number })
    .find((check) => check.check === 'max_length')?.maximum

/** Calls `visit` on every schema node with its path, through wrappers, objects, arrays and unions. */
function walk(
  schema: Node,
  path: string,
  visit: (node: Node, path: string, key: string) => void,
  key = '',
) {
  visit(schema, path, key)
  const d = def(schema)
  const child = (next: unknown, suffix: string, childKey = key) =>
    walk(next as Node, `${path}${suffix}`, visit, childKey)
  switch (d.type) {
    case 'object':
      for (const [name, value] of Object.entries(d.shape as Record<string, Node>))
        child(value, `.${name}`, name)
      break
    case 'array':
      child(d.element, '[]')
      break
    case 'record':
      child(d.keyType, '{key}')
      child(d.valueType, '{value}')
      break
    case 'union':
      ;(d.options as Node[]).forEach((option, index) => child(option, `|${index}`))
      break
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      child(d.innerType, '')
      break
    case 'pipe':
      child(d.in, '')
      break
  }
}

const SECRET_NAMES = /control.?key|private.?key|secret|passphrase|password|cvv|token/i
const privateKeyPem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
  type: 'pkcs1',
  format: 'pem',
}) as string

const outputs = [
  ...Object.entries(channels).map(([name, c]) => [name, c.output] as const),
  ...Object.entries(events).map(([name, e]) => [`event ${name}`, e.payload] as const),
]

describe('the IPC contract', () => {
  it('has channels and events to check', () => {
    expect(Object.keys(channels).length).toBeGreaterThan(0)
    expect(Object.keys(events).length).toBeGreaterThan(0)
  })

  it('has no free-text output field named like a secret', () => {
    const offenders: string[] = []
    for (const [name, schema] of outputs) {
      // Only free text can carry a secret: a presence enum named controlKey cannot.
      walk(schema, name, (node, path, key) => {
        if (key && SECRET_NAMES.test(key) && def(node).type === 'string') offenders.push(path)
      })
    }
    expect(offenders).toEqual([])
  })

  it('has no output text that could carry a private key', () => {
    const offenders: string[] = []
    for (const [name, schema] of outputs) {
      walk(schema, name, (node, path) => {
        if (def(node).type === 'string' && (node as z.ZodString).safeParse(privateKeyPem).success) {
          offenders.push(path)
        }
      })
    }
    expect(offenders).toEqual([])
  })

  it('bounds every input: strings have a max length and arrays a max size', () => {
    const offenders: string[] = []
    for (const [name, { input }] of Object.entries(channels)) {
      walk(input, name, (node, path) => {
        const type = def(node).type
        if ((type === 'string' || type === 'array') && maxLengthOf(node) === undefined) {
          offenders.push(`${path} (${type})`)
        }
        if (type === 'any' || type === 'unknown') offenders.push(`${path} (${type})`)
      })
    }
    expect(offenders).toEqual([])
  })

  it('the walk itself finds what it looks for', () => {
    // Guards the guard: a schema with an unbounded string and a secret-named field must be caught.
    const found: string[] = []
    walk(z.object({ controlKey: z.string() }), 'probe', (node, path, key) => {
      if (SECRET_NAMES.test(key) && maxLengthOf(node) === undefined) found.push(path)
    })
    expect(found).toEqual(['probe.controlKey'])
  })
})
