import { describe, expect, it } from 'vitest'
import { sendingKeyCheck } from '../../../main/environments/sending-key-check'
import { catalogWording } from '../../../main/platform/i18n/catalog-wording'
import { explainWith } from '../../../preload/contract/locales/explain'

const TEAM =
  'AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89'
const DESK =
  '12:34:56:78:9A:BC:DE:F0:12:34:56:78:9A:BC:DE:F0:12:34:56:78:9A:BC:DE:F0:12:34:56:78:9A:BC:DE:F0'
const production = { name: 'Production', expectedFingerprint: TEAM }

describe("a desk's own key against the team's, before it sends", () => {
  it('sends when the keys match, the fingerprint written in any case, with or without colons', () => {
    expect(sendingKeyCheck(production, TEAM)).toEqual({ send: true })
    expect(sendingKeyCheck(production, TEAM.toLowerCase().replaceAll(':', ''))).toEqual({
      send: true,
    })
  })

  it('sends when the team recorded no key: there is nothing to compare', () => {
    expect(sendingKeyCheck({ name: 'Integration', expectedFingerprint: null }, DESK)).toEqual({
      send: true,
    })
    expect(sendingKeyCheck({ name: 'Integration', expectedFingerprint: null }, null)).toEqual({
      send: true,
    })
  })

  it('warns a desk whose key differs, naming both fingerprints, in English and Russian', () => {
    const check = sendingKeyCheck(production, DESK)
    if (check.send) throw new Error('a differing key was let through')
    expect(check.warning).toMatchObject({
      messageCode: 'environments.key-differs',
      params: { environment: 'Production', expected: TEAM, own: DESK },
    })
    for (const language of ['en', 'ru'] as const) {
      const worded = explainWith(catalogWording(language), check.warning)
      expect(worded).toContain(TEAM)
      expect(worded).toContain(DESK)
      expect(worded).toContain('Production')
    }
    expect(explainWith(catalogWording('en'), check.warning)).toBe(check.warning.message)
    expect(explainWith(catalogWording('ru'), check.warning)).not.toBe(check.warning.message)
  })

  it("warns a desk without a key of its own, naming the team's", () => {
    const check = sendingKeyCheck(production, null)
    if (check.send) throw new Error('a desk without a key was let through')
    expect(check.warning).toMatchObject({
      messageCode: 'environments.key-not-on-desk',
      params: { environment: 'Production', expected: TEAM },
    })
    expect(explainWith(catalogWording('ru'), check.warning)).toContain(TEAM)
  })
})
