// Small REST-shaped documents for the emulator's state by inference, each grafted onto a copy of the
// package's document (its auth scheme and areas kept, as a document of one's own is read today): pets
// (integer ids, offset paging, problem+json errors) with toys under each pet, bookings (uuid ids, a
// wrapped list with a total, a 4XX error shape of code and message), users (the id a string sent in the
// body), keys (created by PUT, page-number paging, a text/plain 404), and zoo stats and health (no
// example, no collection, media types other than plain JSON).
import type { OpenApiDocument } from 'cloud-platform-api/toolbox';
import { bundled } from '../../helpers/emulator.js';

type Json = Record<string, unknown>;

const json = (schema: Json, example?: unknown) => ({
  content: { 'application/json': example === undefined ? { schema } : { schema, example } },
});
const ok = (description: string, schema?: Json, example?: unknown) => ({
  description,
  ...(schema ? json(schema, example) : {}),
});
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const pathParam = (name: string, schema: Json) => ({ name, in: 'path', required: true, schema });
const queryParam = (name: string, schema: Json) => ({ name, in: 'query', required: false, schema });

/** RFC 9457's problem document, as public APIs declare it. */
const PROBLEM = {
  description: 'A problem.',
  content: {
    'application/problem+json': {
      schema: {
        type: 'object',
        required: ['type', 'title', 'status'],
        properties: {
          type: { type: 'string', format: 'uri-reference' },
          title: { type: 'string' },
          status: { type: 'integer' },
          detail: { type: 'string' },
          instance: { type: 'string' },
        },
      },
    },
  },
};
/** The petstore's error: a code and a message, both required. */
const CODE_AND_MESSAGE = json({
  type: 'object',
  required: ['code', 'message'],
  properties: { code: { type: 'integer', format: 'int32' }, message: { type: 'string' } },
});

const SCHEMAS = {
  Pet: {
    type: 'object',
    required: ['id', 'name', 'status'],
    properties: {
      id: { type: 'integer', format: 'int64', readOnly: true },
      name: { type: 'string', minLength: 1 },
      tag: { type: 'string' },
      status: { type: 'string', enum: ['available', 'sold'] },
    },
  },
  Toy: {
    type: 'object',
    required: ['id', 'label'],
    properties: { id: { type: 'integer', readOnly: true }, label: { type: 'string' } },
  },
  Booking: {
    type: 'object',
    required: ['id', 'passenger', 'created_at'],
    properties: {
      id: { type: 'string', format: 'uuid', readOnly: true },
      passenger: { type: 'string' },
      created_at: { type: 'string', format: 'date-time', readOnly: true },
    },
  },
  User: {
    type: 'object',
    required: ['username'],
    properties: { username: { type: 'string', pattern: '^[a-z]+$' }, email: { type: 'string', format: 'email' } },
  },
  Key: {
    type: 'object',
    required: ['name', 'value'],
    properties: { name: { type: 'string', readOnly: true }, value: { type: 'string' } },
  },
};

const petId = pathParam('petId', { type: 'integer', format: 'int64', minimum: 1 });
const petErrors = { '400': PROBLEM, '404': PROBLEM };

const PATHS = {
  '/zoo/pets': {
    get: {
      operationId: 'listPets',
      parameters: [
        queryParam('limit', { type: 'integer', minimum: 1, maximum: 100 }),
        queryParam('offset', { type: 'integer', minimum: 0 }),
      ],
      responses: { '200': ok('Pets.', { type: 'array', items: ref('Pet') }), ...petErrors },
    },
    post: {
      operationId: 'createPet',
      requestBody: { required: true, ...json(ref('Pet')) },
      responses: {
        '201': ok('Made.', ref('Pet'), { id: 10, name: 'Rex', status: 'available' }),
        ...petErrors,
      },
    },
  },
  '/zoo/pets/{petId}': {
    parameters: [petId],
    get: { operationId: 'getPet', responses: { '200': ok('A pet.', ref('Pet')), ...petErrors } },
    put: {
      operationId: 'replacePet',
      requestBody: { required: true, ...json(ref('Pet')) },
      responses: { '200': ok('Replaced.', ref('Pet')), ...petErrors },
    },
    patch: {
      operationId: 'updatePet',
      requestBody: {
        required: true,
        ...json({
          type: 'object',
          properties: {
            name: { type: 'string' },
            tag: { type: 'string' },
            status: { type: 'string', enum: ['available', 'sold'] },
          },
        }),
      },
      responses: { '200': ok('Updated.', ref('Pet')), ...petErrors },
    },
    delete: { operationId: 'deletePet', responses: { '204': { description: 'Gone.' }, ...petErrors } },
  },
  '/zoo/pets/{petId}/toys': {
    parameters: [petId],
    get: {
      operationId: 'listToys',
      responses: { '200': ok('Toys.', { type: 'array', items: ref('Toy') }), ...petErrors },
    },
    post: {
      operationId: 'createToy',
      requestBody: { required: true, ...json(ref('Toy')) },
      responses: { '201': ok('Made.', ref('Toy')), ...petErrors },
    },
  },
  '/zoo/pets/{petId}/toys/{toyId}': {
    parameters: [petId, pathParam('toyId', { type: 'integer' })],
    get: { operationId: 'getToy', responses: { '200': ok('A toy.', ref('Toy')), ...petErrors } },
  },
  '/trips/bookings': {
    get: {
      operationId: 'listBookings',
      responses: {
        '200': ok('Bookings.', {
          type: 'object',
          required: ['data', 'total'],
          properties: { data: { type: 'array', items: ref('Booking') }, total: { type: 'integer' } },
        }),
        '4XX': { description: 'An error.', ...CODE_AND_MESSAGE },
      },
    },
    post: {
      operationId: 'createBooking',
      requestBody: { required: true, ...json(ref('Booking')) },
      responses: { '201': ok('Booked.', ref('Booking')), '4XX': { description: 'An error.', ...CODE_AND_MESSAGE } },
    },
  },
  '/trips/bookings/{bookingId}': {
    parameters: [pathParam('bookingId', { type: 'string', format: 'uuid' })],
    get: {
      operationId: 'getBooking',
      responses: {
        '200': ok('A booking.', { type: 'object', properties: { data: ref('Booking') } }),
        '4XX': { description: 'An error.', ...CODE_AND_MESSAGE },
      },
    },
    delete: {
      operationId: 'deleteBooking',
      responses: { '204': { description: 'Gone.' }, '4XX': { description: 'An error.', ...CODE_AND_MESSAGE } },
    },
  },
  '/accounts/users': {
    post: {
      operationId: 'createUser',
      requestBody: { required: true, ...json(ref('User')) },
      responses: { '200': ok('Made.', ref('User')), default: { description: 'An error.', ...CODE_AND_MESSAGE } },
    },
  },
  '/accounts/users/{username}': {
    parameters: [pathParam('username', { type: 'string' })],
    get: {
      operationId: 'getUser',
      responses: { '200': ok('A user.', ref('User')), default: { description: 'An error.', ...CODE_AND_MESSAGE } },
    },
    put: {
      operationId: 'replaceUser',
      requestBody: { required: true, ...json(ref('User')) },
      responses: { '200': ok('Replaced.', ref('User')), default: { description: 'An error.', ...CODE_AND_MESSAGE } },
    },
    delete: {
      operationId: 'deleteUser',
      responses: { '200': ok('Removed.', ref('User')), default: { description: 'An error.', ...CODE_AND_MESSAGE } },
    },
  },
  '/zoo/stats': {
    get: {
      operationId: 'getZooStats',
      responses: {
        '200': {
          description: 'Counts, with no example, in a JSON type of its own.',
          content: {
            'application/hal+json': {
              schema: {
                type: 'object',
                required: ['visitors', 'since'],
                properties: {
                  visitors: { type: 'integer', minimum: 5 },
                  since: { type: 'string', format: 'date-time' },
                },
              },
            },
          },
        },
      },
    },
  },
  '/zoo/health': {
    get: {
      operationId: 'getZooHealth',
      responses: {
        '200': {
          description: 'Plain text, with no example.',
          content: { 'text/plain': { schema: { type: 'string', enum: ['ok', 'degraded'] } } },
        },
      },
    },
  },
  '/vault/keys': {
    get: {
      operationId: 'listKeys',
      parameters: [
        queryParam('page', { type: 'integer', minimum: 1, default: 1 }),
        queryParam('per_page', { type: 'integer', minimum: 1, default: 2 }),
      ],
      responses: { '200': ok('Keys.', { type: 'array', items: ref('Key') }) },
    },
  },
  '/vault/keys/{name}': {
    parameters: [pathParam('name', { type: 'string', pattern: '^[a-z0-9-]+$' })],
    put: {
      operationId: 'putKey',
      requestBody: { required: true, ...json(ref('Key')) },
      responses: {
        '200': ok('Kept.', ref('Key')),
        '400': { description: 'Bad.', content: { 'text/plain': { schema: { type: 'string' } } } },
      },
    },
    get: {
      operationId: 'getKey',
      responses: {
        '200': ok('A key.', ref('Key')),
        '404': { description: 'None.', content: { 'text/plain': { schema: { type: 'string' } } } },
      },
    },
    delete: { operationId: 'deleteKey', responses: { '204': { description: 'Gone.' } } },
  },
};

/** The package's document with the collections above: their paths, and their schemas among its own. */
export function collectionsDocument(): OpenApiDocument {
  const document = structuredClone(bundled);
  Object.assign(document.paths, structuredClone(PATHS));
  Object.assign(document.components.schemas!, structuredClone(SCHEMAS));
  return document;
}
