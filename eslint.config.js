import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import pluginVue from 'eslint-plugin-vue'
import prettier from 'eslint-config-prettier'

const nodeModules = ['electron', 'fs', 'path', 'crypto', 'os', 'child_process', 'http', 'https']

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
    rules: {
      // The renderer runs sandboxed: it reaches main only through window.gatedesk.
      'no-restricted-imports': [
        'error',
        {
          paths: nodeModules.map((name) => ({
            name,
            message: 'renderer/ never imports node or electron',
          })),
          patterns: [
            { regex: '^node:', message: 'renderer/ never imports node or electron' },
            {
              regex: '^(\\.\\./)+main(/|$)',
              message: 'renderer/ never imports main/: share code through preload/contract/',
            },
          ],
        },
      ],
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
    // Every user-visible text comes from the locale files (renderer/src/i18n/README.md).
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
      // The contract is shared by all three processes, so it may depend on zod alone.
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '^(?!zod$|\\./).*', message: 'preload/contract/ imports only zod' }],
        },
      ],
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
