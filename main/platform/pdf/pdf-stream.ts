import { promisify } from 'node:util'
import { inflate } from 'node:zlib'
import { isDict, isName, isNonNegativeInteger, PdfSyntaxError, type PdfDict } from './pdf-syntax'

const inflated = promisify(inflate)

/**
 * Decodes the stream of a cross-reference or object stream (ISO 32000-1 §7.4.4, §7.5.7–7.5.8):
 * FlateDecode, with or without a PNG predictor, is what producers write there. At most
 * `maxBytes` come out, so a small stream cannot inflate into a huge one.
 */
export async function decodeStream(dict: PdfDict, data: Buffer, maxBytes: number): Promise<Buffer> {
  const filter = dict.get('Filter')
  const filters = Array.isArray(filter) ? filter : filter === undefined ? [] : [filter]
  if (filters.length === 0) return data
  if (filters.length > 1 || !isName(filters[0], 'FlateDecode')) {
    throw new PdfSyntaxError('a stream filter other than FlateDecode')
  }
  let decoded: Buffer
  try {
    decoded = await inflated(data, { maxOutputLength: maxBytes })
  } catch (error) {
    throw new PdfSyntaxError(`a stream does not inflate (${(error as Error).message})`)
  }
  const given = dict.get('DecodeParms')
  const parameters = Array.isArray(given) ? given[0] : given
  return isDict(parameters) ? unpredicted(decoded, parameters) : decoded
}

/** Undoes the PNG predictors (10–15) a cross-reference stream's rows are written with. */
function unpredicted(data: Buffer, parameters: PdfDict): Buffer {
  const predictor = parameters.get('Predictor') ?? 1
  if (predictor === 1) return data
  const columns = parameters.get('Columns') ?? 1
  const colors = parameters.get('Colors') ?? 1
  const bits = parameters.get('BitsPerComponent') ?? 8
  if (
    typeof predictor !== 'number' ||
    predictor < 10 ||
    predictor > 15 ||
    !isNonNegativeInteger(columns) ||
    colors !== 1 ||
    bits !== 8
  ) {
    throw new PdfSyntaxError('a stream predictor other than PNG on bytes')
  }
  const rowBytes = columns
  const rows = Math.floor(data.length / (rowBytes + 1))
  const out = Buffer.alloc(rows * rowBytes)
  for (let row = 0; row < rows; row++) {
    const type = data[row * (rowBytes + 1)]!
    const source = row * (rowBytes + 1) + 1
    const target = row * rowBytes
    for (let i = 0; i < rowBytes; i++) {
      const raw = data[source + i]!
      const left = i > 0 ? out[target + i - 1]! : 0
      const up = row > 0 ? out[target - rowBytes + i]! : 0
      const upLeft = row > 0 && i > 0 ? out[target - rowBytes + i - 1]! : 0
      out[target + i] = (raw + predicted(type, left, up, upLeft)) & 0xff
    }
  }
  return out
}

/** PNG's filter types (RFC 2083 §6). */
function predicted(type: number, left: number, up: number, upLeft: number): number {
  switch (type) {
    case 0:
      return 0
    case 1:
      return left
    case 2:
      return up
    case 3:
      return Math.floor((left + up) / 2)
    case 4: {
      const estimate = left + up - upLeft
      const [a, b, c] = [
        Math.abs(estimate - left),
        Math.abs(estimate - up),
        Math.abs(estimate - upLeft),
      ]
      return a <= b && a <= c ? left : b <= c ? up : upLeft
    }
    default:
      throw new PdfSyntaxError(`PNG predictor row type ${type}`)
  }
}
