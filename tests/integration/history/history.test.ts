import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { Parameter } from '../../../main/platform/privacy/parameter'
import { openDatabase } from '../../../main/platform/db/database'
import { createHistoryRepository } from '../../../main/history/history-repository'

const dir = mkdtempSync(join(tmpdir(), 'gatedesk-history-'))
const db = openDatabase(join(dir, 'gatedesk.sqlite'))
afterAll(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

let clock = Date.parse('2026-11-01T09:00:00Z')
const history = createHistoryRepository(db, () => new Date(clock))
const environment = { id: 'e-1', name: 'Production' }

function send(profileId: string, orderId: string, extra: Parameter[] = []): number {
  clock += 60_000
  return history.recordSending({
    environment,
    operation: 'update-recurring-payment',
    parameters: [['client-orderid', orderId], ['recurring-payment-id', profileId], ...extra],
  })
}

const approved = (serial: string) => ({
  outcome: 'approved' as const,
  serialNumber: serial,
  errorCode: null,
  errorMessage: null,
  message: `The update was accepted (serial number ${serial}).`,
})

describe('the request history', () => {
  const first = send('P-1', 'ORD-1', [
    ['credit-card-number', '4111111111111111'],
    ['cvv2', '123'],
    ['ssn', '123-45-6789'],
  ])
  history.recordResult(first, approved('S-1'))
  const declined = send('P-2', 'ORD-2')
  history.recordResult(declined, {
    outcome: 'declined',
    serialNumber: 'S-2',
    errorCode: '301',
    errorMessage: 'Card 4111111111111111 is blocked',
    message: 'The update was declined: Card 4111111111111111 is blocked (code 301).',
  })
  const third = send('P-1', 'ORD-3')
  history.recordResult(third, {
    outcome: 'unknown',
    message: 'The outcome is unknown: no answer within 60 s.',
  })

  it('keeps each request with its outcome, the card masked, cvv2 dropped and the SSN masked', () => {
    expect(history.get(first)).toEqual({
      id: first,
      sentAt: '2026-11-01T09:01:00.000Z',
      environmentId: 'e-1',
      environmentName: 'Production',
      operation: 'update-recurring-payment',
      parameters: [
        ['client-orderid', 'ORD-1'],
        ['recurring-payment-id', 'P-1'],
        ['credit-card-number', '411111******1111'],
        ['ssn', '***-**-6789'],
      ],
      profileId: 'P-1',
      orderId: 'ORD-1',
      outcome: 'approved',
      serialNumber: 'S-1',
      errorCode: null,
      errorMessage: null,
      message: 'The update was accepted (serial number S-1).',
    })
    expect(history.get(declined)?.errorMessage).toBe('Card 411111******1111 is blocked')
    expect(history.get(declined)?.message).not.toContain('4111111111111111')
  })

  it('finds requests by profile, order, outcome and date, newest first', () => {
    const ids = (query: Parameters<typeof history.search>[0]) =>
      history.search(query).entries.map((e) => e.id)
    expect(ids({ profileId: 'P-1' })).toEqual([third, first])
    expect(ids({ orderId: 'ORD-2' })).toEqual([declined])
    expect(ids({ outcome: 'unknown' })).toEqual([third])
    expect(ids({ from: '2026-11-01T09:02:00Z', to: '2026-11-01T09:03:00Z' })).toEqual([declined])
    expect(ids({ profileId: 'P-1', outcome: 'approved' })).toEqual([first])
    expect(() => history.search({ from: 'last tuesday' })).toThrow('"from" is not a date')
  })

  it('pages through the results with the total count', () => {
    expect(history.search({ limit: 2 })).toMatchObject({
      total: 3,
      entries: [{ id: third }, { id: declined }],
    })
    expect(history.search({ limit: 2, offset: 2 })).toMatchObject({
      total: 3,
      entries: [{ id: first }],
    })
  })

  it('marks requests cut off by a crash as unknown, never as not sent', () => {
    const cutOff = send('P-3', 'ORD-4')
    expect(history.get(cutOff)?.outcome).toBe('sending')
    expect(history.markInterrupted()).toBe(1)
    expect(history.get(cutOff)).toMatchObject({
      outcome: 'unknown',
      message: expect.stringMatching(/^GateDesk closed before the answer came/),
    })
    expect(() => history.recordResult(cutOff, approved('S-4'))).toThrow('already has its result')
  })

  it("keeps a result's message code and parameters for the window, card numbers masked", () => {
    const id = send('P-5', 'ORD-5')
    history.recordResult(id, {
      outcome: 'declined',
      message: 'The update was declined: card 4111 1111 1111 1111 refused.',
      messageCode: 'update.declined',
      params: { reason: 'card 4111 1111 1111 1111 refused', n: 2 },
    })
    const entry = history.get(id)!
    expect(entry.messageCode).toBe('update.declined')
    expect(entry.params).toEqual({ reason: expect.not.stringContaining('1111 1111'), n: 2 })
    expect(entry.message).not.toContain('1111 1111')
    const uncoded = send('P-6', 'ORD-6')
    history.recordResult(uncoded, approved('S-6'))
    expect(history.get(uncoded)).not.toHaveProperty('messageCode')
  })

  it('leaves the requests of a process still sending (a CLI run) to it, at an app start', () => {
    // The test runner's parent process is alive; a child that has exited is gone.
    const cli = createHistoryRepository(db, () => new Date(clock), {
      pid: process.ppid,
      host: hostname(),
    })
    const exited = spawnSync(process.execPath, ['-e', '']).pid
    const crashed = createHistoryRepository(db, () => new Date(clock), {
      pid: exited,
      host: hostname(),
    })
    const request = (orderId: string) => ({
      environment,
      operation: 'update-recurring-payment' as const,
      parameters: [['client-orderid', orderId]] as Parameter[],
    })
    const inFlight = cli.recordSending(request('ORD-CLI'))
    const cutOff = crashed.recordSending(request('ORD-CRASHED'))

    expect(history.markInterrupted()).toBe(1)
    expect(history.get(cutOff)?.outcome).toBe('unknown')
    expect(history.get(inFlight)?.outcome).toBe('sending')
    cli.recordResult(inFlight, approved('S-CLI'))
    expect(history.get(inFlight)?.outcome).toBe('approved')
  })
})
