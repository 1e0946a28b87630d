import { closeSync, createReadStream, createWriteStream } from 'node:fs'
import { rm, stat } from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'
import iconv from 'iconv-lite'
import { throttledProgress, type FileTaskControl } from './byte-progress'
import { encodingName } from './encoding-name'
import { asCsvError, fileSystemError } from './csv-error'
import { reopenReportFileSync } from './regular-file'
import { createPrivateFile } from '../db/private-files'

const READ_CHUNK_BYTES = 4 * 1024 * 1024

/**
 * Writes a UTF-8 copy of `source` to `target`, without a byte order mark: for files the row
 * scanner or the query engine cannot read as they are (UTF-16, legacy charsets). The decoder and
 * encoder keep state between chunks, so no character or surrogate pair is cut in two. On
 * failure or cancel, the partial copy is deleted.
 */
export async function transcodeToUtf8(
  source: string,
  encoding: string,
  target: string,
  { signal, onProgress }: FileTaskControl = {},
): Promise<void> {
  const decoder = iconv.decodeStream(encodingName(encoding))
  const bytesTotal = await sizeOf(source)
  let sourceFd: number
  try {
    sourceFd = reopenReportFileSync(source)
  } catch (error) {
    throw asCsvError(error)
  }
  // A new file of the report's own folder: never one someone made (or linked) there first.
  const targetFile = await createPrivateFile(target).catch((error: unknown) => {
    closeSync(sourceFd)
    throw error
  })
  const output = createWriteStream(target, { fd: targetFile })
  const input = createReadStream(source, { fd: sourceFd, highWaterMark: READ_CHUNK_BYTES })
  if (onProgress) {
    const report = throttledProgress(onProgress)
    let bytesDone = 0
    input.on('data', (chunk) => report({ bytesDone: (bytesDone += chunk.length), bytesTotal }))
  }
  try {
    await pipeline(input, decoder, iconv.encodeStream('utf-8'), output, { signal })
  } catch (error) {
    await rm(target, { force: true })
    throw signal?.aborted ? error : fileSystemError(source, error)
  }
}

async function sizeOf(path: string): Promise<number> {
  try {
    return (await stat(path)).size
  } catch (error) {
    throw fileSystemError(path, error)
  }
}
