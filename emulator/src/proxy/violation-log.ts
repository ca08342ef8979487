// What the proxy saw, kept for a test or a person to read: each violation with its operation, direction,
// status, path, rule, message and time (the undeclared fields apart: the live service may add fields),
// and per operation the calls, the statuses seen and the violations by rule, as JSON or as a Markdown
// report to paste into an issue about the document. What came from a peer is kept printable: no
// control character or escape code reaches whoever reads the report.
import { printable } from 'cloud-platform-api/toolbox';
import type { ContractViolation } from '../core/messages.js';

export const DEFAULT_VIOLATION_LOG_SIZE = 1000;

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

export function createViolationLog(size = DEFAULT_VIOLATION_LOG_SIZE) {
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

  return {
    /** One exchange: its operation, the upstream's status (none when it gave no answer), and what was wrong with it. */
    add(
      exchange: { operationId: string | undefined; status: number | undefined; time: string; request: string },
      violations: readonly ContractViolation[],
    ): void {
      const tally = tallyOf(exchange.operationId);
      tally.calls++;
      if (exchange.status !== undefined) countUp(tally.statuses, exchange.status);
      for (const violation of violations) {
        if (violation.undeclared) tally.undeclared++;
        else countUp(tally.rules, `${violation.direction} ${violation.rule}`);
        entries.push({
          time: exchange.time,
          ...(exchange.operationId ? { operationId: exchange.operationId } : {}),
          ...(exchange.status === undefined ? {} : { status: exchange.status }),
          request: printable(exchange.request),
          ...violation,
          path: printable(violation.path),
          message: printable(violation.message),
        });
      }
      if (entries.length > size * 2) entries = entries.slice(entries.length - size);
    },
    /** The newest entries, oldest first: the violations, and the undeclared fields apart. */
    list(): { violations: ViolationEntry[]; undeclaredFields: ViolationEntry[] } {
      const kept = entries.slice(-size);
      return { violations: kept.filter((e) => !e.undeclared), undeclaredFields: kept.filter((e) => e.undeclared) };
    },
    clear(): void {
      entries = [];
      tallies = new Map();
    },
    /**
     * The report: a line per operation (calls, statuses seen, violations by rule, undeclared fields), then
     * the first violations under their operation, each with the request that showed it.
     */
    markdown(): string {
      const rows = [...tallies].map(
        ([operation, t]) =>
          `| ${operation} | ${t.calls} | ${listed(t.statuses)} | ${listed(t.rules) || 'none'} | ${t.undeclared} |`,
      );
      const { violations } = this.list();
      const shown = violations.slice(0, 50);
      const byOperation = new Map<string, ViolationEntry[]>();
      for (const v of shown)
        byOperation.set(v.operationId ?? NO_OPERATION, [...(byOperation.get(v.operationId ?? NO_OPERATION) ?? []), v]);
      const details = [...byOperation].flatMap(([operation, group]) => [
        '',
        `#### ${operation}`,
        ...group.map((v) => `- \`${v.request}\`: ${v.direction} \`${v.path}\` (${v.rule}): ${v.message}`),
      ]);
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
        ...details,
        '',
      ].join('\n');
    },
  };
}

export type ViolationLog = ReturnType<typeof createViolationLog>;
