// Operations the emulator keeps no state for still answer: with the example their success response
// declares, else a value made from its schema (schemaSample: the same on every call, formats, enums and
// bounds honoured, no writeOnly field), never an empty success where the document declares a body.
// Routing, auth, validation and error bodies come from the document as for any operation.
import {
  resolveRef,
  responseExample,
  responseFor,
  type JsonObject,
  type OpenApiDocument,
  type ResponseDefinition,
  type RouteSpec,
} from 'cloud-platform-api/toolbox';
import { schemaSample } from 'cloud-platform-check/contract';
import type { Handler } from '../operation-handler.js';

/** The success answer the document shows for a route: its example, else its schema's sample; undefined for no JSON body. */
export type DocumentAnswer = (route: RouteSpec) => unknown;

/** The document's answers, each made the first time its route is called (a large document starts as fast as a small one). */
export function createDocumentAnswers(document: OpenApiDocument): DocumentAnswer {
  const made = new Map<RouteSpec, unknown>();
  return (route) => {
    if (made.has(route)) return made.get(route);
    const response = responseFor(document, route, route.status);
    const answer = response?.jsonSchema ? jsonAnswer(document, response) : otherAnswer(document, route, response);
    made.set(route, answer);
    return answer;
  };
}

/** A JSON answer: the response's example, else its schema's, else a sample of its schema. */
function jsonAnswer(document: OpenApiDocument, response: ResponseDefinition): unknown {
  const example = responseExample(document, response);
  return example !== undefined ? example : schemaSample(document, { $ref: response.jsonSchema! }, 'response');
}

/** An answer of another media type (text, XML, bytes): its example, else a sample of its schema, as text; none without a body. */
function otherAnswer(document: OpenApiDocument, route: RouteSpec, response: ResponseDefinition | undefined): unknown {
  const type = response?.mediaTypes[0];
  if (type === undefined) return undefined;
  const media = resolveRef<JsonObject>(document, route.operation.responses[response!.key]).content[type] as JsonObject;
  const value =
    'example' in media ? media.example : media.schema ? schemaSample(document, media.schema, 'response') : '';
  return typeof value === 'string' ? value : JSON.stringify(value ?? '');
}

/** A handler answering the document's success answer for the route, whatever the state. */
export const statelessHandler =
  (route: RouteSpec, answer: DocumentAnswer): Handler =>
  () =>
    answer(route);
