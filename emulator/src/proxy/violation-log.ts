// What the proxy saw, kept for a test or a person to read: each violation with its operation, direction,
// status, path, rule, message and time (the undeclared fields apart: the live service may add fields),
// and per operation the calls, the statuses seen and the violations by rule, as JSON or as a Markdown
// report to paste into an issue about the document. What came from a peer is kept printable: no
// control character or escape code reaches whoever reads the report.
import { printable } from 'cloud-platform-api/toolbox';
import type { ContractViolation } from '../core/messages.js';

const DEFAULT_VIOLATION_LOG_SIZE = 1000;

/** One exchange the proxy found breaking the document: when, which operation, and each violation. */
export interface ViolationEntry extends ContractViolation {
  time: string;
  /** The operation the exchange was for; absent for a path no operation of the document has. */
  operationId?: string;
  /** The upstream's status; absent when it gave no answer. */
  status?: number;
  /** The request that showed it: method, path and query (`GET /streaming/videos/1444`), scrubbed of the key. */
  request: string;
}

interface OperationTally {
  calls: number;
  statuses: Map<number, number>;
  rules: Map<string, number>;
  undeclared: number;
}

const NO_OPERATION = '(no operation)';

const countUp = <K>(counts: Map<K, number>, key: K) => counts.set(key, (counts.get(key) ?? 0) + 1);
const listed = <K>(counts: Map<K, number>) => [...counts].map(([key, n]) => `${key} × ${n}`).join(', ');

/** One exchange as the log takes it: its operation, the upstream's status (none when it gave no answer), when, and the request line. */
export interface LoggedExchange {
  operationId: string | undefined;
  status: number | undefined;
  time: string;
  request: string;
}

/** What the proxy found wrong in the exchanges it forwarded: the newest entries, and a tally per operation. */
export interface ViolationLog {
  /** One exchange, and what was wrong with it. */
  add(exchange: LoggedExchange, violations: readonly ContractViolation[]): void;
  /** The newest entries, oldest first: the violations, and the undeclared fields apart. */
  list(): { violations: ViolationEntry[]; undeclaredFields: ViolationEntry[] };
  clear(): void;
  /**
   * The report: a line per operation (calls, statuses seen, violations by rule, undeclared fields), then
   * the first violations under their operation, each with the request that showed it.
   */
  markdown(): string;
}

/** The first violations, under their operation. */
function detailsOf(shown: readonly ViolationEntry[]): string[] {
  const byOperation = new Map<string, ViolationEntry[]>();
  for (const v of shown)
    byOperation.set(v.operationId ?? NO_OPERATION, [...(byOperation.get(v.operationId ?? NO_OPERATION) ?? []), v]);
  return [...byOperation].flatMap(([operation, group]) => [
    '',
    `#### ${operation}`,
    ...group.map((v) => `- \`${v.request}\`: ${v.direction} \`${v.path}\` (${v.rule}): ${v.message}`),
  ]);
}

function markdownOf(tallies: ReadonlyMap<string, OperationTally>, violations: readonly ViolationEntry[]): string {
  const rows = [...tallies].map(
    ([operation, t]) =>
      `| ${operation} | ${t.calls} | ${listed(t.statuses)} | ${listed(t.rules) || 'none'} | ${t.undeclared} |`,
  );
  const shown = violations.slice(0, 50);
  return [
    '## Contract violations seen through the proxy',
    '',
    '| operation | calls | statuses | violations by rule | undeclared fields |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    violations.length === 0
      ? 'No violation.'
      : `### Violations${violations.length > shown.length ? ` (the first ${shown.length} of ${violations.length})` : ''}`,
    ...detailsOf(shown),
    '',
  ].join('\n');
}

/** The log's entry for one violation of an exchange, each text made printable. */
const entryOf = (exchange: LoggedExchange, violation: ContractViolation): ViolationEntry => ({
  time: exchange.time,
  ...(exchange.operationId ? { operationId: exchange.operationId } : {}),
  ...(exchange.status === undefined ? {} : { status: exchange.status }),
  request: printable(exchange.request),
  ...violation,
  path: printable(violation.path),
  message: printable(violation.message),
});

export function createViolationLog(size = DEFAULT_VIOLATION_LOG_SIZE): ViolationLog {
  let entries: ViolationEntry[] = [];
  let tallies = new Map<string, OperationTally>();

  function tallyOf(operationId: string | undefined): OperationTally {
    const key = operationId ?? NO_OPERATION;
    let tally = tallies.get(key);
    if (!tally) {
      tally = { calls: 0, statuses: new Map(), rules: new Map(), undeclared: 0 };
      tallies.set(key, tally);
    }
    return tally;
  }

  const list = () => {
    const kept = entries.slice(-size);
    return { violations: kept.filter((e) => !e.undeclared), undeclaredFields: kept.filter((e) => e.undeclared) };
  };

  return {
    add(exchange, violations) {
      const tally = tallyOf(exchange.operationId);
      tally.calls++;
      if (exchange.status !== undefined) countUp(tally.statuses, exchange.status);
      for (const violation of violations) {
        if (violation.undeclared) tally.undeclared++;
        else countUp(tally.rules, `${violation.direction} ${violation.rule}`);
        entries.push(entryOf(exchange, violation));
      }
      if (entries.length > size * 2) entries = entries.slice(entries.length - size);
    },
    list,
    clear() {
      entries = [];
      tallies = new Map();
    },
    markdown: () => markdownOf(tallies, list().violations),
  };
}
