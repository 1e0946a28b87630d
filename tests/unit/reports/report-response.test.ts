import { describe, expect, it } from 'vitest'
import {
  classifyReport as classifyAnswer,
  type ReceivedReport,
  requestedKind,
} from '../../../main/platform/gateway/report-response'

const received = (status: number, contentType: string, text: string | Buffer) => {
  const head = typeof text === 'string' ? Buffer.from(text) : text
  return { status, contentType, head, tail: head.subarray(-1024), bytes: head.length }
}
/** Most cases ask for no kind in particular; the last ones do. */
const classifyReport = (answer: ReceivedReport) => classifyAnswer(answer, null)

describe('classifyReport', () => {
  it('recognises a CSV report by content type', () => {
    expect(
      classifyReport(received(200, 'text/csv; charset=utf-8', '"Merchant_Name","Amount"\r\n')),
    ).toBe('csv')
  })

  it('recognises a PDF by its magic bytes whatever the content type says', () => {
    expect(classifyReport(received(200, 'application/octet-stream', '%PDF-1.7\n%%EOF'))).toBe('pdf')
    expect(classifyReport(received(200, 'text/csv', '%PDF-1.4\n%%EOF\n'))).toBe('pdf')
  })

  it('treats HTTP 200 text/plain "not authorised" as a refusal, not a report', () => {
    const result = classifyReport(
      received(200, 'text/plain', 'You are not authorised to perform this request'),
    )
    expect(result).toMatchObject({ outcome: 'not-authorised', kind: null, file: null })
  })

  it('treats other wordings of a text/plain refusal as a refusal too', () => {
    for (const words of ['Unauthorized', 'Access denied for merchant shop', '403 Forbidden']) {
      expect(classifyReport(received(200, 'text/plain', words))).toMatchObject({
        outcome: 'not-authorised',
      })
    }
  })

  it('shows any other short text/plain message instead of saving it as a CSV report', () => {
    const result = classifyReport(received(200, 'text/plain', 'Report template not found\n'))
    expect(result).toMatchObject({ outcome: 'protocol-error', file: null })
    expect(result).toHaveProperty(
      'message',
      'The gateway answered with a message instead of a report: "Report template not found"',
    )
  })

  it('keeps a short CSV served as text/plain a report in any encoding, byte-order mark or not', () => {
    const header = '"Merchant_Name","Amount"\r\n'
    for (const head of [
      Buffer.from(`\uFEFF${header}`),
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(header, 'utf16le')]),
      Buffer.from(header, 'utf16le').swap16(),
    ]) {
      expect(classifyReport(received(200, 'text/plain; charset=x', head))).toBe('csv')
    }
  })

  it('keeps a CSV served as text/plain a report', () => {
    expect(classifyReport(received(200, 'text/plain', '"Merchant_Name"\r\n"Shop"\r\n'))).toBe('csv')
  })

  it('refuses a body labelled PDF that is not one', () => {
    expect(classifyReport(received(200, 'application/pdf', 'oops'))).toMatchObject({
      outcome: 'protocol-error',
    })
  })

  it('gives the incident ID of an internal failure', () => {
    expect(
      classifyReport(received(500, 'text/plain', 'internal server error [X-42]')),
    ).toMatchObject({
      outcome: 'internal-failure',
      incidentId: 'X-42',
    })
  })

  it('refuses an HTML page and an empty body', () => {
    expect(classifyReport(received(200, 'text/html', '<!doctype html><p>login</p>'))).toMatchObject(
      {
        outcome: 'protocol-error',
      },
    )
    expect(classifyReport(received(200, 'text/csv', ''))).toMatchObject({
      outcome: 'protocol-error',
    })
  })

  it('takes a PDF as whole only when %%EOF ends its last KiB, white space aside', () => {
    const pdf = (ending: string) => received(200, 'application/pdf', `%PDF-1.7\n${ending}`)
    expect(classifyReport(pdf('%%EOF'))).toBe('pdf')
    expect(classifyReport(pdf('%%EOF\r\n\0\f\t '))).toBe('pdf')
    for (const ending of ['trailer\n<< >>\n', '%%EOF\nstartxref', `%%EOF${' '.repeat(1024)}`]) {
      expect(classifyReport(pdf(ending))).toMatchObject({
        outcome: 'protocol-error',
        message: expect.stringContaining('does not end with %%EOF'),
      })
    }
  })

  it('refuses a report of another kind than the request asked for', () => {
    const csv = received(200, 'text/csv', '"Merchant_Name"\r\n')
    const pdf = received(200, 'application/pdf', '%PDF-1.7\n%%EOF\n')
    expect(classifyAnswer(csv, 'csv')).toBe('csv')
    expect(classifyAnswer(pdf, 'pdf')).toBe('pdf')
    expect(classifyAnswer(pdf, 'csv')).toMatchObject({
      outcome: 'protocol-error',
      message: expect.stringContaining('You asked for a CSV report, but the gateway sent a PDF'),
    })
    expect(classifyAnswer(csv, 'pdf')).toMatchObject({
      outcome: 'protocol-error',
      message: expect.stringContaining('You asked for a PDF report, but the gateway sent a CSV'),
    })
  })

  it("reads the request's reportFormat in any case", () => {
    expect(['CSV', 'pdf', ' Pdf ', 'XLSX'].map(requestedKind)).toEqual(['csv', 'pdf', 'pdf', null])
  })
})
