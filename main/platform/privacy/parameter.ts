/**
 * One request or response parameter; order and repeated names are kept, as OAuth needs them.
 * Here, below both, because the gateway's codec encodes it and redaction masks it.
 */
export type Parameter = readonly [name: string, value: string]
