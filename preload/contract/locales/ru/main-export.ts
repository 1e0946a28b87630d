import type { Translation } from '../message-schema'
import type { mainExport as english } from '../en/main-export'

export const mainExport: Translation<typeof english> = {
  'xlsx-sheet': 'Строки {from}–{to}',
  'xlsx-note-sheet': 'Примечание',
  'xlsx-failed':
    'Не удалось записать файл XLSX: {reason}. Файл не сохранён; повторите экспорт или выгрузите в CSV.',
  'xlsx-note':
    'Строк в этом представлении: {rows} — больше, чем помещается на одном листе Excel ({limit} строк под заголовком), поэтому они разбиты по порядку на {n} лист, на каждом есть заголовок: {names}. | Строк в этом представлении: {rows} — больше, чем помещается на одном листе Excel ({limit} строк под заголовком), поэтому они разбиты по порядку на {n} листа, на каждом есть заголовок: {names}. | Строк в этом представлении: {rows} — больше, чем помещается на одном листе Excel ({limit} строк под заголовком), поэтому они разбиты по порядку на {n} листов, на каждом есть заголовок: {names}.',
}
