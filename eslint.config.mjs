/**
 * The lint pass of `npm test` (ADR 045): ESLint's and typescript-eslint's recommended rules and the rules of hooks.
 * No type-aware rules: `npm run typecheck` already runs the compiler, and a second type-checked pass would double the
 * time for little. Gatsby's development server brings its own ESLint 7 and does not read this file.
 */
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    'public/',
    '.cache/',
    'var/',
    'test-results/',
    'playwright-report/',
    'bench/out/',
    // Written by Gatsby (graphqlTypegen, ADR 046).
    'src/gatsby-types.d.ts',
    // Wrong on purpose: scripts/lint/boundaries.test.ts lints them apart and expects the errors.
    'scripts/lint/fixtures/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // The code drops properties by destructuring them into `_`-names (`const { token: _token, ...rest } = row`)
      // and names a parameter it must accept but does not read with `_`.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Migrations are frozen in time and must not depend on today's table types: Kysely's migration guide types them
    // with `Kysely<any>`.
    files: ['server/src/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Playwright reads a fixture's first parameter to learn what it depends on, so one that needs none is `{}`.
    files: ['tests/e2e/**'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['**/*.{ts,tsx}'],
    // Playwright's fixtures call a `use` that is not React's.
    ignores: ['tests/e2e/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      // An error, not a warning: warnings pile up unread. A dependency left out on purpose says why in a
      // disable comment, where the next reader of the effect needs it.
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Gatsby's, gatsby-worker's and webpack's private modules and shapes are reached in gatsby/private/ only, through
    // its registry (modules.cjs), which the canary test checks against the installed packages (ADR 077).
    ignores: ['gatsby/private/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "Literal[value=/gatsby.{0,6}(dist|cache-dir)|^gatsby-worker|^webpack.lib|^(ENABLE_STATEFUL_SOURCE_PLUGIN|internal-data-bridge|___loader)$/]",
          'TemplateElement[value.raw=/gatsby.{0,6}(dist|cache-dir)|^gatsby-worker|^webpack.lib|ENABLE_STATEFUL_SOURCE_PLUGIN|internal-data-bridge|___loader/]',
          'Literal[regex.pattern=/gatsby.{0,6}(dist|cache-dir)|internal-plugins/]',
          "Identifier[name='___loader']",
        ].map((selector) => ({
          selector,
          message: "Gatsby's private API is reached through gatsby/private/ (its registry modules.cjs) only, so the canary test covers it (ADR 077).",
        })),
      ],
    },
  },
  {
    // Node's CommonJS files: configuration read by tools, the Netlify build plugin, the source plugin's entry.
    files: ['**/*.{js,cjs}'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
