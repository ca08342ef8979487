// The lines the command prints once it listens: where requests go, in emulation and as a proxy, where a
// request and its key reach the upstream, named without the credentials its URL may hold.
import { describe, expect, it } from 'vitest';
import { SECURITY_KINDS, withSecurity } from '../../../test-kit/security-kinds.js';
import { bundled } from '../../../test-kit/document.js';
import { banner } from '../../src/cli.js';

const url = 'http://127.0.0.1:4010';

describe('the start banner', () => {
  it('says the docs console sends to this emulator when it emulates', () => {
    const lines = banner(url, {}).split('\n');
    expect(lines[0]).toBe(`cloud-platform-emulator listening on ${url}`);
    expect(lines).toContain(
      `  docs:     ${url}/docs  (an interactive reference: try every operation against this emulator)`,
    );
    expect(lines.join('\n')).not.toMatch(/proxy|upstream/i);
  });

  it.each([
    ['an upstream', 'https://api.gcore.com', 'https://api.gcore.com'],
    ['an upstream under a path', 'http://127.0.0.1:9999/base', 'http://127.0.0.1:9999/base'],
    ['an upstream whose URL holds credentials', 'https://user:s3cret@api.example.test', 'https://api.example.test'],
  ])(
    'as a proxy to %s, says on its first line and the docs line that requests and keys go there',
    (_what, proxy, shown) => {
      const text = banner(url, { proxy });
      const lines = text.split('\n');
      expect(lines[0]).toBe(
        `cloud-platform-emulator listening on ${url} as a PROXY: every API request goes to ${shown}, with the key it carries`,
      );
      expect(lines).toContain(
        `  docs:     ${url}/docs  (its console sends each request to ${shown}, with the key you type: it acts on that account)`,
      );
      expect(text).not.toContain('against this emulator');
      expect(text).not.toContain('s3cret');
      expect(text).not.toContain('user:');
    },
  );

  it.each([
    ...SECURITY_KINDS.map((kind) => [kind.kind, withSecurity(kind), kind.hint] as const),
    [
      'no security',
      { ...bundled, security: undefined, components: { ...bundled.components, securitySchemes: {} } },
      'no credentials',
    ] as const,
  ])('says how a request carries the key of a document with %s', (_what, document, hint) => {
    expect(banner(url, {}, document).split('\n')).toContain(`  API:      ${url}/  (${hint})`);
  });
});
