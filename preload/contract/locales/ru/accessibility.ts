import type { Translation } from '../message-schema'
import type { accessibility as english } from '../en/accessibility'

export const accessibility: Translation<typeof english> = {
  stepDown: 'Уменьшить',
  stepUp: 'Увеличить',
  progress: 'Ход выполнения',
  previousPage: 'Предыдущая страница',
  nextPage: 'Следующая страница',
}
