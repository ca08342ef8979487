// Checks an answer as it came over the wire (status, headers, body text) against what the document
// declares for its operation: the status, the content type, the body (JSON that parses and meets its
// schema, text, or none) and the declared headers. Each issue names the part it is about, so a caller
// can weigh them apart: the contract runner makes a verdict of each part; the emulator's proxy reports each.
import {
  responseFor,
  type OpenApiDocument,
  type OperationRef,
  type ResponseDefinition,
} from 'cloud-platform-api/toolbox';
import { createResponseChecker } from './response-check.js';
import type { ContractValidator, ValidationIssue } from './validator.js';

/** Which part of an answer an issue is about. */
export type AnswerPart = 'status' | 'content-type' | 'body' | 'header';

/** One thing wrong with an answer, and the part it is in. */
export interface AnswerIssue extends ValidationIssue {
  part: AnswerPart;
}

/** An answer as it came off the wire: its status, its headers and its body as text. */
export interface WireAnswer {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string | undefined>;
  text: string;
}

/** What createAnswerChecker made of an answer: the body as read, the response it is judged by, and every issue. */
export interface CheckedAnswer {
  /** The body as read: JSON parsed when labelled JSON, its text otherwise, undefined when empty. */
  body: unknown;
  /** The response the document declares for the status, if any. */
  response: ResponseDefinition | undefined;
  issues: AnswerIssue[];
}

const mediaTypeOf = (contentType: string | undefined) => contentType?.split(';')[0]?.trim().toLowerCase();

/** The body as the checks read it: JSON parsed when labelled JSON, text otherwise, undefined when empty. */
export function readAnswerBody(text: string, contentType: string | undefined): { body: unknown; parseError?: string } {
  if (text === '') return { body: undefined };
  if (!/json/.test(mediaTypeOf(contentType) ?? '')) return { body: text };
  try {
    return { body: JSON.parse(text) };
  } catch (error) {
    return { body: text, parseError: `a body labelled JSON that does not parse (${(error as Error).message})` };
  }
}

/**
 * A check of a whole answer against the operation that made it: the status declared, the Content-Type,
 * each declared header, and the body (parsed as JSON when labelled so).
 *
 * @example
 * const checkAnswer = createAnswerChecker(document, createContractValidator(document));
 * const op = listOperations(document).find((o) => o.operationId === 'getVideo')!;
 * checkAnswer(op, { status: 200, headers: { 'content-type': 'application/json' }, text: '{"id":1444}' }).issues;
 */
export function createAnswerChecker(document: OpenApiDocument, validator: ContractValidator): AnswerChecker {
  const checkResponse = createResponseChecker(document, validator);
  return function checkAnswer(op, answer) {
    const contentType = answer.headers['content-type'];
    const { body, parseError } = readAnswerBody(answer.text, contentType);
    const response = responseFor(document, op, answer.status);
    if (!response) return { body, response, issues: [undeclaredStatus(op, answer.status)] };
    const issues: AnswerIssue[] = [...contentTypeIssues(response, answer, mediaTypeOf(contentType))];
    if (parseError) issues.push({ part: 'body', path: '$', rule: 'json', message: parseError });
    else
      issues.push(
        ...checkResponse(op.operationId, answer.status, body).map((issue) => ({ ...issue, part: 'body' as const })),
      );
    issues.push(...headerIssues(validator, response, answer.headers));
    return { body, response, issues };
  };
}

/** Every issue of an answer against what `op` declares for its status; an empty list means it is as declared. */
export type AnswerChecker = (op: OperationRef, answer: WireAnswer) => CheckedAnswer;

function undeclaredStatus(op: OperationRef, status: number): AnswerIssue {
  const declared = Object.keys(op.operation.responses ?? {}).join(', ');
  return {
    part: 'status',
    path: '$',
    rule: 'status',
    message: `${status} is not a status ${op.operationId} declares (declared: ${declared})`,
  };
}

/** A body whose Content-Type is none the response declares. */
function contentTypeIssues(
  response: ResponseDefinition,
  answer: WireAnswer,
  mediaType: string | undefined,
): AnswerIssue[] {
  const { mediaTypes } = response;
  if (mediaTypes.length === 0 || answer.text === '' || mediaTypes.some((t) => t.toLowerCase() === mediaType)) return [];
  return [
    {
      part: 'content-type',
      path: '$',
      rule: 'content-type',
      message: `${answer.status} with Content-Type ${mediaType ?? '(none)'}; declared: ${mediaTypes.join(', ')}`,
    },
  ];
}

/** Each header the response declares: missing when required, or a value its schema refuses. */
function headerIssues(
  validator: ContractValidator,
  response: ResponseDefinition,
  headers: WireAnswer['headers'],
): AnswerIssue[] {
  return response.declaredHeaders.flatMap(({ name, required, schema }): AnswerIssue[] => {
    const path = `headers.${name.toLowerCase()}`;
    const value = headers[name.toLowerCase()];
    if (value === undefined)
      return required
        ? [{ part: 'header', path, rule: 'required', message: `the response declares the header ${name} as required` }]
        : [];
    return schema ? validator.check(schema, value).map((issue) => ({ ...issue, part: 'header' as const, path })) : [];
  });
}
