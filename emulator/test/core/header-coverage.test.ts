// The journal's coverage of header and cookie parameters: the journal keeps no header, so it keeps which
// of the operation's header and cookie parameters a request carried (and the documented value matched,
// where coverage counts values); coverage then counts them as sent, in memory and with a state file. A
// header or cookie a credential travels in, declared as a parameter too, is kept only as sent: no secret of
// the key in the journal, the coverage or the state file's rows, in any form, whatever the scheme.
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { OpenApiDocument } from 'cloud-platform-api/toolbox';
import type { OperationCoverage } from 'cloud-platform-check/coverage';
import { describe, expect, it } from 'vitest';
import { keyFormIn } from '../../../test-kit/key-forms.js';
import { carriedRequest, SECURITY_KINDS, withSecurity, type SecurityKind } from '../../../test-kit/security-kinds.js';
import { createEmulator, type Emulator } from '../../src/index.js';
import { createSqliteStore } from '../../src/server.js';
import { bundled, CONFIG } from '../helpers/emulator.js';

const BASE = 'http://emulator.local';
const CREATE = '/cdn/logs_uploader/configs';
const OPERATION = 'createLogsUploaderConfig';

/** Header and cookie parameters of each kind coverage counts: sent at all, an enum's values, a boolean's sides. */
const DECLARED = [
  { in: 'header', name: 'X-Request-Id', schema: { type: 'string' } },
  { in: 'header', name: 'X-Mode', schema: { type: 'string', enum: ['fast', 'slow'] } },
  { in: 'header', name: 'X-Dry-Run', schema: { type: 'boolean' } },
  { in: 'cookie', name: 'theme', schema: { type: 'string', enum: ['dark', 'light'] } },
  { in: 'cookie', name: 'tracking', schema: { type: 'string' } },
];

/** `document` with `parameters` declared on the create operation as well. */
function declaring(document: OpenApiDocument, parameters: object[]): OpenApiDocument {
  const copy = structuredClone(document);
  const post = copy.paths[CREATE]!.post!;
  post.parameters = [...((post.parameters ?? []) as object[]), ...parameters];
  return copy;
}

const STORES = [
  { store: 'memory', make: () => undefined },
  {
    store: 'SQLite',
    make: () => createSqliteStore(path.join(mkdtempSync(path.join(os.tmpdir(), 'header-coverage-')), 'state.db')),
  },
];

const create = (emulator: Emulator, url: string, headers: Record<string, string>) =>
  emulator.fetch(`${BASE}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(CONFIG),
  });

const parametersOf = (emulator: Emulator): OperationCoverage['parameters'] =>
  emulator.coverage().operations.find((op) => op.operationId === OPERATION)!.parameters;

describe.each(STORES)('header and cookie parameters in coverage, the state $store', ({ make }) => {
  it('count as sent, with the enum value and boolean side sent, and the journal keeps no value sent', async () => {
    const emulator = await createEmulator({ document: declaring(bundled, DECLARED), store: make() });
    const sent = await create(emulator, CREATE, {
      authorization: 'apikey header-coverage-token',
      'x-request-id': 'request-4711',
      'x-mode': 'fast',
      'x-dry-run': 'true',
      cookie: 'theme=dark; tracking=visitor-0815',
    });
    expect(sent.status).toBe(200);
    expect(parametersOf(emulator)).toEqual([
      { in: 'header', name: 'X-Request-Id', sent: true },
      {
        in: 'header',
        name: 'X-Mode',
        sent: true,
        values: [
          { value: 'fast', sent: true },
          { value: 'slow', sent: false },
        ],
      },
      {
        in: 'header',
        name: 'X-Dry-Run',
        sent: true,
        values: [
          { value: true, sent: true },
          { value: false, sent: false },
        ],
      },
      {
        in: 'cookie',
        name: 'theme',
        sent: true,
        values: [
          { value: 'dark', sent: true },
          { value: 'light', sent: false },
        ],
      },
      { in: 'cookie', name: 'tracking', sent: true },
    ]);
    const [entry] = emulator.requests.list({ operationId: OPERATION });
    expect(entry!.sentParameters).toEqual([
      { in: 'header', name: 'X-Request-Id' },
      { in: 'header', name: 'X-Mode', value: 'fast' },
      { in: 'header', name: 'X-Dry-Run', value: true },
      { in: 'cookie', name: 'theme', value: 'dark' },
      { in: 'cookie', name: 'tracking' },
    ]);
    expect(JSON.stringify(entry)).not.toMatch(/request-4711|visitor-0815/);
    await emulator.close();
  });

  it.each([
    ['none of them', {}],
    ['each empty', { 'x-request-id': '', 'x-mode': '', cookie: 'theme=; tracking=' }],
    ['undeclared ones only', { 'x-other': 'fast', cookie: 'other=dark' }],
  ])('count as not sent when a request carries %s', async (_, headers) => {
    const emulator = await createEmulator({ document: declaring(bundled, DECLARED), store: make() });
    expect((await create(emulator, CREATE, { authorization: 'apikey t', ...headers })).status).toBe(200);
    expect(parametersOf(emulator).filter((p) => p.sent)).toEqual([]);
    expect(emulator.requests.list()[0]).not.toHaveProperty('sentParameters');
    await emulator.close();
  });

  it('read an enum value not documented, or a boolean that is none, as sent but no value met', async () => {
    const emulator = await createEmulator({ document: declaring(bundled, DECLARED), store: make() });
    await create(emulator, CREATE, { authorization: 'apikey t', 'x-mode': 'turbo', 'x-dry-run': 'maybe' });
    expect(emulator.requests.list()[0]!.sentParameters).toEqual([
      { in: 'header', name: 'X-Mode' },
      { in: 'header', name: 'X-Dry-Run' },
    ]);
    const [, mode, dryRun] = parametersOf(emulator);
    expect([mode!.sent, dryRun!.sent]).toEqual([true, true]);
    expect([...mode!.values!, ...dryRun!.values!].filter((v) => v.sent)).toEqual([]);
    await emulator.close();
  });
});

/** The place and name a kind's key travels in, as a parameter could declare it: none for the query's. */
function slotParameter(kind: SecurityKind): { in: string; name: string } | undefined {
  const scheme = kind.scheme as { type: string; in?: string; name?: string };
  if (scheme.type === 'apiKey') return scheme.in === 'query' ? undefined : { in: scheme.in!, name: scheme.name! };
  return { in: 'header', name: 'Authorization' };
}

/** Every row of every table of a closed state file, and its bytes, as text. */
function stateFileText(file: string): string {
  const db = new Database(file, { readonly: true });
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
  const rows = tables.map((table) => JSON.stringify(db.prepare(`SELECT * FROM ${table}`).raw().all()));
  db.close();
  return [...rows, readFileSync(file).toString('utf8'), readFileSync(file).toString('latin1')].join('\n');
}

const leaks = (text: string, secrets: readonly string[]) =>
  secrets.flatMap((secret) => {
    const form = keyFormIn(text, secret);
    return form ? [`${secret} ${form}`] : [];
  });

const HEADER_OR_COOKIE_KINDS = SECURITY_KINDS.filter((kind) => slotParameter(kind) !== undefined);

describe.each(HEADER_OR_COOKIE_KINDS)(
  'a document whose scheme is $kind, its slot declared as a parameter too',
  (kind) => {
    const slot = slotParameter(kind)!;
    const document = declaring(withSecurity(kind), [...DECLARED, { ...slot, schema: { type: 'string' } }]);

    it('keeps no secret of the key in the journal, the coverage or the state file, and the slot only as sent', async () => {
      const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'header-coverage-')), 'state.db');
      const emulator = await createEmulator({ document, store: createSqliteStore(file) });
      // The key in the declared parameters' values too: what a careless client might send.
      const { url, headers } = carriedRequest(CREATE, kind.carry(kind.key), {
        'x-request-id': kind.key,
        'x-mode': 'fast',
      });
      const cookie = [headers.cookie, `tracking=${encodeURIComponent(kind.key)}`].filter(Boolean).join('; ');
      expect((await create(emulator, url, { ...headers, cookie })).status).toBe(200);

      const journal = JSON.stringify(emulator.requests.list());
      const coverage = JSON.stringify(emulator.coverage());
      const sent = emulator.requests.list()[0]!.sentParameters!;
      const slotCounted = parametersOf(emulator).find((p) => p.in === slot.in && p.name === slot.name);
      await emulator.close();

      expect(leaks(journal, kind.secrets)).toEqual([]);
      expect(leaks(coverage, kind.secrets)).toEqual([]);
      expect(leaks(stateFileText(file), kind.secrets)).toEqual([]);
      // Authorization is no parameter (OpenAPI: the scheme says it); another slot's is kept as sent, no value.
      if (slot.name === 'Authorization') expect(slotCounted).toBeUndefined();
      else {
        expect(sent).toContainEqual(slot);
        expect(slotCounted).toEqual({ ...slot, sent: true });
      }
      expect(sent).toContainEqual({ in: 'header', name: 'X-Request-Id' });
      expect(sent).toContainEqual({ in: 'cookie', name: 'tracking' });
    });
  },
);
