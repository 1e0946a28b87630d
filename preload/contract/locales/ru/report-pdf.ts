import type { Translation } from '../message-schema'
import type { reportPdf as english } from '../en/report-pdf'

export const reportPdf: Translation<typeof english> = {
  zoom: {
    label: 'Масштаб',
    title: 'Масштаб (Ctrl+0 — автоматический)',
    auto: 'Автоматически',
    pageFit: 'Страница целиком',
    pageWidth: 'По ширине страницы',
    percent: '{n} %',
    inTitle: 'Увеличить (Ctrl++)',
    outTitle: 'Уменьшить (Ctrl+−)',
  },
  save: 'Сохранить…',
  saveTitle: 'Сохранить PDF в исходном виде',
  saveOriginal: 'Сохранить исходный файл…',
  saving: 'Сохраняется {name}…',
  saved: 'Сохранено: {file}.',
  saveCancelled: 'Сохранение отменено, файл не записан.',
  saveFailed: 'Не удалось сохранить PDF: {reason}',
  print: 'Печать…',
  printTitle: 'Напечатать PDF (Ctrl+P)',
  preparing: 'Подготовка {name} к печати',
  progress: 'Страница {done} из {total}',
  cancel: 'Отмена',
  printFailed: 'Не удалось напечатать PDF: {reason}',
  pageImage: 'страницу {page} не удалось подготовить к печати',
}
