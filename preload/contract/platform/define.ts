import type { z } from 'zod'

/** One request/response channel: what the renderer may send and what main answers. */
export interface ChannelDefinition<
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
> {
  input: I
  output: O
  /** What the channel does, for the reader of the contract. */
  summary: string
}

export function channel<I extends z.ZodType, O extends z.ZodType>(
  summary: string,
  input: I,
  output: O,
): ChannelDefinition<I, O> {
  return { input, output, summary }
}

/** One event channel: a typed payload main pushes to the window. */
export interface EventDefinition<P extends z.ZodType = z.ZodType> {
  payload: P
  summary: string
}

export function event<P extends z.ZodType>(summary: string, payload: P): EventDefinition<P> {
  return { payload, summary }
}
