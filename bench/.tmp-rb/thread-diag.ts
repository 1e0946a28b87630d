import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { indexRows } from '../../main/csv/row-index'
import { scriptLocator } from '../../main/workers/script-ref'
setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void
const st = () => { const s = readFileSync('/proc/self/status', 'utf8'); const kb = (f: string) => (Number(new RegExp(`${f}:\\s+(\\d+) kB`).exec(s)?.[1] ?? 0) / 1000).toFixed(0); return `rss ${kb('VmRSS')} hwm ${kb('VmHWM')} anon ${kb('RssAnon')} ext ${(process.memoryUsage().external / 1e6).toFixed(0)}` }
const script = scriptLocator(join(process.cwd(), 'out', 'cli'))('row-index-worker')
console.log('start', st())
for (let r = 0; r < 6; r++) {
  let index: unknown = await indexRows(script, process.argv[2]!, { delimiter: ',' })
  console.log(`r${r} indexed`, st())
  index = null
  await new Promise((res) => setTimeout(res, 200)); gc(); gc()
  console.log(`r${r} freed`, st(), index)
}
