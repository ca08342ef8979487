// The root package installed from git, as `npm install git+<url>` does it: npm clones the repository,
// installs its dev dependencies, runs `prepare` (which builds dist/), and packs it. Slow (it installs
// the whole development tree): it runs in `npm run test:release`, not in npm test.
// The checker and the emulator are workspace folders, which npm cannot install from git: they install
// from their tarballs.
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/sources.js';
import { expectUsable, freshProject, run } from './installed.js';

describe(`cloud-platform-api installed from git, on Node ${process.versions.node}`, () => {
  it('builds on install, then imports and requires every export', () => {
    const project = freshProject('git-install-');
    const install = run('npm', ['install', '--omit=dev', `git+file://${projectRoot}`], project);
    expect(install.status, install.stderr).toBe(0);
    expectUsable(project, ['cloud-platform-api']);
  }, 600_000);
});
