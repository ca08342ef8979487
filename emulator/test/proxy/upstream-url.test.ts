// The proxy's upstream URL through the API (the CLI has its own table): one a path cannot follow is refused
// at creation, and the message never quotes the credentials it carries.
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/index.js';

describe('createEmulator({ proxy }) with an upstream a path cannot follow', () => {
  it.each([
    ['credentials', 'http://user:s3cr3tpw@127.0.0.1:1/base', 'http://***@127.0.0.1:1/base'],
    ['a query', 'http://127.0.0.1:1/base?token=QSECRET', 'http://127.0.0.1:1/base?token=QSECRET'],
    ['a fragment', 'http://127.0.0.1:1/base#frag', 'http://127.0.0.1:1/base#frag'],
    ['not http', 'ftp://127.0.0.1:1/', 'ftp://127.0.0.1:1/'],
  ])('refuses %s, naming the option', async (_what, baseUrl, shown) => {
    const created = createEmulator({ proxy: { baseUrl } });
    await expect(created).rejects.toThrow(TypeError);
    await expect(created).rejects.toThrow(`proxy.baseUrl must`);
    await expect(created).rejects.toThrow(`got "${shown}"`);
    await expect(created).rejects.not.toThrow('s3cr3tpw');
  });
});
