// State by inference, walked as a user walks it: on every REST-shaped collection of the test documents,
// `cloud-platform-emulator --document FILE` creates an item, reads it back as sent, lists it, changes it
// (PATCH merges, PUT replaces), deletes it, and then answers 404 in the media type the document declares.
// A sub-collection's items are its parent's alone.
import type { JsonObject, OpenApiDocument } from 'cloud-platform-api/toolbox';
import { loadDocument } from 'cloud-platform-check/document';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentPath, TEST_DOCUMENTS } from './documents.js';
import { type Running, startEmulatorCommand } from './processes.js';
import {
  type Call,
  caller,
  type Collection,
  declaredMediaTypes,
  droppableProperty,
  freeTextProperty,
  listedItems,
  requestBody,
  restCollections,
  updatedText,
} from './rest-walk.js';

const TOKEN = 'walk-token';

interface Created {
  listPath: string;
  itemPath: string;
  id: unknown;
  sent: Record<string, unknown>;
}

const is2xx = (status: number) => status >= 200 && status < 300;
const said = (what: string, answer: { status: number; body: unknown }) =>
  `${what} answered ${answer.status} ${JSON.stringify(answer.body)?.slice(0, 500)}`;

/** Creates items in a document's collections (and the parents a sub-collection needs) through `call`. */
function creator(document: OpenApiDocument, collections: Collection[], call: Call) {
  const paths = document.paths as Record<string, JsonObject>;
  let made = 0;

  /** The list path of `c` with its parent's path filled in: a parent is created for it. */
  async function listPathOf(c: Collection): Promise<string> {
    const parentItem = c.list.slice(0, c.list.lastIndexOf('/'));
    if (!parentItem.endsWith('}')) return c.list;
    const parent = collections.find((p) => p.item === parentItem);
    if (!parent) throw new Error(`${c.list}: no collection has the item path ${parentItem}`);
    return `${(await create(parent)).itemPath}${c.list.slice(parentItem.length)}`;
  }

  async function create(c: Collection): Promise<Created> {
    const listPath = await listPathOf(c);
    const operation = c.create === 'post' ? paths[c.list]!.post : paths[c.item]!.put;
    const sent = requestBody(document, operation as JsonObject);
    if (c.create === 'post') {
      const answer = await call('POST', listPath, sent);
      expect(is2xx(answer.status), said(`POST ${listPath}`, answer)).toBe(true);
      const id = (answer.body as JsonObject | undefined)?.id;
      expect(id, said(`POST ${listPath}`, answer)).toBeDefined();
      return { listPath, itemPath: `${listPath}/${encodeURIComponent(String(id))}`, id, sent };
    }
    const id = `walk-${++made}`;
    const itemPath = `${listPath}/${id}`;
    const answer = await call('PUT', itemPath, sent);
    expect(is2xx(answer.status), said(`PUT ${itemPath}`, answer)).toBe(true);
    return { listPath, itemPath, id, sent };
  }

  return { create, listPathOf };
}

/** Changes the item as the collection's update does; returns what a read must now show, and what it must not. */
async function update(document: OpenApiDocument, c: Collection, created: Created, call: Call) {
  const operation = (document.paths as Record<string, JsonObject>)[c.item]![c.update] as JsonObject;
  const field = freeTextProperty(document, operation);
  if (c.update === 'patch') {
    const answer = await call('PATCH', created.itemPath, { [field]: updatedText });
    expect(is2xx(answer.status), said(`PATCH ${created.itemPath}`, answer)).toBe(true);
    // A merge: what the PATCH left out stays as it was.
    return { shows: { ...created.sent, [field]: updatedText }, dropped: undefined };
  }
  const dropped = droppableProperty(document, operation, created.sent, field);
  const { [dropped ?? '']: _left, ...kept } = created.sent;
  const replacement = { ...(dropped === undefined ? created.sent : kept), [field]: updatedText };
  const answer = await call('PUT', created.itemPath, replacement);
  expect(is2xx(answer.status), said(`PUT ${created.itemPath}`, answer)).toBe(true);
  return { shows: replacement, dropped };
}

describe.each(TEST_DOCUMENTS)('$file', (doc) => {
  const file = documentPath(doc);
  let document: OpenApiDocument;
  beforeAll(async () => {
    document = await loadDocument(file);
  });

  it('has exactly the REST-shaped collections its table names', () => {
    expect(restCollections(document).map((c) => c.list)).toEqual(doc.collections);
  });

  if (doc.collections.length === 0) return;
  describe('on cloud-platform-emulator --document', () => {
    let emulator: Running | undefined;
    let call: Call;
    beforeAll(async () => {
      emulator = await startEmulatorCommand(file);
      call = caller(emulator.url, doc.credential, TOKEN);
    });
    afterAll(() => emulator?.stop());

    it.each(doc.collections)('%s: create, read, list, update, delete, then 404', async (list) => {
      const collections = restCollections(document);
      const c = collections.find((found) => found.list === list)!;
      const { create } = creator(document, collections, call);
      const created = await create(c);

      const read = await call('GET', created.itemPath);
      expect(read.status, said(`GET ${created.itemPath}`, read)).toBe(200);
      expect(read.body).toMatchObject(created.sent);

      const listed = await call('GET', created.listPath);
      expect(listed.status, said(`GET ${created.listPath}`, listed)).toBe(200);
      expect(listedItems(listed.body).map((item) => item.id)).toContain(created.id);

      const { shows, dropped } = await update(document, c, created, call);
      const changed = await call('GET', created.itemPath);
      expect(changed.body).toMatchObject(shows);
      if (dropped !== undefined) expect(changed.body, `PUT replaces: ${dropped} left out`).not.toHaveProperty(dropped);

      const deleted = await call('DELETE', created.itemPath);
      expect(is2xx(deleted.status), said(`DELETE ${created.itemPath}`, deleted)).toBe(true);
      const gone = await call('GET', created.itemPath);
      expect(gone.status, said(`GET ${created.itemPath} after its DELETE`, gone)).toBe(404);
      const getItem = (document.paths as Record<string, JsonObject>)[c.item]!.get as JsonObject;
      expect(declaredMediaTypes(document, getItem, 404)).toContain(gone.contentType.split(';')[0]!.trim());
      const after = await call('GET', created.listPath);
      expect(listedItems(after.body).map((item) => item.id)).not.toContain(created.id);
    });

    const nested = doc.collections.filter((list) => list.lastIndexOf('}') > 0);
    it.each(nested)("%s: an item is its parent's alone", async (list) => {
      const collections = restCollections(document);
      const c = collections.find((found) => found.list === list)!;
      const { create, listPathOf } = creator(document, collections, call);
      const created = await create(c);
      const otherList = await listPathOf(c);
      const elsewhere = await call('GET', `${otherList}/${encodeURIComponent(String(created.id))}`);
      expect(elsewhere.status, said(`GET under another parent`, elsewhere)).toBe(404);
      const otherItems = await call('GET', otherList);
      expect(otherItems.status, said(`GET ${otherList}`, otherItems)).toBe(200);
      expect(listedItems(otherItems.body).map((item) => item.id)).not.toContain(created.id);
    });
  });
});
