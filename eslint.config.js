import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Dependencies point one way: core ← contracts ← server, web. Lint keeps it that way. */
const pureCoreRules = {
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        { group: ['@habitquest/*'], message: 'core depends on nothing of ours.' },
        { group: ['node:*', 'fs', 'path', 'os', 'crypto'], message: 'core does no I/O.' },
        { group: ['react', 'react-dom', 'react/*'], message: 'core knows no UI.' },
      ],
    },
  ],
  'no-restricted-properties': [
    'error',
    { object: 'Date', property: 'now', message: 'Time is an argument in core.' },
    { object: 'Math', property: 'random', message: 'Randomness is an argument in core.' },
  ],
  'no-restricted-syntax': [
    'error',
    {
      selector: "NewExpression[callee.name='Date'][arguments.length=0]",
      message: 'Time is an argument in core.',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-types/**',
      'packages/server/dist-test-*/**',
      'packages/server/dist-bench-*/**',
      'coverage/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'packages/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  ...tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['scripts/**', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
  { files: ['packages/core/src/**'], rules: pureCoreRules },
  {
    files: ['packages/contracts/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@habitquest/server*', '@habitquest/web*'],
              message: 'contracts sit below server and web.',
            },
            { group: ['node:*', 'react'], message: 'contracts are shared by browser and server.' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/web/boot.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['packages/web/src/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@habitquest/server*', 'node:*'],
              message: 'the browser never imports server code.',
            },
          ],
          paths: [
            {
              name: 'react',
              importNames: ['lazy'],
              message:
                'use lazyPart (app/lazy-part.tsx): a failed chunk then shows Retry, not a white page.',
            },
            {
              name: 'sonner',
              importNames: ['toast', 'Toaster'],
              message:
                'use lib/toast.ts (and app/ToastHost.tsx): sonner is loaded on demand, not in the first download.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/web/src/app/lazy-part.tsx'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The web's layers point one way: app/ and features/ build on lib/ and components/.
    files: ['packages/web/src/lib/**', 'packages/web/src/components/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@habitquest/server*', 'node:*'],
              message: 'the browser never imports server code.',
            },
            {
              group: ['**/app/*', '**/features/*'],
              message: 'lib/ and components/ sit below app/ and features/: nothing imports upward.',
            },
          ],
          paths: [
            {
              name: 'react',
              importNames: ['lazy'],
              message:
                'use lazyPart (app/lazy-part.tsx): a failed chunk then shows Retry, not a white page.',
            },
            {
              name: 'sonner',
              importNames: ['toast', 'Toaster'],
              message:
                'use lib/toast.ts (and app/ToastHost.tsx): sonner is loaded on demand, not in the first download.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/server/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@habitquest/web*'], message: 'the server never imports the web app.' },
          ],
        },
      ],
    },
  },
  {
    // The desktop shell talks to the server over HTTP and to the page through the bridge.
    files: ['packages/desktop/{src,test}/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@habitquest/server*', '@habitquest/web*'],
              message: 'the desktop shell imports core and contracts only (docs/desktop.md).',
            },
          ],
        },
      ],
    },
  },
);
