// Import rules (issue #21): no circles, no reaching into another part's insides. Checked by
// `npm run lint`: `depcruise main preload renderer bin`.
// A circle between files or between folders means neither side can be understood, tested or moved
// alone. Type-only imports count too: they tie the structure as much as value imports do.

// Folder imports that close a folder circle today, keyed by importing folder. To be untangled by
// the structure move; do not add: move the shared code down to a folder both can import instead.
const folderCirclesToday = {
  // store/bulk-mappings-repository.ts imports bulk/column-name.ts, which puts store/ (imported by
  // most features) in circles with them.
  'main/store': ['main/bulk'],
  'main/bulk': ['main/csv', 'main/environments', 'main/recurring', 'main/store'],
  'main/csv': ['main/store'],
  'main/environments': ['main/store'],
  'main/recurring': ['main/environments', 'main/store'],
  // privacy/redaction.ts takes its Parameter type from gateway/form-codec.ts, and gateway/ masks
  // what it received with privacy/redaction.ts.
  'main/gateway': ['main/privacy'],
  'main/privacy': ['main/gateway'],
  // locales/ru/ types its catalog with i18n/message-schema.ts; i18n/create.ts loads that catalog.
  'renderer/src/i18n': ['renderer/src/locales/ru'],
  'renderer/src/locales/ru': ['renderer/src/i18n'],
}

// Imports that reach into another part's insides (issue #21): [from, to, why], as path patterns.
const reachingIn = [
  [
    '^main/security/',
    '^main/reports/',
    'The app:// protocol serves report files through the interface the composition root passes in.',
  ],
  [
    '^main/environments/',
    '^main/sandbox/',
    'Environments connect to the sandbox the composition root passes in, typed by their own interface.',
  ],
  [
    '^main/cli/',
    '^main/sandbox/(stores|callbacks)/',
    "The CLI calls the sandbox's service functions, not its stores or callback dispatcher.",
  ],
  [
    '^main/sandbox/stores/',
    '^main/sandbox/(?!stores/)',
    "The sandbox's stores are its ground floor: they import nothing else of the sandbox.",
  ],
]

const exactly = (paths) => `^(${paths.join('|')})$`

export default {
  forbidden: [
    ...reachingIn.map(([from, to, comment]) => ({
      name: 'no-reaching-in',
      comment,
      severity: 'error',
      from: { path: from },
      to: { path: to },
    })),
    {
      name: 'no-circular',
      comment: 'Files never import in a circle: move what both sides need into a third file.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-circular-folders',
      comment: 'Folders never import in a circle: move what both sides need into a third folder.',
      severity: 'error',
      scope: 'folder',
      from: { pathNot: exactly(Object.keys(folderCirclesToday)) },
      to: { circular: true },
    },
    ...Object.entries(folderCirclesToday).map(([folder, importedToday]) => ({
      name: 'no-circular-folders',
      comment: `A folder circle from ${folder} through a folder not allowlisted in .dependency-cruiser.js.`,
      severity: 'error',
      scope: 'folder',
      from: { path: exactly([folder]) },
      to: { circular: true, pathNot: exactly(importedToday) },
    })),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.vue', '.js', '.mjs', '.cjs', '.json'] },
  },
}
