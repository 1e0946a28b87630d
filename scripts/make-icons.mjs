#!/usr/bin/env node
// Renders build/icon.svg into the icon set electron-builder packs (run by hand after changing
// the SVG; the outputs are committed): build/icons/<n>x<n>.png for Linux, build/icon.ico for
// Windows and build/icon.icns for macOS, each drawn by Chromium at its own size.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { chromium } from 'playwright-core'

const SVG = readFileSync('build/icon.svg', 'utf8')
const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024]
const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256]
/** The icns types holding PNG data of each size (Apple's Icon Services formats). */
const ICNS_TYPES = [
  ['icp4', 16],
  ['icp5', 32],
  ['icp6', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic09', 512],
  ['ic10', 1024],
]

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
})
const page = await browser.newPage()
const pngs = new Map()
for (const size of LINUX_SIZES) {
  await page.setViewportSize({ width: size, height: size })
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${SVG}`,
  )
  pngs.set(size, await page.screenshot({ omitBackground: true }))
}
await browser.close()

mkdirSync('build/icons', { recursive: true })
for (const [size, png] of pngs) writeFileSync(`build/icons/${size}x${size}.png`, png)

// ICO and ICNS are containers of PNGs (a header and a directory): a few lines here rather than
// a dependency for each.
const ico = () => {
  const header = Buffer.alloc(6 + 16 * ICO_SIZES.length)
  header.writeUInt16LE(1, 2)
  header.writeUInt16LE(ICO_SIZES.length, 4)
  let offset = header.length
  ICO_SIZES.forEach((size, at) => {
    const entry = 6 + 16 * at
    header.writeUInt8(size % 256, entry)
    header.writeUInt8(size % 256, entry + 1)
    header.writeUInt16LE(1, entry + 4)
    header.writeUInt16LE(32, entry + 6)
    header.writeUInt32LE(pngs.get(size).length, entry + 8)
    header.writeUInt32LE(offset, entry + 12)
    offset += pngs.get(size).length
  })
  return Buffer.concat([header, ...ICO_SIZES.map((size) => pngs.get(size))])
}
const icns = () => {
  const entries = ICNS_TYPES.map(([type, size]) => {
    const head = Buffer.alloc(8)
    head.write(type, 0, 'ascii')
    head.writeUInt32BE(8 + pngs.get(size).length, 4)
    return Buffer.concat([head, pngs.get(size)])
  })
  const head = Buffer.alloc(8)
  head.write('icns', 0, 'ascii')
  head.writeUInt32BE(8 + entries.reduce((sum, entry) => sum + entry.length, 0), 4)
  return Buffer.concat([head, ...entries])
}
writeFileSync('build/icon.ico', ico())
writeFileSync('build/icon.icns', icns())
console.log(`wrote build/icons (${LINUX_SIZES.join(', ')} px), build/icon.ico, build/icon.icns`)
