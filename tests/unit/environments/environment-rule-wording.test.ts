import { describe, expect, it } from 'vitest'
import { environmentInputSchema } from '../../../preload/contract/environments/environment'
import { en } from '../../../preload/contract/locales/en'
import { explainWith } from '../../../preload/contract/locales/explain'
import { catalogWording } from '../../../main/platform/i18n/catalog-wording'

/** Every code the English catalog words under main.environment. */
const codes = (tree: object): string[] => Object.keys(tree).map((key) => `environment.${key}`)

// The contract words its refinements itself, in English next to their code: that English must
// stay the catalog's, and every code must have Russian.
describe("the environment rules' refusals in the catalog's words", () => {
  const parsed = environmentInputSchema.safeParse({
    name: ' Live ',
    kind: 'integration',
    baseUrl: 'https://user@gate.example.com/?x=1',
    endpointId: 'line\nbreak',
    merchantLogin: 'shop',
    updateRecurringPath: '/gw/api/v4/update-recurring-payment',
    reportPath: 'no-slash',
    extraCaPem: 'not a certificate',
  })
  const explained = parsed
    .error!.issues.filter((issue) => issue.code === 'custom')
    .map((issue) => {
      const { messageCode, ...params } = issue.params as Record<string, string>
      return { message: issue.message, messageCode, params }
    })

  it('carry every code the catalog words (https has a test of its own)', () => {
    expect(new Set(explained.map((issue) => issue.messageCode))).toEqual(
      new Set(codes(en.main.environment).filter((code) => !code.endsWith('https'))),
    )
  })

  it('read in English exactly as the catalog words them, and in Russian', () => {
    for (const issue of explained) {
      expect(explainWith(catalogWording('en'), issue)).toBe(issue.message)
      expect(explainWith(catalogWording('ru'), issue)).not.toBe(issue.message)
    }
    const endpoint = explained.find((issue) => issue.messageCode?.endsWith('endpoint-id'))!
    expect(explainWith(catalogWording('ru'), endpoint)).toBe(
      'Путь должен содержать {endpoint_id} — место для Endpoint ID, например /gw/api/v4/update-recurring-payment/{endpoint_id}',
    )
  })
})
