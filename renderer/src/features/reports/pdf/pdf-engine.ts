// pdfjs-global must load first: pdf_viewer.mjs reads the library from a global as it loads.
import './pdfjs-global'
import {
  AnnotationEditorType,
  AnnotationMode,
  getDocument,
  PDFWorker,
  PixelsPerInch,
  RenderingCancelledException,
  type PDFDocumentProxy,
  type RenderTask,
} from 'pdfjs-dist'
import {
  EventBus,
  FindState,
  LinkTarget,
  PDFFindController,
  PDFLinkService,
  PDFViewer,
} from 'pdfjs-dist/web/pdf_viewer.mjs'
import 'pdfjs-dist/web/pdf_viewer.css'
import { openRangeTransport, RANGE_CHUNK_SIZE } from './range-transport'

// One worker for every document, started as soon as pdf.js loads (while the first range is read):
// its 1.3 MB of script is parsed once, not for each PDF opened.
let worker = new PDFWorker()

/**
 * Opens the PDF at `url`, reading only the ranges pdf.js asks for, until `signal` aborts.
 * `onReadError` hears of a range that could not be read after the document opened.
 */
export async function openPdf(
  url: string,
  signal: AbortSignal,
  onReadError: (error: Error) => void,
): Promise<PDFDocumentProxy> {
  const range = await openRangeTransport(url, signal, onReadError)
  signal.throwIfAborted()
  if (worker.destroyed) worker = new PDFWorker()
  const task = getDocument({
    worker,
    range,
    rangeChunkSize: RANGE_CHUNK_SIZE,
    // Read what the pages on screen need, never the rest of the file in the background.
    disableAutoFetch: true,
    disableStream: true,
    enableXfa: false,
    // WebAssembly needs 'wasm-unsafe-eval', which the CSP does not grant: pdf.js interprets
    // PostScript functions in JS instead (JPEG 2000 and JBIG2 images are then not drawn).
    // There is no isEvalSupported any more: pdf.js 6 never evaluates code. No scripting either:
    // that needs a scripting manager, which the viewer is not given.
    useWasm: false,
  })
  // Aborting ends the document (the worker stays, for the next one).
  signal.addEventListener('abort', () => void task.destroy(), { once: true })
  return task.promise
}

export type FindOutcome = 'found' | 'not-found' | 'wrapped' | 'pending'
const FIND_OUTCOMES: Record<number, FindOutcome> = {
  [FindState.FOUND]: 'found',
  [FindState.NOT_FOUND]: 'not-found',
  [FindState.WRAPPED]: 'wrapped',
  [FindState.PENDING]: 'pending',
}

/**
 * How the pages are sized: "automatic" (see automaticScale), pdf.js's whole page or page width
 * (following the window), or a fixed scale (1 = 100 %).
 */
export type ZoomChoice = 'auto' | 'page-fit' | 'page-width' | number

export interface PdfViewEvents {
  pageChanged: (page: number) => void
  /** `choice`: what the scale follows, or null once zoomed in or out by steps. */
  scaleChanged: (scale: number, choice: ZoomChoice | null) => void
  matchesChanged: (matches: { current: number; total: number }) => void
  findStateChanged: (outcome: FindOutcome) => void
  pageDrawn: (page: number, error: unknown) => void
}

export interface PdfView {
  zoomIn: () => void
  zoomOut: () => void
  zoom: (choice: ZoomChoice) => void
  goToPage: (page: number) => void
  /** A new search for `query`, or (`again`) the next or previous match of the current one. */
  find: (query: string, options: { again: boolean; previous: boolean }) => void
  /** Ends the search and its highlights. */
  endFind: () => void
  /** Closes the view; resolves once the pages it was still loading have come, so the document may go. */
  destroy: () => Promise<void>
}

/** The room pdf.js leaves beside a page fitted to the width (its SCROLLBAR_PADDING). */
const FIT_WIDTH_PADDING_PX = 40
/** Automatic zoom never enlarges a page past its print size… */
const AUTO_MAX_SCALE = 1
/**
 * …nor shrinks it below this: a report's 9-point rows stay 9 px high, and a wide page scrolls
 * sideways rather than becoming unreadable (a landscape A4 fitted into 600 px is at 49 %).
 */
const AUTO_MIN_SCALE = 0.75

/**
 * The automatic scale of a page `pageWidth` points wide in `container`: its width fitted (as
 * pdf.js's "page-width"), kept between AUTO_MIN_SCALE and AUTO_MAX_SCALE. pdf.js's own "auto"
 * fits a landscape page's height as well, smaller still, and goes up to 125 %.
 */
function automaticScale(container: HTMLElement, pageWidth: number): number | null {
  const fitted =
    (container.clientWidth - FIT_WIDTH_PADDING_PX) / (pageWidth * PixelsPerInch.PDF_TO_CSS_UNITS)
  if (!(fitted > 0 && Number.isFinite(fitted))) return null
  return Math.min(AUTO_MAX_SCALE, Math.max(AUTO_MIN_SCALE, fitted))
}

interface PageViewInternals {
  textLayer: object | null
  _textHighlighter?: {
    textDivs: unknown[] | null
    setTextMapping: (divs: null, texts: null) => void
  }
}

/**
 * pdf.js drops a page's canvas and text layer when the page leaves its small cache, but its
 * search highlighter keeps the text layer's detached spans until the page is drawn again: after
 * scrolling through 2,000 pages, 190,000 nodes kept for nothing. This lets them go (a new text
 * layer sets the highlighter up again when the page comes back).
 */
function releaseDroppedTextLayers(viewer: PDFViewer) {
  for (let index = 0; index < viewer.pagesCount; index++) {
    const pageView = viewer.getPageView(index) as PageViewInternals
    // _textHighlighter is created on first use: only pages drawn at least once have their own.
    if (!Object.hasOwn(pageView, '_textHighlighter') || pageView.textLayer) continue
    if (pageView._textHighlighter?.textDivs) pageView._textHighlighter.setTextMapping(null, null)
  }
}

const PAGE_REQUESTS_WAIT_MS = 2000

/**
 * The document as the viewer sees it, with the pages it asked for and has not got yet. A page
 * still on its way when the document is destroyed makes pdf.js log "Transport destroyed" and
 * then fail to draw it: the document must outlive those requests.
 */
function trackingPageRequests(pdfDocument: PDFDocumentProxy) {
  const pending = new Set<Promise<void>>()
  const getPage = (pageNumber: number) => {
    const page = pdfDocument.getPage(pageNumber)
    const settled: Promise<void> = page.then(
      () => void pending.delete(settled),
      () => void pending.delete(settled),
    )
    pending.add(settled)
    return page
  }
  const tracked = new Proxy(pdfDocument, {
    get(target, property) {
      if (property === 'getPage') return getPage
      // Its methods and getters read private fields: they run on the document itself.
      const value: unknown = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  // A page whose bytes cannot be read never comes: the document goes after a while anyway.
  const allCome = () =>
    Promise.race([
      Promise.all(pending).then(() => undefined),
      new Promise<void>((resolve) => setTimeout(resolve, PAGE_REQUESTS_WAIT_MS)),
    ])
  return { tracked, allCome }
}

/**
 * pdf.js's own viewer on `container` (absolutely positioned, holding a div.pdfViewer): it draws
 * only the pages on screen, keeps a few drawn pages and drops the canvases of the others, and
 * lays out the text layer that search highlights.
 */
export function createPdfView(
  container: HTMLDivElement,
  pdfDocument: PDFDocumentProxy,
  firstPageWidth: number,
  events: PdfViewEvents,
): PdfView {
  const eventBus = new EventBus()
  // External links open through window.open, which main hands to the system browser.
  const linkService = new PDFLinkService({ eventBus, externalLinkTarget: LinkTarget.BLANK })
  const findController = new PDFFindController({ eventBus, linkService })
  const viewer = new PDFViewer({
    container,
    eventBus,
    linkService,
    findController,
    // Links, but no form fields and no editing.
    annotationMode: AnnotationMode.ENABLE,
    annotationEditorMode: AnnotationEditorType.DISABLE,
  })
  linkService.setViewer(viewer)
  // The pages are laid out at the scale the viewer starts with: starting at the automatic one
  // spares laying out and scrolling all of them again before page 1 is drawn (2,000 of them in a
  // long report). There is no option for it: the scale the viewer starts with is this field.
  const startScale = automaticScale(container, firstPageWidth)
  if (startScale) viewer._currentScale = startScale

  let choice: ZoomChoice | null = 'auto'
  const zoom = (next: ZoomChoice) => {
    choice = next
    if (typeof next === 'number') viewer.currentScale = next
    else if (next !== 'auto') viewer.currentScaleValue = next
    else viewer.currentScale = automaticScale(container, firstPageWidth) ?? viewer.currentScale
    // Unchanged, the scale raises no event: the choice is told all the same.
    events.scaleChanged(viewer.currentScale, choice)
  }
  eventBus.on('pagesinit', () => zoom('auto'))
  eventBus.on('pagechanging', ({ pageNumber }: { pageNumber: number }) =>
    events.pageChanged(pageNumber),
  )
  eventBus.on('scalechanging', ({ scale }: { scale: number }) => events.scaleChanged(scale, choice))
  eventBus.on(
    'updatefindmatchescount',
    ({ matchesCount }: { matchesCount: { current: number; total: number } }) =>
      events.matchesChanged(matchesCount),
  )
  eventBus.on(
    'updatefindcontrolstate',
    ({
      state,
      matchesCount,
    }: {
      state: number
      matchesCount: { current: number; total: number }
    }) => {
      events.findStateChanged(FIND_OUTCOMES[state] ?? 'pending')
      events.matchesChanged(matchesCount)
    },
  )
  eventBus.on('pagerendered', ({ pageNumber, error }: { pageNumber: number; error: unknown }) => {
    if (!(error instanceof RenderingCancelledException)) events.pageDrawn(pageNumber, error)
    releaseDroppedTextLayers(viewer)
  })

  // A fitted scale follows the container's size (window resized, thumbnails shown or hidden).
  const resized = new ResizeObserver(() => {
    if (choice !== null && typeof choice !== 'number') zoom(choice)
  })
  resized.observe(container)

  const requests = trackingPageRequests(pdfDocument)
  viewer.setDocument(requests.tracked)
  linkService.setDocument(pdfDocument)

  return {
    zoomIn: () => {
      choice = null
      viewer.increaseScale()
    },
    zoomOut: () => {
      choice = null
      viewer.decreaseScale()
    },
    zoom,
    goToPage: (page) => {
      viewer.currentPageNumber = page
    },
    find: (query, { again, previous }) =>
      eventBus.dispatch('find', {
        source: null,
        type: again ? 'again' : '',
        query,
        caseSensitive: false,
        entireWord: false,
        highlightAll: true,
        findPrevious: previous,
        matchDiacritics: false,
      }),
    endFind: () => eventBus.dispatch('findbarclose', { source: null }),
    destroy: () => {
      resized.disconnect()
      viewer.setDocument(null)
      linkService.setDocument(null)
      return requests.allCome()
    },
  }
}

export interface ThumbnailTask {
  /** True once drawn, false if cancelled first. */
  promise: Promise<boolean>
  cancel: () => void
}

const THUMBNAIL_CSS_WIDTH = 96

/** Draws page `pageNumber` small into `canvas`, then frees what pdf.js kept to draw it. */
export function drawThumbnail(
  pdfDocument: PDFDocumentProxy,
  pageNumber: number,
  canvas: HTMLCanvasElement,
): ThumbnailTask {
  let cancelled = false
  let render: RenderTask | null = null
  const promise = (async () => {
    const page = await pdfDocument.getPage(pageNumber)
    if (cancelled) return false
    const width = page.getViewport({ scale: 1 }).width
    const viewport = page.getViewport({
      scale: (THUMBNAIL_CSS_WIDTH * window.devicePixelRatio) / width,
    })
    canvas.width = Math.round(viewport.width)
    canvas.height = Math.round(viewport.height)
    render = page.render({ canvas, viewport, annotationMode: AnnotationMode.DISABLE })
    try {
      await render.promise
      return true
    } catch (error) {
      if (error instanceof RenderingCancelledException) return false
      throw error
    } finally {
      // Without this, every page ever shown in the strip would keep its operator list.
      page.cleanup()
    }
  })()
  return {
    promise,
    cancel: () => {
      cancelled = true
      render?.cancel()
    },
  }
}
