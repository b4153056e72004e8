// ESLint (flat config): rules that catch mistakes, none about layout (Prettier owns that;
// eslint-config-prettier, last, turns off any rule the two could disagree on).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

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
      'server/providers/ai/studio/models/**',
      'tests/fixtures/**',
      'client/public/**',
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
  {
    // Kysely's documented migration shape: a migration must not depend on today's schema type.
    files: ['migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  prettier,
);
