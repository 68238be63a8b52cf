import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import direction (docs/architecture.md, Conventions 2): shared/ is imported by client/ and server/, never the
 * reverse; in the client lib -> components -> features -> pages -> app, and features do not
 * import each other. Client code imports through the "@/" alias, so patterns on it suffice.
 */
const forbid = (...groups) => ({
  'no-restricted-imports': ['error', { patterns: groups.map(([group, message]) => ({ group, message })) }],
});
const upward = (layer, ...higher) => [
  higher.flatMap((h) => [`@/${h}`, `@/${h}/*`]),
  `${layer} must not import ${higher.join(', ')}.`,
];
/** Every folder in client/src/features is a feature: a new one is covered without an edit here. */
const features = readdirSync(new URL('./client/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/**
 * Outside a feature, its index.ts is the way in (quote-form's entry.ts for the page's first script,
 * which is in every page's first load while quote-form's index.ts leads to the form's code).
 */
const deepFeatureImport = [
  ['@/features/*/*', '!@/features/quote-form/entry'],
  'Import a feature through its index.ts (@/features/<name>), not its files.',
];

/**
 * The owner's app is a folder per part (docs/decisions/016): every folder in client/src/owner but
 * app/ is a part, covered here without an edit. A part imports another only through its index.ts;
 * app/ (the shell, the router, and what every part shares) is imported file by file and has no
 * index: the router in it imports every part, so an index of app/ would bring the router into each.
 */
const ownerRoot = 'client/src/owner';
const ownerFolders = readdirSync(new URL(`./${ownerRoot}`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const ownerParts = ownerFolders.filter((folder) => folder !== 'app');
const ownerBoundaries = {
  'import-x/no-restricted-paths': [
    'error',
    {
      basePath: fileURLToPath(new URL('.', import.meta.url)),
      zones: [
        ...ownerFolders.map((folder) => ({
          target: folder === 'app' ? [`${ownerRoot}/app`, `${ownerRoot}/main.tsx`] : `${ownerRoot}/${folder}`,
          from: ownerParts.filter((part) => part !== folder).map((part) => `${ownerRoot}/${part}`),
          except: ['./index.ts'],
          message: `Import another part of the owner's app through its index.ts (../<part>), not its files.`,
        })),
        {
          target: ownerRoot,
          from: 'client/src/pages',
          message: "The owner's app must not import the public site's pages.",
        },
      ],
    },
  ],
};

export default tseslint.config(
  { ignores: ['dist', 'public', 'data', 'node_modules', 'test-results', 'playwright-report', 'bench-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // React's rules where React is: its compiler's analysis on every server file cost a third of
    // the lint's time and found nothing there to check.
    files: ['client/**/*.{ts,tsx}', 'e2e/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Import cycles hide an order of evaluation nobody chose (and a cycle through a dynamic
    // import still ties the modules together). Paths and the "@/" and "@shared/" aliases are
    // resolved through tsconfig.json.
    files: ['client/**/*.{ts,tsx}', 'shared/**/*.ts', 'server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // The file types and parser the TypeScript preset sets, with the resolver below instead of its own.
      ...Object.fromEntries(
        Object.entries(importX.flatConfigs.typescript.settings).filter(([key]) => key !== 'import-x/resolver'),
      ),
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { allowUnsafeDynamicCyclicDependency: false, ignoreExternal: true }] },
  },
  {
    files: ['shared/**'],
    rules: forbid(
      [['react', 'react-dom', 'react/*', 'react-dom/*'], 'shared/ must not import React.'],
      [['express', 'drizzle-orm', 'drizzle-orm/*', 'pg'], 'shared/ must not import server libraries.'],
      [['@/*', '**/client/**', '**/server/**'], 'shared/ must not import client or server code.'],
    ),
  },
  {
    files: ['server/**'],
    rules: {
      ...forbid([['@/*', '**/client/**'], 'The server must not import client code.']),
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through server/env.ts.',
        },
      ],
    },
  },
  { files: ['server/env.ts', 'server/**/*.test.ts', 'server/test/**'], rules: { 'no-restricted-syntax': 'off' } },
  {
    // Services and the database sit below the HTTP layer: http/ and routes/ call them, never the reverse.
    files: ['server/services/**', 'server/db/**'],
    rules: forbid(
      [['@/*', '**/client/**'], 'The server must not import client code.'],
      [['**/http/*', '**/routes/*'], 'services/ and db/ must not import http/ or routes/.'],
    ),
  },
  { files: ['client/src/lib/**'], rules: forbid(upward('lib/', 'components', 'features', 'pages', 'app')) },
  { files: ['client/src/components/**'], rules: forbid(upward('components/', 'features', 'pages', 'app')) },
  ...features.map((feature) => ({
    files: [`client/src/features/${feature}/**`],
    rules: forbid(upward('features/', 'pages', 'app'), [
      features.filter((f) => f !== feature).flatMap((f) => [`@/features/${f}`, `@/features/${f}/*`]),
      'Features must not import each other.',
    ]),
  })),
  { files: ['client/src/pages/**'], rules: forbid(upward('pages/', 'app'), deepFeatureImport) },
  { files: ['client/src/app/**', 'client/src/owner/**', 'client/src/*.{ts,tsx}'], rules: forbid(deepFeatureImport) },
  { files: [`${ownerRoot}/**/*.{ts,tsx}`], rules: ownerBoundaries },
);
