// The test documents of test/any-document/documents/, each with what it exercises of "any OpenAPI
// document" (issue #53) and what a client needs to call it: the tests below read this table, so a
// document added here is run by every one of them.
import path from 'node:path';
import { projectRoot } from '../../test-kit/project-root.js';

export const DOCUMENTS_DIR = path.join(projectRoot, 'test', 'any-document', 'documents');

/** Where a client puts its token for a document, and how it writes it there. */
export interface Credential {
  in: 'header' | 'query';
  name: string;
  value: (token: string) => string;
}

export interface TestDocument {
  /** The document's file, relative to documents/. */
  file: string;
  /** What of the issue it exercises. */
  exercises: string;
  /** How its operations take a token; none for a document without security. */
  credential?: Credential;
  /** Its REST-shaped collections, as their list paths: what the walk finds in the document must be exactly these. */
  collections: string[];
  /** Prism 5 serves the document, or refuses to start on it with a message like this. */
  prism: 'serves' | { refuses: RegExp };
}

const bearer: Credential = { in: 'header', name: 'authorization', value: (token) => `Bearer ${token}` };

export const TEST_DOCUMENTS: TestDocument[] = [
  {
    file: 'pet-shelter.yaml',
    exercises:
      'OpenAPI 3.0 (nullable, one without a type; boolean exclusiveMinimum), no security, a form array, a path-item parameter, an operationId with spaces',
    collections: ['/pets'],
    prism: 'serves',
  },
  {
    file: 'rail-bookings.yaml',
    exercises:
      'OAuth2 with security: [] on one operation, application/problem+json errors, uuid ids, paging, a comma-separated array, a collection with a sub-collection',
    credential: bearer,
    collections: ['/bookings', '/bookings/{bookingId}/passengers'],
    prism: 'serves',
  },
  {
    file: 'notes.json',
    exercises: 'HTTP bearer, no example anywhere, create by PUT under an id the client picks, PATCH, JSON',
    credential: bearer,
    collections: ['/notes'],
    prism: 'serves',
  },
  {
    file: 'forecast.json',
    exercises:
      'an API key in the query, OpenAPI 3.0 in JSON (nullable, boolean exclusiveMinimum and exclusiveMaximum), form, pipeDelimited and deepObject parameters, a header parameter',
    credential: { in: 'query', name: 'appid', value: (token) => token },
    collections: [],
    prism: 'serves',
  },
  {
    file: 'invoice-events.yaml',
    exercises: 'webhooks only: no paths',
    collections: [],
    prism: { refuses: /No operations found/ },
  },
  {
    file: 'inventory/openapi.yaml',
    exercises:
      'split over several files with relative $refs (one into another file), an API key in a header, offset paging',
    credential: { in: 'header', name: 'x-api-key', value: (token) => token },
    collections: ['/items'],
    prism: 'serves',
  },
];

export const documentPath = (doc: TestDocument): string => path.join(DOCUMENTS_DIR, doc.file);
