/** The Reports screen's texts (see renderer/src/i18n/README.md). */
export const reports = {}
