// The emulator's own routes under --api-key: a reset needs an accepted key.
import { describe, expect, it } from 'vitest';
import { call, CONFIG, useEmulator } from '../helpers/emulator.js';

describe('reset takes an accepted key when --api-key is set', () => {
  const running = useEmulator({ apiKeys: ['admin-key'] });
  it.each([
    ['no Authorization', null, 401],
    ['an unknown key', 'other', 401],
    ['an accepted key', 'admin-key', 204],
  ])('with %s: %s', async (_what, token, status) => {
    expect((await call(running, 'POST', '/cdn/logs_uploader/configs', CONFIG, 'admin-key')).status).toBe(200);
    const reset = await call(running, 'POST', '/__emulator/reset', undefined, token);
    expect(reset.status).toBe(status);
    const kept = running.emulator.store.tables.configs.size();
    expect(kept > 0).toBe(status === 401);
  });
});
