import type {
  ReportTemplate,
  ReportTemplateSummary,
  ReportTemplatesRepository,
} from './report-templates-repository'

/**
 * Report templates wherever the workspace keeps them: this desk's SQLite (the local workspace)
 * or the team's PostgreSQL. Both check and refuse alike (template-checks.ts); names are unique
 * among the templates not deleted, whatever their case.
 */
export interface TemplateStore {
  list(): Promise<ReportTemplateSummary[]>
  recent(limit?: number): Promise<ReportTemplateSummary[]>
  get(id: string): Promise<ReportTemplate>
  freeName(base: string): Promise<string>
  save(input: { id?: string | null; name: string; request: unknown }): Promise<ReportTemplate>
  duplicate(id: string): Promise<ReportTemplate>
  rename(id: string, newName: string): Promise<ReportTemplate>
  remove(id: string): Promise<void>
  restore(id: string): Promise<ReportTemplate>
  purgeDeleted(before?: Date): Promise<number>
  markRun(id: string): Promise<boolean>
}

/** The local workspace's templates (synchronous SQLite) as a TemplateStore. */
export function localTemplateStore(repository: ReportTemplatesRepository): TemplateStore {
  return {
    list: async () => repository.list(),
    recent: async (limit) => repository.recent(limit),
    get: async (id) => repository.get(id),
    freeName: async (base) => repository.freeName(base),
    save: async (input) => repository.save(input),
    duplicate: async (id) => repository.duplicate(id),
    rename: async (id, newName) => repository.rename(id, newName),
    remove: async (id) => repository.remove(id),
    restore: async (id) => repository.restore(id),
    purgeDeleted: async (before) => repository.purgeDeleted(before),
    markRun: async (id) => repository.markRun(id),
  }
}
