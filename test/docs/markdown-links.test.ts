// Every link in the project's Markdown leads somewhere: a relative link to a file that exists (and to a
// heading it has), a link to this repository's web pages to a file that exists here. The READMEs that
// ship in a package use only absolute links, since a registry page or node_modules has no docs/ beside
// them, and every such link is built from the repository URL in the root package.json.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { headingAnchors, linkTargets, markdownFiles } from '../helpers/markdown.js';
import { projectRoot } from '../helpers/sources.js';

interface PackageJson {
  files?: string[];
  repository?: { url: string; directory?: string };
  homepage?: string;
  bugs?: { url: string };
}
const readPackage = (dir: string) =>
  JSON.parse(readFileSync(path.join(projectRoot, dir, 'package.json'), 'utf8')) as PackageJson;
const root = readPackage('.');
/** The repository's web address: `git+https://host/owner/name.git` without the wrapping. */
const repositoryUrl = root.repository!.url.replace(/^git\+/, '').replace(/\.git$/, '');
const PAGE = new RegExp(`^${repositoryUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/(?:blob|tree)/main/([^#?]*)(#.*)?$`);

/** Why a link from `file` leads nowhere, or undefined when it resolves. */
function brokenBecause(file: string, target: string): string | undefined {
  const [where, anchor] = target.split('#') as [string, string | undefined];
  const ownPage = PAGE.exec(target);
  if (/^[a-z]+:/i.test(target) && !ownPage) return undefined; // elsewhere on the web: not ours to check offline
  const resolved = ownPage
    ? ownPage[1]!
    : where === ''
      ? file
      : path.join(path.dirname(file), decodeURIComponent(where));
  if (!existsSync(path.join(projectRoot, resolved))) return `${resolved} does not exist`;
  if (anchor === undefined || !resolved.endsWith('.md') || statSync(path.join(projectRoot, resolved)).isDirectory())
    return undefined;
  return headingAnchors(resolved).has(anchor) ? undefined : `${resolved} has no heading #${anchor}`;
}

const packed = [
  { dir: '.', readme: 'README.md' },
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

  it.each(packed)('$readme ships in its package and links only absolutely', ({ dir, readme }) => {
    expect(readPackage(dir).files).toContain('README.md');
    const relative = linkTargets(readme).filter(({ target }) => !/^([a-z]+:|#)/i.test(target));
    expect(relative.map(({ target, line }) => `${readme}:${line}: ${target}`)).toEqual([]);
  });

  it.each(packed)('$dir/package.json names the repository, homepage and bugs from the root package.json', ({ dir }) => {
    const pkg = readPackage(dir);
    expect(repositoryUrl).toMatch(/^https:\/\//);
    expect(pkg.repository).toEqual({
      type: 'git',
      url: root.repository!.url,
      ...(dir === '.' ? {} : { directory: dir }),
    });
    expect(pkg.homepage).toBe(dir === '.' ? `${repositoryUrl}#readme` : `${repositoryUrl}/tree/main/${dir}#readme`);
    expect(pkg.bugs).toEqual({ url: `${repositoryUrl}/issues` });
  });

  it("finds each link to this repository's pages in the READMEs, so the check above reads them", () => {
    const own = packed.flatMap(({ readme }) => linkTargets(readme)).filter(({ target }) => PAGE.test(target));
    expect(own.length).toBeGreaterThan(5);
  });
});
