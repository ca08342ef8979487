// What a contract run found, as it goes: per operation the requests and statuses seen, per check how
// often it passed and failed, and each distinct failure once, with a count and the first request
// that showed it. Everything kept from the server is scrubbed of the key first.
import { printable, redactedBodyText, type CredentialSlot } from 'cloud-platform-api/toolbox';
import { CHECKS, type CheckName, type Verdict } from './verdicts.js';

/** A request as it went on the wire, for the report to reproduce (never the key itself). */
export interface SentRequest {
  method: string;
  /** The whole URL, query included. */
  url: string;
  /** The JSON body as sent, or undefined for none. */
  body: string | undefined;
  /**
   * Where the key was sent, as the operation's security says (a header, a query parameter, a cookie; one
   * slot or several); undefined when the request carried no key.
   */
  auth: CredentialSlot | readonly CredentialSlot[] | undefined;
  /** The Prefer header sent, where one was: `code=503`. */
  prefer?: string | undefined;
  /** The header parameters sent (a Cookie header for cookie parameters), where there were any. */
  headers?: Record<string, string> | undefined;
}

/** One failed check, with the request that shows it and how many requests failed it alike. */
export interface Failure {
  check: CheckName;
  operationId: string;
  message: string;
  /** How many requests failed this check of this operation with this message. */
  count: number;
  /** The first of them, to reproduce it. */
  request: SentRequest;
  /** What that request was: "the document's examples", "query page = 0: ...". */
  note: string;
}

/** One operation's part of the run: requests sent, statuses seen, each check's passes and failures. */
export interface OperationSummary {
  operationId: string;
  requests: number;
  /** Status (or "no answer") -> how many. */
  statuses: Record<string, number>;
  failedChecks: CheckName[];
  /** How often each check that applied to its answers passed and failed. */
  checks: Partial<CheckCounts>;
  /** Why its own requests were not sent, where they were not. */
  skipped?: string;
}

export type CheckCounts = Record<CheckName, { passed: number; failed: number }>;

/** The request as the report shows it: a link can carry a value the server echoed (the key, even) into its URL or body. */
const redactedRequest = (sent: SentRequest, redact: (text: string) => string): SentRequest => ({
  ...sent,
  url: shown(sent.url, redact),
  body: sent.body === undefined ? undefined : redactedBodyText(sent.body, redact),
  ...(sent.headers
    ? { headers: Object.fromEntries(Object.entries(sent.headers).map(([name, value]) => [name, shown(value, redact)])) }
    : {}),
});

/** Peer text as the report prints it: the key scrubbed, control characters and escape codes written out. */
const shown = (text: string, redact: (text: string) => string) => printable(redact(text));

/** What a run found, whole: the requests sent, each operation's part, each check's counts, each distinct failure. */
export interface Findings {
  requests: number;
  operations: OperationSummary[];
  checks: CheckCounts;
  failures: Failure[];
}

/** What a contract run has found so far; `result()` gives it whole. */
export class RunFindings {
  readonly #operations: Map<string, OperationSummary>;
  readonly #checks = Object.fromEntries(
    Object.keys(CHECKS).map((name) => [name, { passed: 0, failed: 0 }]),
  ) as CheckCounts;
  /** Each distinct failure, by operation, check and message. */
  readonly #failures = new Map<string, Failure>();
  readonly #redact: (text: string) => string;
  #requests = 0;

  constructor(operationIds: readonly string[], redact: (text: string) => string) {
    this.#operations = new Map(operationIds.map((id) => [id, emptySummary(id)]));
    this.#redact = redact;
  }

  get requests(): number {
    return this.#requests;
  }

  skip(operationId: string, reason: string): void {
    this.#operations.get(operationId)!.skipped = reason;
  }

  record(operationId: string, note: string, sent: SentRequest, status: string, verdicts: readonly Verdict[]): void {
    this.#requests++;
    const summary = this.#summaryOf(operationId);
    summary.requests++;
    summary.statuses[status] = (summary.statuses[status] ?? 0) + 1;
    this.#judge(summary, note, sent, verdicts);
  }

  /** A link's request the runner would not send: a failure of `link-followed` for the operation it came from. */
  refuseLink(operationId: string, note: string, sent: SentRequest, why: string): void {
    this.#judge(this.#summaryOf(operationId), note, sent, [{ check: 'link-followed', failure: why }]);
  }

  result(): Findings {
    const operations = [...this.#operations.values()];
    return { requests: this.#requests, operations, checks: this.#checks, failures: [...this.#failures.values()] };
  }

  /** A link may lead to an operation outside the ones chosen: it is listed once it is called. */
  #summaryOf(operationId: string): OperationSummary {
    const summary = this.#operations.get(operationId) ?? emptySummary(operationId);
    this.#operations.set(operationId, summary);
    return summary;
  }

  #judge(summary: OperationSummary, note: string, sent: SentRequest, verdicts: readonly Verdict[]): void {
    for (const { check, failure } of verdicts) {
      const outcome = failure === undefined ? 'passed' : 'failed';
      this.#checks[check][outcome]++;
      summary.checks[check] ??= { passed: 0, failed: 0 };
      summary.checks[check][outcome]++;
      if (failure === undefined) continue;
      if (!summary.failedChecks.includes(check)) summary.failedChecks.push(check);
      this.#countFailure(summary.operationId, check, shown(failure, this.#redact), note, sent);
    }
  }

  #countFailure(operationId: string, check: CheckName, message: string, note: string, sent: SentRequest): void {
    const key = `${operationId}\n${check}\n${message}`;
    const known = this.#failures.get(key);
    if (known) known.count++;
    else {
      const request = redactedRequest(sent, this.#redact);
      this.#failures.set(key, { check, operationId, message, count: 1, request, note: shown(note, this.#redact) });
    }
  }
}

const emptySummary = (operationId: string): OperationSummary => ({
  operationId,
  requests: 0,
  statuses: {},
  failedChecks: [],
  checks: {},
});
