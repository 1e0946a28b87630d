import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { load } from 'js-yaml'
import { describe, expect, it } from 'vitest'

// The icon set electron-builder packs (scripts/make-icons.mjs draws it from build/icon.svg).
const config = load(readFileSync('electron-builder.yml', 'utf8')) as Record<
  'linux' | 'win' | 'mac',
  { icon: string }
>
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const pngSize = (png: Buffer) => {
  expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE)
  return [png.readUInt32BE(16), png.readUInt32BE(20)]
}

describe("GateDesk's icons", () => {
  it('give Linux a PNG of every size its name says, up to 1024 px', () => {
    const dir = config.linux.icon
    const names = readdirSync(dir).sort((a, b) => parseInt(a) - parseInt(b))
    expect(names.map((name) => parseInt(name))).toEqual([16, 24, 32, 48, 64, 128, 256, 512, 1024])
    for (const name of names) {
      const [width, height] = pngSize(readFileSync(join(dir, name)))
      expect(`${width}x${height}.png`).toBe(name)
    }
  })

  it('give Windows an .ico whose directory points at PNGs of the sizes it states, 256 px among them', () => {
    const ico = readFileSync(config.win.icon)
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1])
    const sizes = Array.from({ length: ico.readUInt16LE(4) }, (_, at) => {
      const entry = 6 + 16 * at
      const png = ico.subarray(
        ico.readUInt32LE(entry + 12),
        ico.readUInt32LE(entry + 12) + ico.readUInt32LE(entry + 8),
      )
      const [width] = pngSize(png)
      expect(ico.readUInt8(entry) || 256).toBe(width)
      return width
    })
    expect(sizes).toContain(256)
  })

  it('give macOS an .icns of PNG entries whose lengths add up to the file, 1024 px among them', () => {
    const icns = readFileSync(config.mac.icon)
    expect([icns.toString('ascii', 0, 4), icns.readUInt32BE(4)]).toEqual(['icns', icns.length])
    const widths: number[] = []
    for (let at = 8; at < icns.length; at += icns.readUInt32BE(at + 4)) {
      widths.push(pngSize(icns.subarray(at + 8, at + icns.readUInt32BE(at + 4)))[0]!)
    }
    expect(widths).toContain(1024)
  })
})
