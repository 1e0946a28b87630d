/** A row's first order id when the file gives none: the job's prefix and the row number. */
export const orderIdOf = (prefix: string, rowNumber: number) => `${prefix}-${rowNumber}`

/** A re-send after an unknown outcome goes with a new order id: the first one, -R and the attempt. */
export const resendOrderId = (current: string, attempt: number) =>
  `${current.replace(/-R\d+$/, '')}-R${attempt}`
