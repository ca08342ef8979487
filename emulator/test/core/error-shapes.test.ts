// Error answers in the shape and media type the document declares for the operation and the status:
// RFC 9457 problem documents, a code and a message, plain text, a status typed as text, an `errors`
// list of objects, a required field the emulator knows nothing of; and this project's own shape only
// where the document declares nothing for the status.
import { describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/index.js';
import { collectionsDocument } from './documents/collections.js';

const UNKNOWN_UUID = '3f1d6c1e-8a52-4c43-9e7c-2b0a1d5e6f70';

/** The collections' document, with one form whose 400 declares a shape of its own. */
function documentWithForm() {
  const document = collectionsDocument();
  document.paths['/forms'] = {
    post: {
      operationId: 'sendForm',
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['name', 'age'],
              properties: { name: { type: 'string', minLength: 3 }, age: { type: 'integer', minimum: 0 } },
            },
          },
        },
      },
      responses: {
        '204': { description: 'Sent.' },
        '400': {
          description: 'Refused.',
          content: {
            'application/vnd.forms.error+json': {
              schema: {
                type: 'object',
                required: ['status', 'kind', 'errors'],
                properties: {
                  status: { type: 'string' },
                  kind: { type: 'string', enum: ['invalid', 'missing'] },
                  errors: {
                    type: 'array',
                    items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } },
                  },
                },
              },
            },
          },
        },
      },
    },
  };
  return document;
}

let emulator: Emulator;
const send = async (method: string, path: string, body?: unknown, auth = true) => {
  emulator ??= await createEmulator({ document: documentWithForm(), warn: () => {} });
  const response = await emulator.fetch(`http://emulator.local${path}`, {
    method,
    headers: { ...(auth ? { authorization: 'apikey errors' } : {}), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const type = response.headers.get('content-type') ?? '';
  const text = await response.text();
  return { status: response.status, type, body: type.includes('json') ? JSON.parse(text) : text };
};

const CASES: { name: string; call: () => ReturnType<typeof send>; status: number; type: string; body: unknown }[] = [
  {
    name: 'a problem document for an unknown id',
    call: () => send('GET', '/zoo/pets/42'),
    status: 404,
    type: 'application/problem+json',
    body: { type: 'about:blank', title: 'Not Found', status: 404, detail: '/zoo/pets/42 not found' },
  },
  {
    name: 'a problem document naming the field and the rule',
    call: () => send('POST', '/zoo/pets', { name: '', status: 'sold' }),
    status: 400,
    type: 'application/problem+json',
    body: {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: expect.stringMatching(/body\.name: .*\(minLength\)/),
    },
  },
  {
    name: "the petstore's code and message, for a 404 its 4XX covers",
    call: () => send('GET', `/trips/bookings/${UNKNOWN_UUID}`),
    status: 404,
    type: 'application/json; charset=utf-8',
    body: { code: 404, message: `/trips/bookings/${UNKNOWN_UUID} not found` },
  },
  {
    name: "the petstore's code and message, for a path parameter off its format",
    call: () => send('GET', '/trips/bookings/not-a-uuid'),
    status: 400,
    type: 'application/json; charset=utf-8',
    body: { code: 400, message: expect.stringMatching(/path\.bookingId: .*\(format\)/) },
  },
  {
    name: "a default response's shape",
    call: () => send('GET', '/accounts/users/nobody'),
    status: 404,
    type: 'application/json; charset=utf-8',
    body: { code: 404, message: '/accounts/users/nobody not found' },
  },
  {
    name: 'plain text, where that is all the document declares',
    call: () => send('GET', '/vault/keys/none'),
    status: 404,
    type: 'text/plain',
    body: '/vault/keys/none not found',
  },
  {
    name: "this project's shape, where the document declares nothing for the status",
    call: () => send('DELETE', '/vault/keys/none'),
    status: 404,
    type: 'application/json; charset=utf-8',
    body: { message: '/vault/keys/none not found' },
  },
  {
    name: "this project's shape for a refused token, where the operation declares no 401",
    call: () => send('GET', '/zoo/pets/1', undefined, false),
    status: 401,
    type: 'application/json; charset=utf-8',
    body: { message: expect.any(String) },
  },
  {
    name: 'a status typed as text, an errors list of objects, and a required field sampled',
    call: () => send('POST', '/forms', { name: 'ab' }),
    status: 400,
    type: 'application/vnd.forms.error+json',
    body: {
      status: '400',
      kind: 'invalid',
      errors: [
        { field: 'age', message: expect.stringContaining('(required)') },
        { field: 'name', message: expect.stringContaining('(minLength)') },
      ],
    },
  },
];

describe.each(CASES)('an error answer: $name', ({ call, status, type, body }) => {
  it(`is a ${status} of ${type}`, async () => {
    const answer = await call();
    expect(answer.status).toBe(status);
    expect(answer.type).toBe(type);
    expect(answer.body).toEqual(body);
  });
});
