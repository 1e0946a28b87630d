import { computed } from 'vue'
import { useThemeVars } from 'naive-ui'

/** The grid's colours from the app's theme, as CSS variables (they follow light and dark). */
export function useGridTheme() {
  const theme = useThemeVars()
  return computed(() => ({
    '--grid-border': theme.value.dividerColor,
    // The dark theme's table colours are see-through: laid on the opaque body colour, what
    // sticks (header, row numbers, pinned columns) hides what scrolls under it.
    '--grid-header': `linear-gradient(${theme.value.tableHeaderColor}, ${theme.value.tableHeaderColor}), ${theme.value.bodyColor}`,
    '--grid-body': `linear-gradient(${theme.value.tableColor}, ${theme.value.tableColor}), ${theme.value.bodyColor}`,
    '--grid-stripe': theme.value.tableColorStriped,
    '--grid-hover': theme.value.hoverColor,
    '--grid-primary': theme.value.primaryColor,
    '--grid-warning': theme.value.warningColor,
    '--grid-text': theme.value.textColor2,
    '--grid-muted': theme.value.textColor3,
  }))
}
