// The checks the contract runner makes of each answer, each with a name the report uses: the server
// answered without a 5xx, with a status the operation declares, the content type and body that
// status declares; and, by the kind of request, that a missing key or an invalid request was refused
// and that a link's request did what the link says.
import { createAnswerChecker, type AnswerPart } from '../contract/answer-checker.js';
import type { OpenApiDocument } from 'cloud-platform-api/toolbox';
import type { ContractValidator } from '../contract/validator.js';
import type { RequestCase } from './request-cases.js';

/** The checks run on every answer, by name, with what each asserts. */
export const CHECKS = {
  answered: 'the server answers in time, without a network error',
  'no-server-error': 'no 5xx',
  'status-declared': 'the status is one the operation declares',
  'content-type': 'the content type is one the response declares for that status',
  'body-schema': 'the body is what the response declares for that status',
  'auth-required': 'a request without a key is refused with 401 or 403',
  'invalid-rejected': 'a request the document does not allow gets a 4xx, never a 2xx',
  'link-followed': 'the request a link makes from an answer gets the status the link expects',
} as const;

/** The name of one of the checks. */
export type CheckName = keyof typeof CHECKS;

/** An answer as the checks read it: its status, its headers and its body as text. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

export interface Verdict {
  check: CheckName;
  /** Why it failed; absent when it passed. */
  failure?: string;
}

const MAX_ISSUES_SHOWN = 3;

function kindVerdict(request: RequestCase, status: number): Verdict | undefined {
  switch (request.kind) {
    case 'unauthenticated':
      return {
        check: 'auth-required',
        ...(status === 401 || status === 403 ? {} : { failure: `answered ${status} to a request without a key` }),
      };
    case 'invalid':
      return {
        check: 'invalid-rejected',
        ...(status >= 400 && status < 500
          ? {}
          : { failure: `answered ${status} to a request the document does not allow (${request.note})` }),
      };
    case 'linked':
      return {
        check: 'link-followed',
        ...(status === request.expectedStatus
          ? {}
          : { failure: `answered ${status} where the link expects ${request.expectedStatus}` }),
      };
    default:
      return undefined;
  }
}

/** The verdict of every check that applies to an answer, and the body as parsed. */
export type AnswerJudge = (request: RequestCase, answer: Answer) => { verdicts: Verdict[]; body: unknown };

export function createAnswerJudge(document: OpenApiDocument, validator: ContractValidator): AnswerJudge {
  const checkAnswer = createAnswerChecker(document, validator);

  return function judgeAnswer(request, answer) {
    const { body, issues } = checkAnswer(request.route, {
      status: answer.status,
      headers: Object.fromEntries(answer.headers),
      text: answer.text,
    });
    const verdicts: Verdict[] = [{ check: 'answered' }];
    // A 5xx asked for with Prefer: code is the server doing as told.
    const serverError = answer.status >= 500 && answer.status !== request.requestedStatus;
    verdicts.push({ check: 'no-server-error', ...(serverError ? { failure: `answered ${answer.status}` } : {}) });
    const kind = kindVerdict(request, answer.status);
    if (kind) verdicts.push(kind);
    const failure = (part: AnswerPart) => issues.filter((issue) => issue.part === part);
    const [status] = failure('status');
    if (status) return { verdicts: [...verdicts, { check: 'status-declared', failure: status.message }], body };
    verdicts.push({ check: 'status-declared' });
    const [contentType] = failure('content-type');
    verdicts.push({ check: 'content-type', ...(contentType ? { failure: contentType.message } : {}) });
    const bodyIssues = failure('body').map((i) =>
      i.rule === 'json' ? i.message : `${i.path}: ${i.message} (${i.rule})`,
    );
    const more = bodyIssues.length > MAX_ISSUES_SHOWN ? `; and ${bodyIssues.length - MAX_ISSUES_SHOWN} more` : '';
    verdicts.push({
      check: 'body-schema',
      ...(bodyIssues.length === 0
        ? {}
        : { failure: `${answer.status} body: ${bodyIssues.slice(0, MAX_ISSUES_SHOWN).join('; ')}${more}` }),
    });
    return { verdicts, body };
  };
}
