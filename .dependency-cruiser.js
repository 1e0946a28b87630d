// Import rules (issue #21): no circles, no reaching into another part's insides. Checked by
// `npm run lint`: `depcruise main preload renderer bin`.
// A circle between files or between folders means neither side can be understood, tested or moved
// alone. Type-only imports count too: they tie the structure as much as value imports do.

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
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.vue', '.js', '.mjs', '.cjs', '.json'] },
  },
}
