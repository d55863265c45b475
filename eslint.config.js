import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import local from './eslint-rules/index.js';

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

/**
 * Kysely (SQL) is written only in repositories (`server/modules/<name>/repository.ts`, `…/<what>-repository.ts`),
 * in server/db/ (connection, migrations, schema) and in server/backup/. Everything else gets its types
 * (`Db`, `Transaction`) and helpers from server/db/.
 */
const NO_KYSELY = {
  regex: '^kysely(/|$)',
  message:
    'Only repositories, server/db/ and server/backup/ use Kysely: put the query in a repository, take Db/Transaction from #server/db/database.ts.',
};
const REPOSITORY_FILES = (module) => [
  `server/modules/${module}/**/repository*.ts`,
  `server/modules/${module}/**/*-repository*.ts`,
];
const KYSELY_FILES = ['server/db/**', 'server/backup/**'];
const SHARED = {
  regex: '^#(app|server|tests)/',
  message: 'shared/ runs in the browser and on the server: it imports nothing from app/, server/ or tests/.',
};
const APP = [
  { regex: '^#server/', allowTypeImports: true, message: 'app/ may import server/ only as types (import type …).' },
  { regex: '^#tests/', message: 'app/ does not import tests.' },
];
const COMPONENTS = {
  regex: '^#app/features/',
  message:
    'app/components/ is shared by the features and imports none of them: move what both need into app/components/ or app/lib/.',
};
const SERVER = { regex: '^#(app|tests)/', message: 'server/ does not import app/ or tests/ code.' };
/** A module reaches another module's data only through that module's service, never its repository. */
const OTHER_REPOSITORY = (module) => ({
  regex: `^#server/modules/(?!${module}/)[^/]+/(?:[^/]+/)*[^/]*repository[^/]*$`,
  message: `A module uses another module through its service, never its repository (server/modules/${module}/ importing another module's repository).`,
});
/** Every server module, read from the folder: the rules follow modules as they are added or moved. */
const SERVER_MODULES = fs
  .readdirSync(new URL('./server/modules/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

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
      // Kept under 1 KB by hand (docs/decisions/0040-analytics.md); tests/unit/count-script.test.ts checks it.
      'public/count.js',
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
    rules: boundaries(SHARED, NO_KYSELY),
  },
  {
    files: ['app/**'],
    rules: boundaries(...APP, NO_KYSELY),
  },
  {
    files: ['app/components/**'],
    rules: boundaries(...APP, NO_KYSELY, COMPONENTS),
  },
  {
    files: ['server/**'],
    rules: boundaries(SERVER, NO_KYSELY),
  },
  {
    files: KYSELY_FILES,
    rules: boundaries(SERVER),
  },
  ...SERVER_MODULES.flatMap((module) => [
    { files: [`server/modules/${module}/**`], rules: boundaries(SERVER, NO_KYSELY, OTHER_REPOSITORY(module)) },
    { files: REPOSITORY_FILES(module), rules: boundaries(SERVER, OTHER_REPOSITORY(module)) },
  ]),
  {
    plugins: { local },
    rules: { 'local/no-module-cycle': 'error' },
  },
  {
    files: ['app/**', 'server/**', 'shared/**'],
    // Operators' texts, not users': configuration errors (printed at start-up) and the command line tools.
    ignores: ['shared/messages.ts', 'server/config.ts', 'server/cli/**', 'server/backup/**'],
    rules: { 'local/no-literal-message': 'error' },
  },
);
