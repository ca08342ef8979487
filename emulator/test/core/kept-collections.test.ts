// State by inference on a document the emulator has no behaviour for: each REST-shaped collection of
// test/core/documents/collections.ts walked through create, read, list, update and delete, then the 404,
// with each kind of id (integer, uuid, a string from the body, one from the path of a creating PUT) and
// a collection under another.
import { describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/index.js';
import { collectionsDocument } from './documents/collections.js';

const AUTH = { authorization: 'apikey kept' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function emulatorOf(): Promise<Emulator> {
  return createEmulator({ document: collectionsDocument(), warn: () => {} });
}

async function call(emulator: Emulator, method: string, path: string, body?: unknown) {
  const response = await emulator.fetch(`http://emulator.local${path}`, {
    method,
    headers: { ...AUTH, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, type: response.headers.get('content-type'), body: text ? JSON.parse(text) : undefined };
}

it('walks pets: an integer id made in turn, PUT replaces, PATCH merges, DELETE then 404', async () => {
  const emulator = await emulatorOf();
  const made = await call(emulator, 'POST', '/zoo/pets', { name: 'Ann', status: 'available' });
  expect(made).toMatchObject({ status: 201, body: { id: 1, name: 'Ann', status: 'available' } });
  expect((await call(emulator, 'POST', '/zoo/pets', { name: 'Bo', status: 'sold' })).body.id).toBe(2);
  expect((await call(emulator, 'GET', '/zoo/pets/1')).body).toEqual({ id: 1, name: 'Ann', status: 'available' });
  expect((await call(emulator, 'GET', '/zoo/pets')).body.map((pet: { id: number }) => pet.id)).toEqual([1, 2]);
  const replaced = await call(emulator, 'PUT', '/zoo/pets/1', { name: 'Cy', status: 'sold' });
  expect(replaced).toMatchObject({ status: 200, body: { id: 1, name: 'Cy', status: 'sold' } });
  const merged = await call(emulator, 'PATCH', '/zoo/pets/1', { tag: 'old' });
  expect(merged.body).toEqual({ id: 1, name: 'Cy', status: 'sold', tag: 'old' });
  expect((await call(emulator, 'DELETE', '/zoo/pets/1')).status).toBe(204);
  expect((await call(emulator, 'GET', '/zoo/pets/1')).status).toBe(404);
  expect((await call(emulator, 'PUT', '/zoo/pets/1', { name: 'Cy', status: 'sold' })).status).toBe(404);
  expect((await call(emulator, 'DELETE', '/zoo/pets/1')).status).toBe(404);
  // An id is never handed out twice, even once its item is gone.
  expect((await call(emulator, 'POST', '/zoo/pets', { name: 'Di', status: 'sold' })).body.id).toBe(3);
});
