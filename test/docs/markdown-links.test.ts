// Every link in the project's Markdown leads somewhere: a relative link to a file that exists (and to a
// heading it has). A file of the repository is linked relatively, READMEs that ship in a package too: that
// works on GitHub and in a clone, and a registry page resolves it once package.json names a repository.
// The project has no public repository address yet, so none is named, and no placeholder stands in.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { headingAnchors, linkTargets, markdownFiles } from '../helpers/markdown.js';
import { projectRoot } from '../helpers/sources.js';
import { trackedFiles } from '../helpers/tracked-files.js';

interface PackageJson {
  files?: string[];
  repository?: unknown;
  homepage?: string;
  bugs?: unknown;
}
const readPackage = (dir: string) =>
  JSON.parse(readFileSync(path.join(projectRoot, dir, 'package.json'), 'utf8')) as PackageJson;

/** A link to this repository (by its name) on GitHub, under any owner: a file of it is linked relatively. */
const OWN_REPOSITORY = /^(?:git\+)?https:\/\/github\.com\/[^/]+\/cloud-platform-api\b/;
/** The placeholder owner a template leaves in a URL, spelled so this file does not hold it. */
const PLACEHOLDER = ['your', 'org'].join('-');

/** Why a link from `file` leads nowhere, or undefined when it resolves. */
function brokenBecause(file: string, target: string): string | undefined {
  const [where, anchor] = target.split('#') as [string, string | undefined];
  if (OWN_REPOSITORY.test(target))
    return 'a file of this repository is linked by a relative path, which works in a clone too';
  if (/^[a-z]+:/i.test(target)) return undefined; // elsewhere on the web: not ours to check offline
  const resolved = where === '' ? file : path.join(path.dirname(file), decodeURIComponent(where));
  if (!existsSync(path.join(projectRoot, resolved))) return `${resolved} does not exist`;
  if (anchor === undefined || !resolved.endsWith('.md') || statSync(path.join(projectRoot, resolved)).isDirectory())
    return undefined;
  return headingAnchors(resolved).has(anchor) ? undefined : `${resolved} has no heading #${anchor}`;
}

const packed = [
  { dir: '.', readme: 'README.md' },
  { dir: 'check', readme: 'check/README.md' },
  { dir: 'emulator', readme: 'emulator/README.md' },
  { dir: 'mcp', readme: 'mcp/README.md' },
];

describe('links in the Markdown', () => {
  it.each(markdownFiles())('every link in %s resolves', (file) => {
    const broken = linkTargets(file).flatMap(({ target, line }) => {
      const why = brokenBecause(file, target);
      return why ? [`${file}:${line}: ${target}: ${why}`] : [];
    });
    expect(broken).toEqual([]);
  });

  it.each(packed)('$readme ships in its package', ({ dir }) => {
    expect(readPackage(dir).files).toContain('README.md');
  });

  it.each(packed)(
    '$dir/package.json names no repository, homepage or bugs address: the project has none yet',
    ({ dir }) => {
      const { repository, homepage, bugs } = readPackage(dir);
      expect({ repository, homepage, bugs }).toEqual({ repository: undefined, homepage: undefined, bugs: undefined });
    },
  );

  it('no tracked file holds a placeholder repository owner', () => {
    const holding = trackedFiles('*')
      .filter((file) => existsSync(path.join(projectRoot, file)) && statSync(path.join(projectRoot, file)).isFile())
      .filter((file) => readFileSync(path.join(projectRoot, file), 'latin1').includes(PLACEHOLDER));
    expect(holding).toEqual([]);
  });
});
