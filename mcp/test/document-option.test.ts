// cloud-platform-mcp --document FILE: a hostile file refused at start in one line; a given document's
// operations are the tools (--help counts them by tag).
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { capturedOutput } from '../../test-kit/captured-output.js';
import { describeDocumentOption, tinyDocument } from '../../test-kit/hostile-documents.js';
import { main } from '../src/cli.js';

/** Runs the command in this process, with what it writes to stdout and stderr. */
async function mcpCommand(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { value, stdout, stderr } = await capturedOutput(() => main(args, {}));
  return { code: value, stdout, stderr };
}

describeDocumentOption('cloud-platform-mcp', async (args) => {
  const { code, stderr } = await mcpCommand(args);
  return { code, stderr: stderr.replace(/^cloud-platform-mcp: /, '') };
});

describe('cloud-platform-mcp --document', () => {
  it("lists the file's operations as its tools in --help, by tag", async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'mcp-document-'));
    const file = path.join(folder, 'tiny.json');
    const document = tinyDocument();
    (document.paths as Record<string, { get: { tags?: string[] } }>)['/things']!.get.tags = ['things'];
    writeFileSync(file, JSON.stringify(document));
    const { code, stdout } = await mcpCommand(['--document', file, '--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/--document FILE +the tools of this OpenAPI 3\.0 or 3\.1 document/);
    expect(stdout).toMatch(/Tools by tag:\n {2}things: 1 tool\n$/);
  });
});
