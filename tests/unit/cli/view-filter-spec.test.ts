import { describe, expect, it } from 'vitest'
import { parseFilterSpec } from '../../../main/cli/view-filter-spec'
import { UsageError } from '../../../main/cli/cli-io'
import { inEnglish } from '../../../main/cli/cli-words'

const HEADER = ['Status', 'Amount', 'Merchant name', 'Email']
const column = (name: string) => {
  const index = HEADER.findIndex((header) => header.toLowerCase() === name.toLowerCase())
  if (index < 0) throw new Error(`no column ${name}`)
  return index
}
const parse = (spec: string) => parseFilterSpec(spec, column)
const refusal = (spec: string) => {
  try {
    parse(spec)
  } catch (error) {
    if (error instanceof UsageError) return inEnglish(error.text)
    throw error
  }
  throw new Error(`${spec} was read`)
}

describe('--filter as written on the command line', () => {
  it('reads each operator, the column named before the first one, spaces around trimmed', () => {
    expect(parse('Amount > 50')).toEqual({
      kind: 'range',
      column: 1,
      min: '50',
      minExclusive: true,
    })
    expect(parse('amount>=50')).toMatchObject({ min: '50', minExclusive: false })
    expect(parse('Amount<50')).toMatchObject({ max: '50', maxExclusive: true })
    expect(parse('Amount<=50')).toMatchObject({ max: '50', maxExclusive: false })
    expect(parse('Status!=declined')).toEqual({ kind: 'notEquals', column: 0, value: 'declined' })
    expect(parse('Status=')).toEqual({ kind: 'equals', column: 0, value: '' })
    expect(parse('Email~a=b@example.com')).toEqual({
      kind: 'contains',
      column: 3,
      value: 'a=b@example.com',
    })
  })

  it('reads a list after in, a quoted value whole with "" for a quote', () => {
    expect(parse('Status in approved, declined')).toEqual({
      kind: 'oneOf',
      column: 0,
      values: ['approved', 'declined'],
    })
    expect(parse('Merchant name IN "Shop, Ltd", "Say ""hi""",Other')).toEqual({
      kind: 'oneOf',
      column: 2,
      values: ['Shop, Ltd', 'Say "hi"', 'Other'],
    })
    expect(parse('Status= " spaced "')).toEqual({ kind: 'equals', column: 0, value: ' spaced ' })
  })

  it('refuses what it cannot read, saying which filter and why', () => {
    expect(refusal('Amount 50')).toContain('--filter "Amount 50" has no operator')
    expect(refusal('>50')).toContain('--filter ">50" names no column before >')
    expect(refusal('Email~')).toContain('--filter "Email~" has nothing after ~')
    expect(refusal('Status in "open')).toContain('has a quote left open')
    expect(refusal('Status in "a"b')).toContain('text after a closing quote')
  })
})
