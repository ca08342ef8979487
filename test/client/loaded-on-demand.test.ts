// What an app bundled with the client loads before its first call (bench/lib/app-size.ts builds it as
// Vite 8 would), whether it calls a method or the path form: the quick path only. The modules for failing
// (the failure path, the key redactor, the error classes, the retry policy) are chunks of their own, loaded
// with the first failure; those for another document (its security, path rules and styles) are loaded by
// a client of one; the resource layer by the first method call, so an app of the path form never loads it.
import { describe, expect, it } from 'vitest';
import { smallAppSize } from '../../bench/lib/app-size.js';
import { projectRoot } from '../helpers/sources.js';

const ON_DEMAND = [
  'src/client/failure-path.ts',
  'src/contract/redact.ts',
  'src/client/errors.ts',
  'src/client/retry-policy.ts',
  'src/contract/network-code.ts',
];

/** Another document's readers: a client of this API alone never loads them. */
const OTHER_DOCUMENTS = [
  'src/client/document-profile.ts',
  'src/contract/auth-scheme.ts',
  'src/contract/path-rules.ts',
  'src/contract/parameter-style.ts',
  'src/contract/parameters.ts',
];
const RESOURCE_LAYER = ['src/client/resources.ts', 'generated/sdk-methods.json', 'src/client/paginate.ts'];

describe.each(['path', 'method'] as const)(
  'a small app built with the client, calling in the %s form',
  async (call) => {
    const app = await smallAppSize(projectRoot, call);
    const names = (set: typeof app.first) => set.modules.map(([name]) => name);

    it('loads the quick path before its first call (the probe sees the modules it holds)', () => {
      expect(names(app.first)).toEqual(
        expect.arrayContaining(['src/client/client-fetch.ts', 'src/client/attempt.ts', 'openapi-fetch/dist/index.mjs']),
      );
    });

    it.each(ON_DEMAND)('loads %s only with the first failure', (module) => {
      expect(names(app.first)).not.toContain(module);
      expect(names(app.onDemand)).toContain(module);
    });

    it.each(OTHER_DOCUMENTS)('loads %s only for a client of another document', (module) => {
      expect(names(app.first)).not.toContain(module);
      expect(names(app.onDemand)).toContain(module);
    });

    it.each(RESOURCE_LAYER)(
      `loads %s ${call === 'method' ? 'with' : 'never, only bundling it for'} a method call`,
      (module) => {
        expect(names(call === 'method' ? app.first : app.onDemand)).toContain(module);
        if (call === 'path') expect(names(app.first)).not.toContain(module);
      },
    );
  },
);
