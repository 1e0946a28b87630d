/**
 * The editor's sends in flight, by the id the window gave each, so that the window can cancel
 * one. Cancelling aborts the transport, which then knows whether the request had left.
 */
export function createInFlightSends() {
  const controllers = new Map<string, AbortController>()
  return {
    /** Runs `send` with a signal that cancel(sendId) aborts; without an id it cannot be cancelled. */
    async run<T>(sendId: string | undefined, send: (signal?: AbortSignal) => Promise<T>) {
      if (sendId === undefined) return send()
      const controller = new AbortController()
      controllers.set(sendId, controller)
      try {
        return await send(controller.signal)
      } finally {
        controllers.delete(sendId)
      }
    },
    cancel(sendId: string): boolean {
      const controller = controllers.get(sendId)
      controller?.abort()
      return controller !== undefined
    },
  }
}

export type InFlightSends = ReturnType<typeof createInFlightSends>
