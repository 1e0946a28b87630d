import * as pdfjsLib from 'pdfjs-dist'
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url'

// The worker is a file of the app's own origin (CSP worker-src 'self'): never a blob: or a CDN.
pdfjsLib.GlobalWorkerOptions.workerSrc = workerUrl
// pdfjs-dist/web/pdf_viewer.mjs takes the library from this global while it loads, so this
// module must be imported before it.
;(globalThis as { pdfjsLib?: typeof pdfjsLib }).pdfjsLib = pdfjsLib
