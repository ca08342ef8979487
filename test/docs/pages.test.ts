// The pages a newcomer reads first stay short and in the order they need them: the READMEs within their
// budgets, the README's sections in order with a line per guide, no paragraph or list item over 80 words,
// and none of the project's internal issue labels ("[R]") in what users read.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMarkdown, userPages } from '../helpers/markdown.js';
import { projectRoot } from '../helpers/sources.js';

const BUDGETS = [
  { file: 'README.md', chars: 12_000 },
  { file: 'emulator/README.md', chars: 8_000 },
  { file: 'check/README.md', chars: 4_000 },
  { file: 'mcp/README.md', chars: 4_000 },
];
const MAX_WORDS = 80;

/** The prose of a page: its paragraphs and list items, without code blocks, tables or headings. */
function proseParts(text: string): string[] {
  return text
    .replace(/^```[\s\S]*?^```$/gm, '')
    .split(/\n\s*\n|\n(?=- )/)
    .map((part) => part.trim())
    .filter((part) => part && !/^(\||#)/.test(part));
}

describe('the pages people read first', () => {
  it.each(BUDGETS)('$file is at most $chars characters', ({ file, chars }) => {
    expect(readMarkdown(file).length).toBeLessThanOrEqual(chars);
  });

  it('has the README in the order a user needs it: install, three quick starts, the guides, contributing last', () => {
    const headings = [...readMarkdown('README.md').matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(headings).toEqual([
      'Install',
      'Quick start: call the API',
      'Quick start: test your app against the emulator',
      'Quick start: guard the description in CI',
      'Guides',
      'Contributing',
    ]);
  });

  it('lists every guide in docs/ in the README, one line each', () => {
    const readme = readMarkdown('README.md');
    const guides = readme.slice(readme.indexOf('## Guides'), readme.indexOf('## Contributing'));
    for (const guide of readdirSync(path.join(projectRoot, 'docs')).filter((file) => file.endsWith('.md'))) {
      expect(
        guides.split('\n').filter((line) => line.startsWith('- ') && line.includes(`](docs/${guide})`)),
        guide,
      ).toHaveLength(1);
    }
  });

  it.each(userPages())(`%s has no paragraph or list item over ${MAX_WORDS} words`, (file) => {
    const long = proseParts(readMarkdown(file)).filter((part) => part.split(/\s+/).length > MAX_WORDS);
    expect(long.map((part) => `${part.split(/\s+/).length} words: ${part.slice(0, 60)}...`)).toEqual([]);
  });

  it.each([...userPages(), 'CHANGELOG.md'])('%s uses no internal issue label', (file) => {
    expect(readMarkdown(file).match(/\[[A-Z]\](?!\()/g) ?? []).toEqual([]);
  });
});
