// Operations the emulator keeps no state for still answer: with the example their success response
// declares, else a value made from its schema (schemaSample: the same on every call, formats, enums and
// bounds honoured, no writeOnly field), never an empty success where the document declares a body.
// Routing, auth, validation and error bodies come from the document as for any operation.
import { responseExample, responseFor, type OpenApiDocument, type RouteSpec } from 'cloud-platform-api/toolbox';
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
    const example = responseExample(document, response);
    const answer =
      example !== undefined || !response?.jsonSchema
        ? example
        : schemaSample(document, { $ref: response.jsonSchema }, 'response');
    made.set(route, answer);
    return answer;
  };
}

/** A handler answering the document's success answer for the route, whatever the state. */
export const statelessHandler =
  (route: RouteSpec, answer: DocumentAnswer): Handler =>
  () =>
    answer(route);
