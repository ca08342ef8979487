// The document holds exactly the seed's operations, each with the seed's method, path, path
// parameters and success code, and each fully described.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { bundled, documentOperations } from '../../test-kit/document.js';
import { projectRoot, seedOperations, seedPart, successCodes } from '../helpers/sources.js';

const operations = documentOperations();
const codes = successCodes();
const rows = seedOperations().map((op) => ({ ...op, code: codes.get(op.number) }));

describe('operations', () => {
  it("are the seed's (method, path, success code) rows and nothing else", () => {
    expect(rows.length, 'the seed lists its operations').toBeGreaterThan(0);
    const documentRows = operations.map(({ method, path: route, operation }) => ({
      method,
      path: route,
      code: Number(Object.keys(operation.responses).find((c) => /^2\d\d$/.test(c))),
    }));
    const seedRows = rows.map(({ method, path: route, code }) => ({ method, path: route, code }));
    const byRoute = (a: { method: string; path: string }, b: { method: string; path: string }) =>
      `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`);
    expect(documentRows.sort(byRoute)).toEqual(seedRows.sort(byRoute));
  });

  it.each(rows)('op $number $method $path has exactly one success code', ({ method, path: route }) => {
    const { operation } = operations.find((o) => o.method === method && o.path === route)!;
    expect(Object.keys(operation.responses).filter((c) => /^2/.test(c))).toHaveLength(1);
  });

  it.each(rows)('op $number $method $path declares the path parameters the seed names', ({ method, path: route }) => {
    const { operation } = operations.find((o) => o.method === method && o.path === route)!;
    const inPath = [...route.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const declared = (operation.parameters ?? [])
      .map((p: { $ref?: string }) => (p.$ref ? bundled.components.parameters![p.$ref.split('/').pop()!] : p))
      .filter((p: { in: string }) => p.in === 'path')
      .map((p: { name: string; required: boolean }) => {
        expect(p.required).toBe(true);
        return p.name;
      });
    expect(declared.sort()).toEqual(inPath.sort());
  });

  it("marks exactly the seed's deprecated operation as deprecated", () => {
    const deprecatedInSeed = rows.filter((r) =>
      new RegExp(`^${r.number}\\. .*\\(deprecated\\)`, 'm').test(seedPart('Endpoints')),
    );
    expect(deprecatedInSeed.map((r) => r.number)).toEqual([2]);
    const deprecated = operations.filter((o) => o.operation.deprecated === true).map((o) => `${o.method} ${o.path}`);
    expect(deprecated).toEqual(deprecatedInSeed.map((r) => `${r.method} ${r.path}`));
  });

  it.each(operations)(
    '$method $path is described, tagged with one declared area and has a verb-first operationId',
    ({ operation }) => {
      expect(operation.summary).toBeTruthy();
      expect(operation.description).toBeTruthy();
      expect(operation.operationId).toMatch(/^(list|get|create|update|delete|check|add)[A-Z][A-Za-z0-9]*$/);
      expect(operation.tags).toHaveLength(1);
      expect(bundled.tags!.map((t: { name: string }) => t.name)).toContain(operation.tags[0]);
    },
  );

  it('applies the one apikey security scheme to every operation', () => {
    expect(bundled.components.securitySchemes).toEqual({
      ApiKeyAuth: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'Authorization' }),
    });
    expect(bundled.security).toEqual([{ ApiKeyAuth: [] }]);
    for (const { operation } of operations) expect(operation.security).toBeUndefined();
  });

  it('serves {base_url} with the live default', () => {
    expect(bundled.servers).toEqual([
      expect.objectContaining({
        url: '{base_url}',
        variables: { base_url: expect.objectContaining({ default: 'https://api.gcore.com' }) },
      }),
    ]);
  });
});

describe('source layout', () => {
  const root = parse(readFileSync(path.join(projectRoot, 'openapi', 'openapi.yaml'), 'utf8'));

  it('keeps one file per path, named after its segments', () => {
    const files = readdirSync(path.join(projectRoot, 'openapi', 'paths')).sort();
    const expected = Object.keys(root.paths)
      .map((route) => `${route.slice(1).replaceAll('/', '_')}.yaml`)
      .sort();
    expect(files).toEqual(expected);
    for (const [route, item] of Object.entries<{ $ref: string }>(root.paths)) {
      expect(item.$ref).toBe(`paths/${route.slice(1).replaceAll('/', '_')}.yaml`);
    }
  });

  it.each(['schemas', 'parameters', 'responses', 'securitySchemes'])(
    'keeps one file per %s component, named after it',
    (kind) => {
      const files = readdirSync(path.join(projectRoot, 'openapi', 'components', kind)).sort();
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) expect(file).toMatch(/^[A-Z][A-Za-z0-9]*\.yaml$/);
      expect(Object.keys(bundled.components[kind] ?? {}).sort()).toEqual(
        files.map((f) => f.replace(/\.yaml$/, '')).sort(),
      );
    },
  );
});
