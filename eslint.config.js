import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import pluginVue from 'eslint-plugin-vue'
import prettier from 'eslint-config-prettier'

const nodeModules = ['electron', 'fs', 'path', 'crypto', 'os', 'child_process', 'http', 'https']
// The renderer runs sandboxed: it reaches main only through window.gatedesk.
const rendererImports = {
  paths: nodeModules.map((name) => ({ name, message: 'renderer/ never imports node or electron' })),
  patterns: [
    { regex: '^node:', message: 'renderer/ never imports node or electron' },
    {
      regex: '^(\\.\\./)+main(/|$)',
      message: 'renderer/ never imports main/: share code through preload/contract/',
    },
  ],
}
/** The renderer's import rules plus `patterns` of a part of it. */
const rendererImportsAnd = (...patterns) => [
  'error',
  { ...rendererImports, patterns: [...rendererImports.patterns, ...patterns] },
]
const MAX_FILE_LINES = 400
const MAX_FUNCTION_LINES = 150

export default tseslint.config(
  { ignores: ['node_modules', 'out', 'dist', 'release', 'test-results', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginVue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  {
    files: ['main/**', 'tests/**', 'bench/**', 'bin/**', 'scripts/**', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['renderer/**'],
    languageOptions: { globals: globals.browser },
    rules: { 'no-restricted-imports': ['error', rendererImports] },
  },
  {
    // A screen reaches main through its Pinia store or a composable, never by itself (issue #21).
    files: ['renderer/**/*.vue'],
    rules: {
      'no-restricted-imports': rendererImportsAnd({
        regex: '(^|/)bridge$',
        message: 'a .vue file calls main through its store or a composable, not the bridge',
      }),
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='window'][property.name='gatedesk']",
          message: 'a .vue file calls main through its store or a composable, not window.gatedesk',
        },
      ],
    },
  },
  {
    // i18n/ is the floor that format/ and bridge.ts word through, so it imports neither.
    files: ['renderer/src/platform/i18n/**'],
    rules: {
      'no-restricted-imports': rendererImportsAnd({
        regex: '^\\.\\./(format|bridge)(/|$)',
        message: 'i18n/ imports neither format/ nor bridge.ts: they import it',
      }),
    },
  },
  {
    files: ['main/**'],
    rules: {
      // The window's code runs in Chromium; main shares code with it through preload/contract/.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+renderer(/|$)',
              message: 'main/ never imports renderer/: share code through preload/contract/',
            },
          ],
        },
      ],
    },
  },
  {
    // Every user-visible text comes from the locale files (renderer/src/platform/i18n/README.md).
    files: ['renderer/**/*.vue'],
    rules: {
      'vue/no-bare-strings-in-template': [
        'error',
        {
          allowlist: [
            ...'()[]{}<>,.&+-=*/#%!?:|·•‐–—−…×→←↑↓✓'.split(''),
            'GateDesk',
            // Spec values, formats and commands read the same in every language.
            'INPUT_TEXT',
            'DD.MM.YYYY',
            'gatedesk sign',
            '✕',
            '⋯',
            // Numbers read the same in every language.
            '/^[\\d\\s]+$/',
          ],
          attributes: {
            '/.+/': [
              'title',
              'aria-label',
              'aria-placeholder',
              'aria-roledescription',
              'aria-valuetext',
              'placeholder',
              'label',
              'description',
              'tab',
              'positive-text',
              'negative-text',
              'empty-description',
              'start-placeholder',
              'end-placeholder',
            ],
            img: ['alt'],
          },
          directives: ['v-text'],
        },
      ],
    },
  },
  {
    files: ['preload/contract/**'],
    rules: {
      // The contract is shared by all three processes, so it may depend on zod alone (that its
      // relative imports stay inside preload/contract/ is checked in .dependency-cruiser.js).
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!zod$|\\.{1,2}/).*', message: 'preload/contract/ imports only zod' },
          ],
        },
      ],
    },
  },
  {
    // Small files with one job (issue #21): a file or function past these caps is split, not allowlisted.
    // tests/ are left out: a suite's describe() callback holds all its cases, so a cap there measures
    // how thoroughly a module is tested; a test file is split along with the code it covers.
    files: ['main/**/*.ts', 'preload/**/*.ts', 'renderer/**/*.ts', 'renderer/**/*.vue'],
    rules: {
      'max-lines': ['error', { max: MAX_FILE_LINES, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': [
        'error',
        { max: MAX_FUNCTION_LINES, skipBlankLines: true, skipComments: true },
      ],
    },
  },
  {
    // In a single-file component the template and style are markup: the cap is on its script block.
    files: ['renderer/**/*.vue'],
    rules: {
      'max-lines': 'off',
      'vue/max-lines-per-block': ['error', { script: MAX_FILE_LINES, skipBlankLines: true }],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  prettier,
)
