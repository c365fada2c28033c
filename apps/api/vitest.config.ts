import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    // Every bench at a toy size (issue 74): its databases come from this project's PostgreSQL (global setup).
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', '../../bench/*.toy.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // A connection lost while checked out fails its test, not the whole run (test/unheard-connection-errors.ts).
    setupFiles: ['test/unheard-connection-errors.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each worker imports the app once for all its files instead of once per file: importing it was
    // ~750 of a run's ~1,700 CPU-seconds on 2 cores. Test files share no state that matters: each has
    // its own database, app and folders, module caches are keyed by academy and record, and no file
    // mocks a module (vi.mock would need isolation). A spy or fake clock is undone by the file that made it.
    isolate: false,
  },
});
