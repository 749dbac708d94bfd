import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/{src,test}/**/*.test.{ts,tsx}'],
    pool: 'forks',
    // Most tests wait on PostgreSQL, PGlite or HTTP rather than compute. Vitest's default (one
    // worker fewer than the cores) runs one worker on a 2-core machine and leaves a core idle:
    // two take the suite from about 10 to 6.5 minutes there, and a third gains nothing.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
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
