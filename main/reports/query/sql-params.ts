/**
 * The values of one statement's parameters. Every value that comes from a user or a file goes
 * into SQL through here, as `$n`, never spliced into the text.
 */
export class SqlParams {
  readonly values: string[] = []

  bind(value: string): string {
    this.values.push(value)
    return `$${this.values.length}`
  }
}
