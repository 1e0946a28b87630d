// Import rules (issue #21), checked by `npm run lint` (`depcruise main preload renderer bin`):
// the layers of each process, no circles, no reaching into another part's insides.
// A circle between files or between folders means neither side can be understood, tested or moved
// alone. Type-only imports count too: they tie the structure as much as value imports do.

/** main/'s feature folders: everything but the two roots (app/, cli/) and the shared platform/. */
const MAIN_FEATURE = '^main/(?!app/|cli/|platform/)([^/]+)/'

const layers = [
  {
    name: 'contract-imports-only-zod',
    comment: 'preload/contract/ is shared by all three processes: it imports zod and itself only.',
    from: { path: '^preload/contract/' },
    to: { pathNot: ['^preload/contract/', '(^|/)node_modules/zod/'] },
  },
  {
    name: 'platform-never-imports-a-feature',
    comment: 'platform/ is the floor every feature stands on; it knows none of them.',
    from: { path: '^(main|renderer/src)/platform/' },
    to: { path: '^(main|renderer/src)/', pathNot: '^$1/platform/' },
  },
  {
    name: 'contract-platform-never-imports-a-feature',
    comment:
      "The contract's platform/ (errors, units, calendar) knows no feature's channels or rules.",
    from: { path: '^preload/contract/platform/' },
    to: { path: '^preload/contract/', pathNot: '^preload/contract/platform/' },
  },
  {
    name: 'features-meet-through-the-contract',
    comment:
      'A feature reaches another only through preload/contract/ or an interface the composition ' +
      'root passes in: a type-only import of that interface, never a value.',
    from: { path: MAIN_FEATURE },
    to: {
      path: '^main/',
      // A root is the next rule's; a type-only import names the interface, never the code.
      pathNot: ['^main/$1/', '^main/platform/', '^main/(app|cli)/'],
      dependencyTypesNot: ['type-only'],
    },
  },
  {
    name: 'no-feature-imports-a-root',
    comment: 'app/ and cli/ compose the features; a feature never imports them.',
    from: { path: MAIN_FEATURE },
    to: { path: '^main/(app|cli)/' },
  },
  {
    name: 'cli-uses-a-feature-through-its-face',
    comment:
      'The command line uses a feature through its index.ts (its services and what a root builds ' +
      'them from), or its early-face.ts (what it starts before the message catalog loads), never ' +
      'its insides.',
    from: { path: '^main/cli/' },
    to: { path: MAIN_FEATURE, pathNot: '^main/[^/]+/(index|early-face)\\.ts$' },
  },
  {
    name: 'screens-meet-through-platform',
    comment:
      "A screen's folder never imports another's: what two share lives in renderer/src/platform/.",
    from: { path: '^renderer/src/features/([^/]+)/' },
    to: { path: '^renderer/src/(features/|app/)', pathNot: '^renderer/src/features/$1/' },
  },
]

// Imports that reach into another part's insides: [from, to, why], as path patterns.
const reachingIn = [
  [
    '^main/sandbox/stores/',
    '^main/sandbox/(?!stores/)',
    "The sandbox's stores are its ground floor: they import nothing else of the sandbox.",
  ],
]

export default {
  forbidden: [
    ...layers.map((rule) => ({ severity: 'error', ...rule })),
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
