import type { Component, InjectionKey } from 'vue'

/**
 * The PDF viewer (props `fileId`, `fileName`), provided by the Reports screen to what shows a
 * PDF it made itself (the grid's print preview): the viewer's folder uses the grid's, so the grid
 * may not import it back.
 */
export const PDF_VIEWER: InjectionKey<Component> = Symbol('pdf-viewer')
