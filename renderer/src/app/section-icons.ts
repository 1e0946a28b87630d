import { h, type VNode } from 'vue'
import type { SectionId } from './sections'

// Outline icons in the style of Lucide (ISC): the folded navigation shows them alone, and no
// icon package is among the app's dependencies.
const PATHS: Record<SectionId | 'navigation', string[]> = {
  recurring: [
    'm17 2 4 4-4 4',
    'M3 11v-1a4 4 0 0 1 4-4h14',
    'm7 22-4-4 4-4',
    'M21 13v1a4 4 0 0 1-4 4H3',
  ],
  reports: [
    'M15 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V7Z',
    'M14 2v4a2 2 0 0 0 2 2h4',
    'M16 13H8',
    'M16 17H8',
    'M10 9H8',
  ],
  bulk: [
    'M12.8 2.2a2 2 0 0 0-1.6 0L2.6 6.1a1 1 0 0 0 0 1.8l8.6 3.9a2 2 0 0 0 1.6 0l8.6-3.9a1 1 0 0 0 0-1.8Z',
    'm22 12.6-9.2 4.2a2 2 0 0 1-1.6 0L2 12.6',
    'm22 17.6-9.2 4.2a2 2 0 0 1-1.6 0L2 17.6',
  ],
  keys: [
    'M13 15.5a5.5 5.5 0 1 1-11 0 5.5 5.5 0 0 1 11 0Z',
    'm21 2-9.6 9.6',
    'm15.5 7.5 3 3L22 7l-3-3',
  ],
  sandbox: [
    'M9 3h6',
    'M10 3v6L4.5 19a1.5 1.5 0 0 0 1.3 2h12.4a1.5 1.5 0 0 0 1.3-2L14 9V3',
    'M7 15h10',
  ],
  history: ['M3 12a9 9 0 1 0 3-6.7L3 8', 'M3 3v5h5', 'M12 7v5l4 2'],
  workspace: [
    'M12 8c4.97 0 9-1.34 9-3s-4.03-3-9-3-9 1.34-9 3 4.03 3 9 3Z',
    'M3 5v14c0 1.66 4.03 3 9 3s9-1.34 9-3V5',
    'M3 12c0 1.66 4.03 3 9 3s9-1.34 9-3',
  ],
  navigation: [
    'M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Z',
    'M9 3v18',
  ],
}

/** A 24×24 outline icon that takes the text colour; decorative, so hidden from screen readers. */
export function sectionIcon(name: SectionId | 'navigation'): VNode {
  return h(
    'svg',
    {
      viewBox: '0 0 24 24',
      width: '1em',
      height: '1em',
      fill: 'none',
      stroke: 'currentColor',
      'stroke-width': 2,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
      'aria-hidden': 'true',
    },
    PATHS[name].map((d) => h('path', { d })),
  )
}
