// Reads the project's Markdown as its readers see it: which files there are, the fenced code blocks in
// them (with the heading they sit under and the text after them), and the links they make.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from './sources.js';
import { trackedFiles } from './tracked-files.js';

export interface CodeBlock {
  /** The Markdown file, relative to the project root. */
  file: string;
  lang: string;
  code: string;
  /** The nearest heading above the block, as written (`## Install`). */
  heading: string;
  /** The prose between this block and the next block or heading. */
  after: string;
  line: number;
}

/** Every Markdown file git tracks, and those it would track (new, not ignored), relative to the root. */
export const markdownFiles = (): string[] => trackedFiles('*.md');

/** The pages people read to use the packages: the READMEs, the guides and the example's README. */
export function userPages(): string[] {
  return markdownFiles().filter((file) =>
    /^(README\.md|(check|emulator|mcp)\/README\.md|docs\/[^/]+\.md|examples\/[^/]+\/README\.md)$/.test(file),
  );
}

export const readMarkdown = (file: string): string => readFileSync(path.join(projectRoot, file), 'utf8');

/** The fenced code blocks of one Markdown file. */
export function codeBlocks(file: string): CodeBlock[] {
  const lines = readMarkdown(file).split('\n');
  const blocks: CodeBlock[] = [];
  let heading = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^#{1,6} /.test(line)) heading = line;
    const fence = /^```(\w*)\s*$/.exec(line);
    if (!fence) continue;
    const end = lines.indexOf('```', i + 1);
    if (end < 0) throw new Error(`${file}:${i + 1}: a code block that never closes`);
    let next = end + 1;
    while (next < lines.length && !/^(```|#{1,6} )/.test(lines[next]!)) next++;
    blocks.push({
      file,
      lang: fence[1]!,
      code: `${lines.slice(i + 1, end).join('\n')}\n`,
      heading,
      after: lines.slice(end + 1, next).join('\n'),
      line: i + 1,
    });
    i = end;
  }
  return blocks;
}

/** The heading anchors a Markdown renderer (GitHub's) makes for a file: lower case, punctuation dropped, spaces as `-`. */
export function headingAnchors(file: string): Set<string> {
  const anchors = new Set<string>();
  const counts = new Map<string, number>();
  let inCode = false;
  for (const line of readMarkdown(file).split('\n')) {
    if (line.startsWith('```')) inCode = !inCode;
    const heading = !inCode && /^#{1,6} (.+)$/.exec(line);
    if (!heading) continue;
    const base = heading[1]!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const seen = counts.get(base) ?? 0;
    counts.set(base, seen + 1);
    anchors.add(seen ? `${base}-${seen}` : base);
  }
  return anchors;
}

/** The targets of the inline links and images of a file, outside code blocks and code spans, with their lines. */
export function linkTargets(file: string): { target: string; line: number }[] {
  const found: { target: string; line: number }[] = [];
  let inCode = false;
  readMarkdown(file)
    .split('\n')
    .forEach((line, index) => {
      if (line.startsWith('```')) inCode = !inCode;
      if (inCode) return;
      for (const match of line.replace(/`[^`]*`/g, '').matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g))
        found.push({ target: match[1]!, line: index + 1 });
    });
  return found;
}
