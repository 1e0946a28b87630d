/** Report templates kept in SQLite, and their JSON import and export (the Reports designer). */
export const reportTemplateChannels = {} as const
