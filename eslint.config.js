// One flat config for every workspace; each workspace's `lint` script runs ESLint on its own folder.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

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
    files: ['pwa/src/**/*.{ts,tsx}', 'widget/src/**/*.{ts,tsx}', 'shared/src/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Services and routes get time, network and drivers through ports (conventions.md §3).
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
