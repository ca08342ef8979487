// Per-test overrides: one operation answers as a test says, for a case the fixtures do not hold (a video
// still processing, an odd page). The request still goes through auth, the checks and the journal; only
// the operation's behaviour is replaced. The answer is checked against what the document declares for
// the operation before it is sent, so a test cannot teach an app something the service never says.
import type { RouteSpec } from 'cloud-platform-api/toolbox';
import type { AnswerChecker, AnswerIssue, AnswerPart } from 'cloud-platform-check/contract';
import { shownValue, quoted } from '../common/shown-value.js';
import { ANSWER_KEYS, isPlainObject, shapedAnswer, unknownKeyProblem, type OverrideAnswer } from './override-shape.js';
import { EmulatorError } from '../../emulator-error.js';

/** The most overrides kept at once: each call of an operation looks through them. */
export const MAX_OVERRIDES = 100;

/** What an override is given: the request as the checks read it (valid, with the document's defaults). */
export interface OverrideRequest {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  headers: Record<string, string | undefined>;
}

export type { OverrideAnswer };

export type OverrideSource = OverrideAnswer | ((request: OverrideRequest) => OverrideAnswer);

/** An override as kept: its id, its operation, and how many answers it has left. */
export interface StoredOverride {
  id: number;
  operationId: string;
  /** The answer as it is sent, where it is fixed; a function's answers are checked as each is made. */
  answer?: OverrideAnswer;
  /** Calls the override still answers, where it has a `count`. */
  remaining?: number;
}

/** An override that cannot be used: an unknown key or operation, a bad count, an answer off the document. */
export class OverrideError extends EmulatorError {
  override name = 'OverrideError';
}

interface Kept {
  stored: StoredOverride;
  source: OverrideSource;
}

/** The keys of an override given as JSON (POST /__emulator/overrides): its operation, its answer, its count. */
const JSON_KEYS: readonly string[] = ['operationId', ...ANSWER_KEYS, 'count'];

/** The field an issue about the whole of a part (path `$`) is about. */
const FIELD_OF_PART: Record<AnswerPart, string> = {
  status: 'status',
  'content-type': 'headers.content-type',
  body: 'body',
  header: 'headers',
};

/** Each way a well-shaped answer is off the document, as `field: message (rule)`. */
function documentProblems(checkAnswer: AnswerChecker, route: RouteSpec, answer: OverrideAnswer, text: string) {
  const own = answer.headers ?? {};
  const type = answer.body === undefined || typeof answer.body === 'string' ? undefined : 'application/json';
  const headers = { ...(type ? { 'content-type': type } : {}), ...own };
  const { response, issues } = checkAnswer(route, { status: answer.status, headers, text });
  const typeProblem =
    own['content-type'] !== undefined && response
      ? undeclaredType(route, answer.status, own['content-type'], response.mediaTypes)
      : undefined;
  return [
    ...(typeProblem ? [typeProblem] : []),
    ...issues
      .filter((issue) => !(typeProblem && issue.part === 'content-type'))
      .map(
        (issue: AnswerIssue) =>
          `${issue.path === '$' ? FIELD_OF_PART[issue.part] : issue.path}: ${issue.message} (${issue.rule})`,
      ),
  ];
}

/** The answer as the core sends it; an OverrideError lists each way it is off, its shape first, then the document. */
function checkedAnswer(checkAnswer: AnswerChecker, route: RouteSpec, given: unknown): OverrideAnswer {
  const shaped = shapedAnswer(given);
  const found =
    'problems' in shaped ? shaped.problems : documentProblems(checkAnswer, route, shaped.answer, shaped.text);
  if (found.length > 0)
    throw new OverrideError(
      `The override of ${route.operationId} answers what the document does not declare: ${found.join('; ')}`,
    );
  return (shaped as { answer: OverrideAnswer }).answer;
}

/** The route of the operation named, checked; an OverrideError names what is off. */
function routeNamed(byId: ReadonlyMap<string, RouteSpec>, operationId: unknown): RouteSpec {
  if (typeof operationId !== 'string')
    throw new OverrideError(`operationId: must be a string, got ${shownValue(operationId)}`);
  const route = byId.get(operationId);
  if (!route)
    throw new OverrideError(`operationId: must be one of ${quoted(byId.keys())}, got ${shownValue(operationId)}`);
  return route;
}

function checkedCount(count: unknown): number | undefined {
  if (count === undefined || (Number.isInteger(count) && (count as number) >= 1)) return count as number | undefined;
  throw new OverrideError(`count: must be a whole number from 1, got ${shownValue(count)}`);
}

/** Why no override can be added now: proxy mode, or MAX_OVERRIDES kept already. */
function refusal(proxied: boolean, keptCount: number): string | undefined {
  if (proxied)
    return 'overrides: not applied in proxy mode, where every call is answered by the upstream; use a fault rule, or run without the proxy';
  if (keptCount >= MAX_OVERRIDES)
    return `overrides: at most ${MAX_OVERRIDES} at once (MAX_OVERRIDES); remove or clear some first`;
  return undefined;
}

/** A test's answers in place of the behaviour, per operation: emulator.override and /__emulator/overrides. */
export interface Overrides {
  /** Adds an override; a fixed answer is checked now (and kept as it will be sent), a function's as each is made. */
  add(operationId: unknown, source: unknown, options?: { count?: unknown }): StoredOverride;
  /** Adds an override given as JSON, `{ operationId, status, body, headers, count }`: no other key. */
  addJson(given: unknown): StoredOverride;
  /** Copies: a caller changing an answer listed cannot change what is sent. */
  list(): StoredOverride[];
  /** Removes one override; false when there was none by that id (spent, or removed before). */
  remove(id: number): boolean;
  clear(): void;
  /**
   * The answer of the first override for this operation, its count spent, checked against the document
   * (an OverrideError names what is off); undefined when none applies.
   */
  answer(route: RouteSpec, request: OverrideRequest): OverrideAnswer | undefined;
}

/** An override given as JSON, checked for its keys, then added. */
function addJson(add: Overrides['add'], given: unknown): StoredOverride {
  if (!isPlainObject(given))
    throw new OverrideError(`override: must be a JSON object of ${quoted(JSON_KEYS)}, got ${shownValue(given)}`);
  const unknownKey = unknownKeyProblem(given, JSON_KEYS, 'override');
  if (unknownKey) throw new OverrideError(unknownKey);
  const { operationId, count, ...answer } = given;
  return add(operationId, answer, { count });
}

/**
 * `checkAnswer` is the document's answer check, made when first asked for: an emulator with no override needs
 * none. `proxied`: every call goes to an upstream, so no override would ever answer, and none is taken.
 */
export function createOverrides(
  routes: readonly RouteSpec[],
  checkAnswer: () => AnswerChecker,
  { proxied = false }: { proxied?: boolean } = {},
): Overrides {
  const byId = new Map(routes.map((route) => [route.operationId, route]));
  let kept: Kept[] = [];
  let nextId = 1;

  function add(operationId: unknown, source: unknown, { count }: { count?: unknown } = {}): StoredOverride {
    const refused = refusal(proxied, kept.length);
    if (refused) throw new OverrideError(refused);
    const route = routeNamed(byId, operationId);
    const remaining = checkedCount(count);
    const fixed = typeof source === 'function' ? undefined : checkedAnswer(checkAnswer(), route, source);
    const stored: StoredOverride = {
      id: nextId++,
      operationId: route.operationId,
      ...(fixed ? { answer: fixed } : {}),
      ...(remaining === undefined ? {} : { remaining }),
    };
    kept.push({ stored, source: fixed ?? (source as OverrideSource) });
    return { ...stored };
  }

  return {
    add,
    addJson: (given) => addJson(add, given),
    list: () => kept.map(({ stored }) => structuredClone(stored)),
    remove(id) {
      const before = kept.length;
      kept = kept.filter(({ stored }) => stored.id !== id);
      return kept.length < before;
    },
    clear() {
      kept = [];
    },
    answer(route, request) {
      if (kept.length === 0) return undefined;
      const found = kept.find(({ stored }) => stored.operationId === route.operationId);
      if (!found) return undefined;
      if (found.stored.remaining !== undefined && --found.stored.remaining === 0)
        kept = kept.filter((each) => each !== found);
      const { source } = found;
      return checkedAnswer(checkAnswer(), route, typeof source === 'function' ? source(request) : source);
    },
  };
}

/** A Content-Type the document does not declare for this status (none, for an answer declared without a body). */
function undeclaredType(route: RouteSpec, status: number, contentType: string, declared: readonly string[]) {
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  if (declared.some((type) => type.toLowerCase() === mediaType)) return undefined;
  return `headers.content-type: ${mediaType} is not a Content-Type ${route.operationId} declares for ${status} (declared: ${declared.join(', ') || 'none'}) (content-type)`;
}
