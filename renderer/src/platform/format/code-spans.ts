/** A piece of catalog text: plain words, or an API name to show in code font. */
export interface TextSpan {
  text: string
  code: boolean
}

/**
 * A catalog text cut at its `backquoted` API names (`amount-from`, `period`): people read the
 * words, and the names the spec and the gateway use stand apart in code font, untranslated.
 */
export function codeSpans(text: string): TextSpan[] {
  return text
    .split(/`([^`]+)`/)
    .map((part, index) => ({ text: part, code: index % 2 === 1 }))
    .filter((span) => span.text !== '')
}
