// ESLint (flat config): rules that catch mistakes, none about layout (Prettier owns that;
// eslint-config-prettier, last, turns off any rule the two could disagree on).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

// The server's layers (docs/architecture.md, "Layers"): a folder may import its own layer and the ones
// below it, never one above. Top to bottom: the entry files (server/*.ts but the shared ones, seed/,
// jobs/worker-main.ts and worker-process.ts, db/migrate-cli.ts) → http/ → routers/ and trpc/ → jobs/ → services/ → auth/,
// email/, events/, invoices/, providers/ and studio/ (the engine the AI providers use) → db/ → lib/ (and shared/, errors.ts, env.ts, i18n.ts, deps.ts,
// which every layer may use).
const ENTRY = '(app|index|launch|start|dev|runtime)';
const ABOVE_LOWER = ['seed', 'http', 'routers', 'trpc', 'jobs', 'services'];
const SERVER_LAYERS = [
  { layer: 'http', files: ['server/http/**/*.ts'], above: ['seed'] },
  { layer: 'routers', files: ['server/routers/**/*.ts'], above: ['seed', 'http'] },
  { layer: 'trpc', files: ['server/trpc/**/*.ts'], above: ['seed', 'http', 'routers'] },
  {
    layer: 'jobs',
    files: ['server/jobs/**/*.ts'],
    ignores: ['server/jobs/worker-main.ts', 'server/jobs/worker-process.ts'],
    above: ['seed', 'http', 'routers', 'trpc'],
  },
  { layer: 'services', files: ['server/services/**/*.ts'], above: ['seed', 'http', 'routers', 'trpc', 'jobs'] },
  ...['auth', 'email', 'events', 'invoices', 'providers', 'studio'].map((layer) => ({
    layer,
    files: [`server/${layer}/**/*.ts`],
    above: ABOVE_LOWER,
  })),
  {
    layer: 'db',
    files: ['server/db/**/*.ts'],
    ignores: ['server/db/migrate-cli.ts'],
    above: [...ABOVE_LOWER, 'auth', 'email', 'events', 'invoices', 'providers', 'studio'],
  },
  {
    layer: 'lib',
    files: ['server/lib/**/*.ts'],
    above: [...ABOVE_LOWER, 'auth', 'email', 'events', 'invoices', 'providers', 'studio', 'db'],
  },
];
const layerRules = SERVER_LAYERS.map(({ layer, files, ignores, above }) => ({
  files,
  ...(ignores ? { ignores } : {}),
  rules: {
    'no-restricted-imports': 'off',
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(\\.\\./)+(${above.join('|')})(/|$)`,
            message: `server/${layer}/ sits below ${above.join(', ')}: it may not import them (docs/architecture.md, Layers).`,
          },
          {
            regex: `^(\\.\\./)+${ENTRY}$`,
            message: `server/${layer}/ may not import the entry files (server/${ENTRY}.ts): they assemble the layers.`,
          },
        ],
      },
    ],
  },
}));
// REST routes and procedures reach the database through a service, never by a query of their own.
const noQueriesAbove = {
  files: ['server/http/**/*.ts', 'server/routers/**/*.ts', 'server/trpc/**/*.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector: 'CallExpression[callee.property.name=/^(selectFrom|updateTable|insertInto|deleteFrom)$/]',
        message: 'http/, routers/ and trpc/ query the database through a service (server/services/).',
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'ci-reports/**',
      'tests/e2e/.data/**',
      'server/studio/models/**',
      'tests/fixtures/**',
      'client/public/**',
      // Generated from the served OpenAPI document (tests/api/client-sdk.test.ts).
      'shared/api-client/openapi.ts',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      // A `let` declared before the closures that read it and assigned once after them (server/index.ts's worker).
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // Same leeway as tsc's noUnusedLocals/noUnusedParameters: a leading underscore marks a
      // deliberately unused name; `const { a, ...rest } = x` is how a field is dropped.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // Type-aware rules (typed linting: the project service reads tsconfig.json, the whole tree in one
    // program): a promise nobody awaits loses its error, a switch over a union that misses a member
    // silently does nothing for it.
    files: ['server/**/*.ts', 'shared/**/*.ts', 'tests/**/*.{ts,tsx}', 'bench/**/*.ts', 'client/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Browser code and the code both sides share: Node's globals are not there at run time (the
    // client's type check still sees @types/node, pulled in by the server types AppRouter reaches).
    files: ['client/**/*.{ts,tsx}', 'shared/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', 'process', 'Buffer', 'global', '__dirname', '__filename', 'require', 'module', 'setImmediate'],
    },
  },
  {
    // The browser bundle may know the server's types (AppRouter) but never load its code.
    files: ['client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+server(/|$)',
              allowTypeImports: true,
              message: 'client/ may import from server/ only with `import type`.',
            },
            {
              regex: '^node:',
              message: 'client/ runs in the browser: no Node built-ins.',
            },
          ],
        },
      ],
    },
  },
  {
    // shared/ is read by both sides, so it depends on neither.
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(server|client)(/|$)',
              message: 'shared/ imports nothing from server/ or client/.',
            },
            {
              regex: '^node:',
              message: 'shared/ also runs in the browser: no Node built-ins.',
            },
          ],
        },
      ],
    },
  },
  ...layerRules,
  noQueriesAbove,
  {
    // Kysely's documented migration shape: a migration must not depend on today's schema type.
    files: ['migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  prettier,
);
