import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    pool: 'forks',
    // Most tests wait on PostgreSQL, PGlite or HTTP rather than compute. Vitest's default (one
    // worker fewer than the cores) runs one worker on a 2-core machine and leaves a core idle:
    // two take the suite from about 10 to 6.5 minutes there, and a third gains nothing.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          // The server's files share each worker's modules instead of importing the whole app
          // again (about 2.5 s a file). They can: the server keeps its state in the instance
          // each test starts, never at a module's top level, and no server test mocks a module,
          // stubs the environment or fakes timers (docs/testing.md, "How long the suite takes").
          name: 'server',
          include: ['packages/{server,core,contracts}/{src,test}/**/*.test.{ts,tsx}'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // The web app's modules keep state (the outbox, the toasts' queue): a file each.
          name: 'web',
          include: ['packages/{web,desktop}/{src,test}/**/*.test.{ts,tsx}'],
        },
      },
    ],
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
