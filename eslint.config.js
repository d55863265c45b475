import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import boundaries (CONTRIBUTING.md): code crosses folders through the package.json `imports` aliases
 * (`#app/…`, `#server/…`, `#shared/…`), never `../`; `shared/` runs in the browser and on the server and
 * imports neither side; `app/` may know the server's types but never its code.
 */
const NO_PARENT = {
  group: ['../*'],
  message: 'Import across folders through #app/…, #server/… or #shared/… (package.json "imports").',
};
const boundaries = (...patterns) => ({
  'no-restricted-imports': 'off',
  '@typescript-eslint/no-restricted-imports': ['error', { patterns: [NO_PARENT, ...patterns] }],
});

export default tseslint.config(
  {
    ignores: [
      'build/',
      'node_modules/',
      '.react-router/',
      'test-results/',
      'playwright-report/',
      'data/',
      'public/tinymce/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
      ...boundaries(),
    },
  },
  {
    files: ['shared/**'],
    rules: boundaries({
      regex: '^#(app|server|tests)/',
      message: 'shared/ runs in the browser and on the server: it imports nothing from app/, server/ or tests/.',
    }),
  },
  {
    files: ['app/**'],
    rules: boundaries(
      { regex: '^#server/', allowTypeImports: true, message: 'app/ may import server/ only as types (import type …).' },
      { regex: '^#tests/', message: 'app/ does not import tests.' },
    ),
  },
  {
    files: ['server/**'],
    rules: boundaries({ regex: '^#(app|tests)/', message: 'server/ does not import app/ or tests/ code.' }),
  },
);
