// What an app bundled with the client loads before its first call (bench/lib/app-size.ts builds it as
// Vite 8 would), whether it calls a method or the path form: the quick path only. The modules for failing (the failure path, the key redactor, the
// error classes, the retry policy) are chunks of their own, loaded with the first failure.
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
  },
);
