// Reads the contract (the seed) and the live-service facts that the tests hold the document to.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../test-kit/project-root.js';

export { projectRoot };
export const seedText = readFileSync(path.join(projectRoot, 'reference', 'seed.md'), 'utf8');
export const factsText = readFileSync(path.join(projectRoot, 'reference', 'live-service-facts.md'), 'utf8');

/** The text of one `## Heading` part of the seed, up to the next part. */
export function seedPart(heading: string): string {
  const start = seedText.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`The seed has no part "${heading}"`);
  const next = seedText.indexOf('\n## ', start + 1);
  return seedText.slice(start, next < 0 ? undefined : next);
}

export interface SeedOperation {
  number: number;
  method: string;
  path: string;
}

/** The numbered operations of the seed's Endpoints part: `1. POST /cloud/v3/...`. */
export function seedOperations(): SeedOperation[] {
  return [...seedPart('Endpoints').matchAll(/^(\d+)\. (GET|POST|PUT|PATCH|DELETE) (\S+)/gm)].map((m) => ({
    number: Number(m[1]),
    method: m[2]!,
    path: m[3]!,
  }));
}

/** Expands "1, 3 to 9, 11 and 14" into operation numbers. */
function expandNumbers(list: string): number[] {
  return list
    .split(/,\s*|\s+and\s+/)
    .filter(Boolean)
    .flatMap((item) => {
      const range = /^(\d+) to (\d+)$/.exec(item.trim());
      if (!range) return [Number(item)];
      const out: number[] = [];
      for (let n = Number(range[1]); n <= Number(range[2]); n++) out.push(n);
      return out;
    });
}

/**
 * Success code per operation: the seed's "Success codes given" sentence, then the facts file for an
 * operation the seed leaves open (op 12).
 */
export function successCodes(): Map<number, number> {
  const codes = new Map<number, number>();
  const sentence = /Success codes given: (.*)\./.exec(seedText)?.[1];
  if (!sentence) throw new Error('The seed has no "Success codes given" sentence');
  for (const clause of sentence.split(';')) {
    const m = /(\d{3}) for operations? (.*)/.exec(clause.trim());
    if (!m) throw new Error(`Cannot read success-code clause "${clause}"`);
    for (const op of expandNumbers(m[2]!)) codes.set(op, Number(m[1]));
  }
  for (const m of factsText.matchAll(/^- op (\d+) `[A-Z]+ [^`]+`: success is \*\*(\d{3})\*\*/gm)) {
    if (!codes.has(Number(m[1]))) codes.set(Number(m[1]), Number(m[2]));
  }
  return codes;
}

/** Splits "a (x, y), b (z)" at top-level commas (and a final " and "), leaving commas inside brackets. */
export function splitTopLevel(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (let i = 0; i < list.length; i++) {
    const ch = list[i]!;
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (depth === 0 && ch === ',') {
      parts.push(current);
      current = '';
      continue;
    }
    current += ch;
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter(Boolean);
}

export interface SeedField {
  name: string;
  /** The seed's type text, e.g. `string, timestamp, or null`. */
  type: string;
}

/** Reads `name (type)` or `name type` items of an inline field list. */
export function parseFieldList(list: string): SeedField[] {
  return splitTopLevel(list).map((item) => {
    const paren = /^(\w+) \((.*)\)$/.exec(item);
    if (paren) return { name: paren[1]!, type: paren[2]! };
    const plain = /^(\w+) (.+)$/.exec(item);
    if (!plain) throw new Error(`Cannot read field "${item}"`);
    return { name: plain[1]!, type: plain[2]! };
  });
}

export interface SeedTable {
  /** The `### Heading` the table stands under. */
  resource: string;
  fields: SeedField[];
}

/** Every `| Field | Type | ...` table in the seed's resources part, keyed by its heading. */
export function seedResourceTables(): SeedTable[] {
  const part = seedPart('Resources and their fields');
  const tables: SeedTable[] = [];
  for (const section of part.split('\n### ').slice(1)) {
    const resource = section.slice(0, section.indexOf('\n')).trim();
    const rows = section
      .split('\n')
      .filter((line) => line.startsWith('| ') && !line.startsWith('| Field') && !line.startsWith('|---'));
    if (rows.length === 0) continue;
    tables.push({
      resource,
      fields: rows.map((row) => {
        const [name, type] = row
          .split('|')
          .slice(1, 3)
          .map((cell) => cell.trim());
        return { name: name!, type: type! };
      }),
    });
  }
  return tables;
}

/** An inline field list of the seed that starts with `label` (e.g. "Converted video:"), read to its full stop. */
export function seedInlineFields(label: string): SeedField[] {
  const part = seedPart('Resources and their fields');
  const start = part.indexOf(label);
  if (start < 0) throw new Error(`The seed has no inline list "${label}"`);
  const rest = part.slice(start + label.length);
  const end = rest.search(/\.\n/);
  return parseFieldList(rest.slice(0, end).trim());
}

/** The quota base names of the seed's "Quota base names:" list. */
export function quotaBaseNames(): string[] {
  const list = /Quota base names: (.*)\.\n/.exec(seedText)?.[1];
  if (!list) throw new Error('The seed has no quota base names list');
  return list.split(', ');
}

/** The global quota bases of the seed's `global_quotas keys` bullet. */
export function globalQuotaBaseNames(): string[] {
  const list = /global_quotas keys: for each base (.*?), two keys/.exec(seedText)?.[1];
  if (!list) throw new Error('The seed has no global quota list');
  return list.split(', ');
}

/** The storage event kinds and their payload fields, from the seed's Events table. */
export function seedEventKinds(): { kind: string; payload: string[] }[] {
  return [...seedPart('Events').matchAll(/^\| (reaching_\w+) \| ([^|]+) \|$/gm)].map((m) => ({
    kind: m[1]!,
    payload: m[2]!.split(',').map((f) => f.trim()),
  }));
}
