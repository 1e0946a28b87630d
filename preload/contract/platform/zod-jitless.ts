import { z } from 'zod'

// The window's CSP forbids eval, and zod probes `new Function` when it builds each object
// schema. Imported first by the preload and the renderer, before any schema is built.
z.config({ jitless: true })
