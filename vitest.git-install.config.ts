import { defineConfig } from 'vitest/config';

// `npm run test:git-install`: the install from git, too slow for every run of npm test.
export default defineConfig({
  test: {
    include: ['test/install/git.test.ts'],
    testTimeout: 600_000,
  },
});
