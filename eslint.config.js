// One flat config for every workspace; `npm run lint` runs ESLint once over the repository (one import
// graph for the cycle check instead of one per workspace), and each workspace's `lint` its own folder.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';

const here = import.meta.dirname;

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      '**/coverage/**',
      'data/**',
      '**/dev-dist/**',
      'e2e/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // No import cycles: a cycle means two modules that cannot be understood (or loaded) one without the
    // other, and in the widget it means a chunk that drags the core entry in. The TypeScript resolver
    // maps the `.js` specifiers to the `.ts` sources, workspace by workspace.
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['shared', 'api', 'cron', 'widget', 'pwa', 'e2e'].map((w) => `${here}/${w}/tsconfig.json`),
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The rules of hooks, and effect dependencies as errors (a missing one is a stale-value bug). The
    // React Compiler rules that v7 adds to `recommended` are left out: the app does not use the compiler,
    // and they flag the fetch-in-effect pattern its data hooks are built on; adopting them is its own change.
    files: ['pwa/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['pwa/src/**/*.{ts,tsx}', 'widget/src/**/*.{ts,tsx}', 'shared/src/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // No api/src file over 450 lines (docs/developing.md "Conventions"): a longer file is split by a seam
    // (tests by the behaviour they cover, services by responsibility), not cut at the line.
    files: ['api/src/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 450 }] },
  },
  {
    // Services and routes get time, network and drivers through ports (docs/developing.md "Conventions").
    files: ['api/src/**/*.service.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: ['pg', 'redis', '@electric-sql/pglite', 'nodemailer'], patterns: ['drizzle-orm*'] },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Use the injected clock.',
        },
        {
          selector: "CallExpression[callee.name='fetch']",
          message: 'Use an injected port for outside HTTP.',
        },
      ],
    },
  },
);
