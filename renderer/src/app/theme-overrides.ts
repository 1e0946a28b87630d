import type { GlobalThemeOverrides } from 'naive-ui'

/**
 * Naive UI's colours where its defaults fail WCAG 2.1 AA contrast (4.5:1 for text): the light
 * theme's secondary text (#767c82, 4.22:1 on white, 3.8:1 on grey bands) and its green
 * (#18a058, 3.38:1 as text: links, approved tags, format hints); the dark theme's secondary text
 * (52 % white, 3.89:1 on a popover); an empty table's words, drawn in the disabled grey
 * (1.8:1). The replacements reach 4.8:1 or more on every surface the
 * screens put them on.
 */
export const lightThemeOverrides: GlobalThemeOverrides = {
  common: {
    textColor3: '#5f6368',
    primaryColor: '#0c7a43',
    primaryColorHover: '#0f8a4b',
    primaryColorPressed: '#09633a',
    primaryColorSuppl: '#0f8a4b',
    successColor: '#0c7a43',
    successColorHover: '#0f8a4b',
    successColorPressed: '#09633a',
    successColorSuppl: '#0f8a4b',
  },
  // An empty table's words ("Nothing sent yet…") are read, not disabled: secondary text.
  Empty: { textColor: '#5f6368' },
}

export const darkThemeOverrides: GlobalThemeOverrides = {
  common: { textColor3: 'rgba(255, 255, 255, 0.7)' },
  Empty: { textColor: 'rgba(255, 255, 255, 0.7)' },
}
