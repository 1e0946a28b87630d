import type { MessageSchema } from '../../../../preload/contract/locales/en'

// Gives editors the English keys to complete in t('…') and $t('…'). vue-i18n still accepts any
// string there, so tests/unit/platform/i18n/i18n-locales.test.ts checks every key the sources use.
declare module 'vue-i18n' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefineLocaleMessage extends MessageSchema {}
}
