import { defineConfig } from 'vitest/config';

// Three projects: pure logic in happy-dom; behaviour in Chromium against the production build;
// its core part again in Firefox.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'happy-dom',
          setupFiles: ['tests/unit/kit.ts'],
          // Projects with different worker counts run one group after the other.
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/browser/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One Chromium per file, two files at a time: most of a file's time is waiting on the
          // page (timers, network stand-ins, the seed's 4 s popup), so two overlap well on 2
          // cores; timing checks keep lower bounds only (CI 1 078 s -> see the issue note).
          fileParallelism: true,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          // One retry: layout-shift checks have seen rare sub-0.002 shifts under load whose
          // source is not found yet (noted on the issue); the report shows any retried test.
          retry: 1,
        },
      },
      {
        // The second engine: the core and the main widgets in Debian's firefox-esr (WebDriver BiDi).
        test: {
          name: 'firefox',
          include: ['tests/firefox/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/browser/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
          retry: 1,
        },
      },
    ],
  },
});
