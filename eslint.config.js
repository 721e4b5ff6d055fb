// Type-checked lint for the whole workspace, with the import-direction rules of
// docs/architecture.md: domain ← contract ← server, web; inside the web app ui ← features ← app.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '**/reports/**',
      '**/.stryker-tmp/**',
      'apps/server/media/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.ts', '*/*/scripts/*.mjs', 'e2e/scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'smart'],
      // Fastify handlers and plugins are async by contract even when they do not await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // A CommonJS module (one a tool loads by path, e.g. autocannon's setupRequest) imports with require.
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Domain: the standard library only (it runs in the browser too).
    files: ['packages/domain/src/**/*.ts'],
    rules: restrict([{ regex: '^(?!\\.{1,2}/)', message: 'packages/domain imports nothing but its own files.' }]),
  },
  {
    files: ['packages/contract/src/**/*.ts'],
    rules: restrict([
      { group: ['@chain/server', '@chain/web', '**/apps/**'], message: 'The contract never depends on the apps.' },
    ]),
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: restrict([{ group: ['@chain/web', '**/apps/web/**'], message: 'The server does not import the web app.' }]),
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict([{ group: ['@chain/server', '**/apps/server/**', 'node:*'], message: 'The web app talks to the server only over HTTP.' }]),
    },
  },
  {
    files: ['apps/web/src/ui/**/*.{ts,tsx}'],
    rules: restrict([
      { regex: '(^|/)(features|app)(/|$)', message: 'ui is the bottom layer: it imports neither features nor app.' },
      { group: ['@chain/server', 'node:*'], message: 'The web app talks to the server only over HTTP.' },
    ]),
  },
  {
    files: ['apps/web/src/features/*/**/*.{ts,tsx}'],
    rules: restrict([
      { regex: '^\\.\\./(?!\\.\\.)[^/]+', message: "A feature does not import another feature's internals." },
      { regex: '(^|/)app(/|$)', message: 'Features do not import the app layer.' },
      { group: ['@chain/server', 'node:*'], message: 'The web app talks to the server only over HTTP.' },
    ]),
  },
  {
    files: ['apps/web/src/{api,state}/**/*.{ts,tsx}'],
    rules: restrict([
      { regex: '(^|/)(features|app)(/|$)', message: 'api and state sit below features and app.' },
    ]),
  },
  {
    // Tests may use non-null assertions after an explicit expectation.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**/*.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
