import { describe, expect, it } from 'vitest'
import { catalogWording } from '../../../main/platform/i18n/catalog-wording'
import { decodeUpdateResponse } from '../../../main/platform/gateway/update-response'
import { explainWith } from '../../../preload/contract/locales/explain'

const form = (text: string) => Buffer.from(text, 'utf8')

describe('decodeUpdateResponse', () => {
  it('reads an approval, stripping the newline that ends every value', () => {
    const result = decodeUpdateResponse(
      200,
      form(
        'type=update-recurring-payment-response\n&status=approved\n&serial-number=00000000-0000-0000-0000-000002e3b0e2\n',
      ),
    )
    expect(result.outcome).toBe('approved')
    expect(result.serialNumber).toBe('00000000-0000-0000-0000-000002e3b0e2')
    expect(result.fields).toEqual({
      type: 'update-recurring-payment-response',
      status: 'approved',
      'serial-number': '00000000-0000-0000-0000-000002e3b0e2',
    })
    expect(result.message).toContain('00000000-0000-0000-0000-000002e3b0e2')
  })

  it('reads a validation error with either spelling of the error fields', () => {
    for (const sep of ['-', '_']) {
      const result = decodeUpdateResponse(
        200,
        form(
          `type=validation-error\n&serial-number=7\n&error${sep}message=Invalid+amount%3A+abc\n&error${sep}code=2\n`,
        ),
      )
      expect(result.outcome).toBe('validation-error')
      expect(result.errorMessage).toBe('Invalid amount: abc')
      expect(result.errorCode).toBe('2')
      expect(result.message).toBe('The gateway rejected the request: Invalid amount: abc (code 2).')
    }
  })

  it('tells error, declined and status=error apart', () => {
    expect(
      decodeUpdateResponse(200, form('type=error\n&error-message=x\n&error-code=9\n')).outcome,
    ).toBe('error')
    expect(
      decodeUpdateResponse(200, form('type=update-recurring-payment-response\n&status=error\n'))
        .outcome,
    ).toBe('error')
    const declined = decodeUpdateResponse(
      200,
      form(
        'type=update-recurring-payment-response\n&status=declined\n&error-message=Profile+not+found\n&error-code=404\n',
      ),
    )
    expect(declined.outcome).toBe('declined')
    expect(declined.message).toBe('The update was declined: Profile not found (code 404).')
  })

  it("words the gateway's reason in the window's language too, and says when it gave none", () => {
    const answer = (fields: string) =>
      decodeUpdateResponse(
        200,
        form(`type=update-recurring-payment-response\n&status=declined${fields}\n`),
      )
    const russian = (result: ReturnType<typeof answer>) => explainWith(catalogWording('ru'), result)
    const coded = answer('\n&error-message=Limit\n&error-code=51')
    expect(russian(coded)).toBe('Изменение отклонено: Limit (код 51).')
    const bare = answer('')
    expect(bare.message).toBe('The update was declined: no reason given.')
    expect(russian(bare)).toBe('Изменение отклонено: причина не указана.')
    const onlyCode = answer('\n&error-code=51')
    expect(onlyCode.message).toBe('The update was declined: no reason given (code 51).')
    expect(russian(onlyCode)).toBe('Изменение отклонено: причина не указана (код 51).')
    // The gateway's own words stay as it wrote them.
    expect(russian(answer('\n&error-message=Limit'))).toBe('Изменение отклонено: Limit.')
  })

  it('gives the incident ID of an HTTP 500 internal failure', () => {
    const result = decodeUpdateResponse(500, form('internal server error [a1b2-c3d4]'))
    expect(result.outcome).toBe('internal-failure')
    expect(result.incidentId).toBe('a1b2-c3d4')
    expect(result.message).toContain('incident a1b2-c3d4')
  })

  it('reports an HTML page as a protocol error showing what arrived', () => {
    const result = decodeUpdateResponse(502, form('<html><body>Bad gateway</body></html>'))
    expect(result.outcome).toBe('protocol-error')
    expect(result.message).toContain('HTTP 502')
    expect(result.message).toContain('<html><body>Bad gateway')
  })

  it('reports an empty body as a protocol error', () => {
    expect(decodeUpdateResponse(200, form('')).message).toMatch(/is empty/)
  })

  it('notices a body cut off before its final newline', () => {
    const result = decodeUpdateResponse(
      200,
      form('type=update-recurring-payment-response\n&status=appro'),
    )
    expect(result.outcome).toBe('protocol-error')
    expect(result.message).toMatch(/cut off/)
  })

  it('reads values whose ending newline is sent percent-encoded, and still notices a cut', () => {
    const approved = decodeUpdateResponse(
      200,
      form('type=update-recurring-payment-response%0A&status=approved%0A&serial-number=S1%0A'),
    )
    expect(approved.outcome).toBe('approved')
    expect(approved.serialNumber).toBe('S1')
    expect(approved.fields['status']).toBe('approved')
    const cut = decodeUpdateResponse(
      200,
      form('type=update-recurring-payment-response%0A&status=approved%0A&serial-number=S'),
    )
    expect(cut.outcome).toBe('protocol-error')
    expect(cut.message).toMatch(/cut off/)
  })

  it('does not call an approval without its serial number approved: it may have been cut', () => {
    const result = decodeUpdateResponse(
      200,
      form('type=update-recurring-payment-response\n&status=approved\n'),
    )
    expect(result.outcome).toBe('protocol-error')
    expect(result.message).toMatch(/no serial number/)
    expect(result.message).toMatch(/check the profile before sending again/)
  })

  it('treats an undefined type/status pair as a protocol error, not an approval', () => {
    expect(decodeUpdateResponse(200, form('type=something-else\n&status=approved\n')).outcome).toBe(
      'protocol-error',
    )
    expect(decodeUpdateResponse(200, form('serial-number=1\n')).outcome).toBe('protocol-error')
  })

  it('cuts a huge unexpected body to a safe length in the message', () => {
    const result = decodeUpdateResponse(200, form('x'.repeat(100_000)))
    expect(result.outcome).toBe('protocol-error')
    expect(result.message.length).toBeLessThan(600)
  })

  describe('keeps none of the card data sent, however the gateway echoes it', () => {
    const sent = [
      ['client-orderid', 'ORD-1'],
      ['credit-card-number', '4111111111111111'],
      ['cvv2', '987'],
      ['ssn', '078-05-1120'],
    ] as const
    const secrets = ['4111111111111111', '411111111111', 'cvv2=987', '078-05-1120', '078051120']

    it('in an error message and every field', () => {
      const result = decodeUpdateResponse(
        200,
        form(
          'type=update-recurring-payment-response\n&status=declined\n&error-code=301\n&error-message=cvv2%3D987+wrong+for+4111.1111.1111.1111%2C+ssn+078-05-1120\n&echo=cvv2%3D987%26ssn%3D078051120\n',
        ),
        sent,
      )
      expect(result.errorMessage).toBe('cvv2=*** wrong for 4111.11**.****.1111, ssn ***-**-1120')
      expect(result.fields['echo']).toBe('cvv2=***&ssn=*****1120')
      for (const secret of secrets) expect(JSON.stringify(result)).not.toContain(secret)
    })

    it('in the preview of a proxy page reflecting the body, even where the preview is cut', () => {
      const body = 'credit-card-number=4111111111111111&cvv2=987&ssn=078-05-1120'
      const whole = decodeUpdateResponse(502, form(`<p>${body}</p>`), sent)
      expect(whole.message).toContain(
        'credit-card-number=411111******1111&cvv2=***&ssn=***-**-1120',
      )
      // The 200-character preview ends 12 digits into the card number.
      const cut = decodeUpdateResponse(502, form(`<p>${'x'.repeat(166)}${body}</p>`), sent)
      expect(cut.message).toContain('credit-card-number=411111******')
      for (const result of [whole, cut]) {
        for (const secret of secrets) expect(JSON.stringify(result)).not.toContain(secret)
      }
    })
  })

  it('survives a malformed %-escape', () => {
    expect(decodeUpdateResponse(200, form('type=error\n&error-message=%E0%A4%A\n')).outcome).toBe(
      'protocol-error',
    )
  })
})
