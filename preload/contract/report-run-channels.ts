/** Running a report on an environment, its request preview, and what came back. */
export const reportRunChannels = {} as const
