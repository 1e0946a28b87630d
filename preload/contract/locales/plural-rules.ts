const russian = new Intl.PluralRules('ru')

/**
 * Russian needs three forms where English has two: "1 отчёт | 2 отчёта | 5 отчётов"
 * (a fourth, leading form is the zero case). vue-i18n leaves the choice to the app; the CLDR
 * rules in Intl decide it. Fractions ("other") take the form of 2.
 */
export function russianPlural(choice: number, choicesLength: number): number {
  const offset = choicesLength >= 4 ? 1 : 0
  if (offset && choice === 0) return 0
  const category = russian.select(Math.abs(choice))
  const index = category === 'one' ? 0 : category === 'many' ? 2 : 1
  return Math.min(index + offset, choicesLength - 1)
}
