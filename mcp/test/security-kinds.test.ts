// The MCP server against a base URL, given a document of each security kind (the library entry, with a
// `document` object): its client sends the key where the document says (an upstream that takes only that
// key answers), sends none where an operation asks for nothing, plans a write with a client made from
// the same document, and no tool result holds a secret of the key, whatever the upstream echoes.
import { describe, expect, it } from 'vitest';
import { createEmulator } from 'cloud-platform-emulator';
import { startDivergentServer, type Divergence } from '../../test-kit/divergent-server.js';
import { keyEchoes, keyFormIn } from '../../test-kit/key-forms.js';
import { SECURITY_KINDS, withSecurity } from '../../test-kit/security-kinds.js';
import { connectInMemory, textOf } from './helpers/in-memory-session.js';

describe.each(SECURITY_KINDS)('cloud-platform-mcp --base-url on a document whose scheme is $kind', (kind) => {
  const document = withSecurity(kind);
  const echoed = kind.secrets.flatMap((secret) => keyEchoes(secret).map(({ text }) => text)).join(' ');
  // The DNS zone's answer echoes the key in every form: no tool result may show it.
  const echoing: Divergence = (request, answer) =>
    request.url.startsWith('/dns/') ? { ...answer, status: 400, body: JSON.stringify({ message: echoed }) } : answer;

  it('calls with the key where the document says, none where it asks for nothing, and shows no secret', async () => {
    const upstream = await startDivergentServer(echoing, { document, apiKeys: [kind.key] });
    const rehearsal = await createEmulator({ document });
    const mcp = await connectInMemory({ baseUrl: upstream.url, apiKey: kind.key }, undefined, { document, rehearsal });
    try {
      const results = [
        await mcp.call('listStreams', {}),
        await mcp.call('getVideo', { video_id: 1444 }),
        await mcp.call('getDnsZone', { name: 'example.com' }),
      ];
      expect(results.map((result) => result.isError === true)).toEqual([false, false, true]);
      const body = { name: 'logs', policy: 1, target: 2 };
      const plan = await mcp.call('createLogsUploaderConfig', { body });
      expect(plan.isError, textOf(plan)).not.toBe(true);
      const confirm = (plan.structuredContent as { confirm: string }).confirm;
      const sent = await mcp.call('createLogsUploaderConfig', { body, confirm });
      expect(sent.isError, textOf(sent)).not.toBe(true);
      const seen = JSON.stringify([...results, plan, sent]);
      expect(seen).toContain('[redacted]');
      expect(seen).not.toContain('cloud-platform-mcp-rehearsal');
      for (const secret of kind.secrets) expect(keyFormIn(seen, secret), secret).toBeUndefined();
    } finally {
      await mcp.close();
      await rehearsal.close();
      await upstream.close();
    }
  });

  it("gets the upstream's 401 for a key it does not take", async () => {
    const upstream = await startDivergentServer(undefined, { document, apiKeys: ['alice:another-key'] });
    const mcp = await connectInMemory({ baseUrl: upstream.url, apiKey: kind.key }, undefined, { document });
    try {
      const refused = await mcp.call('listStreams', {});
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/answered 401/);
      for (const secret of kind.secrets) expect(keyFormIn(JSON.stringify(refused), secret), secret).toBeUndefined();
    } finally {
      await mcp.close();
      await upstream.close();
    }
  });
});
