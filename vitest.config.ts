import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/{src,test}/**/*.test.{ts,tsx}'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    coverage: {
      provider: 'v8',
      include: ['packages/*/src/**/*.{ts,tsx}'],
      exclude: ['**/*.test.{ts,tsx}', '**/main.ts', 'packages/web/**'],
      reporter: ['text-summary', 'text'],
      thresholds: {
        'packages/core/src/**': { lines: 95 },
      },
    },
  },
});
