import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'emulator/test/**/*.test.ts'],
    // Run once per CI run by npm run test:git-install: it installs the whole development tree.
    exclude: ['test/install/git.test.ts', '**/node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
