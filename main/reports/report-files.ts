import { randomUUID } from 'node:crypto'
import type { FileHandle } from 'node:fs/promises'
import { openRegularFile } from './report-file-kind'

/**
 * Report files the window may read through the app:// protocol, by id: the window never names a
 * path, and only files main registered here can be served (report-files/<id>).
 */
export interface ReportFiles {
  register(path: string, contentType: 'application/pdf' | 'text/csv'): string
  resolve(fileId: string): { path: string; contentType: string } | null
  forget(fileId: string): void
  /** Opens a registered file to stream it: checked when registered, it may be a pipe by now. */
  openRegular(path: string): Promise<FileHandle>
}

export function createReportFiles(): ReportFiles {
  const files = new Map<string, { path: string; contentType: string }>()
  return {
    register(path, contentType) {
      const fileId = randomUUID()
      files.set(fileId, { path, contentType })
      return fileId
    },
    resolve: (fileId) => files.get(fileId) ?? null,
    forget: (fileId) => void files.delete(fileId),
    openRegular: (path) => openRegularFile(path),
  }
}
