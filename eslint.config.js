// Type-checked lint for the whole workspace, with the import-direction rules of
// docs/architecture.md: domain ← contract ← server, web; inside the web app ui ← features ← app.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier/flat';
import tseslint from 'typescript-eslint';

const web = 'apps/web/src';
const folders = (path) =>
  readdirSync(join(import.meta.dirname, path), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const features = folders(`${web}/features`);

// The server's modules (docs/architecture.md «Modules»): each is imported from outside only
// through its index.ts, its surface; its other files are its own. Tests may import any file.
const modules = 'apps/server/src/modules';
const serverModules = folders(modules);
const surfaces = serverModules.map((module) => `${module}/index.ts`);
const notTests = '!(*.test).ts';

/** Who may not import whom (docs/architecture.md), as folders relative to this file. */
const boundaryZones = [
  {
    target: 'packages/domain/src',
    from: '.',
    except: ['packages/domain/src'],
    message: 'packages/domain imports nothing but its own files.',
  },
  { target: 'packages/contract/src', from: ['apps', 'e2e'], message: 'The contract never depends on the apps.' },
  { target: 'apps/server', from: 'apps/web', message: 'The server does not import the web app.' },
  { target: web, from: 'apps/server', message: 'The web app talks to the server only over HTTP.' },
  {
    target: `${web}/ui`,
    from: [`${web}/features`, `${web}/app`],
    message: 'ui is the bottom layer: it imports neither features nor app.',
  },
  {
    target: [`${web}/api`, `${web}/state`],
    from: [`${web}/features`, `${web}/app`],
    message: 'api and state sit below features and app.',
  },
  { target: `${web}/features`, from: `${web}/app`, message: 'Features do not import the app layer.' },
  {
    target: [`${web}/app`, `${web}/features`, `${web}/ui`, `${web}/api`, `${web}/state`, `${web}/main.tsx`],
    from: `${web}/staff`,
    message:
      'The guest app and the kiosk never load the staff app (issue 17): staff imports ui and api, never the other way.',
  },
  {
    target: `${web}/staff`,
    from: [`${web}/features`, `${web}/app`],
    message: 'The staff app is its own app: it shares ui, api and state, not the guest screens.',
  },
  ...features.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [feature],
    message: 'A feature does not import another feature.',
  })),
  ...serverModules.map((module) => ({
    target: `${import.meta.dirname}/${modules}/${module}/**/${notTests}`,
    from: modules,
    except: [module, ...surfaces.filter((surface) => !surface.startsWith(`${module}/`))],
    message: `A module imports another module only through its index.ts (its surface); to share more, export it there.`,
  })),
  {
    target: [
      `${import.meta.dirname}/apps/server/src/${notTests}`,
      `${import.meta.dirname}/apps/server/src/!(modules)/**/${notTests}`,
    ],
    from: modules,
    except: surfaces,
    message: 'Outside the modules, a module is imported only through its index.ts (its surface).',
  },
];

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
    // The service worker's source (issue 18): the worker's globals; the build fills in __SHELL__ and __BUILD_ASSETS__.
    files: ['apps/web/sw/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker, __SHELL__: 'readonly', __BUILD_ASSETS__: 'readonly' } },
  },
  {
    // A CommonJS module (one a tool loads by path, e.g. autocannon's setupRequest) imports with require.
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The import direction, checked on the path each import resolves to (so `../../features/x`,
    // `../../../server/src/…` and a workspace package's own path are caught alike). One block
    // holds every zone: a later block cannot drop an earlier one's rules.
    files: ['packages/domain/src/**', 'packages/contract/src/**', 'apps/server/**', 'apps/web/src/**'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: boundaryZones }] },
  },
  {
    // The domain, the contract and the web app run in the browser: no Node.js built-ins.
    files: ['packages/domain/src/**', 'packages/contract/src/**', 'apps/web/src/**'],
    plugins: { 'import-x': importX },
    rules: { 'import-x/no-nodejs-modules': 'error' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Tests may use non-null assertions after an explicit expectation.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**/*.ts', 'e2e/**/*.ts', 'tests/scale/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  // Last: Prettier owns the layout (npm run format, checked by npm run lint); no rule may fight it.
  prettier,
);
