// `cloud-platform-mcp --document FILE` over stdio, as an MCP client starts it: for each test document it
// lists one tool per operation (writes and deletes allowed), each named as clients accept
// (`[A-Za-z0-9_.-]`, at most 64 characters, no two alike), and each operationId found: as the tool's name,
// or, where it had to change, in its description.
import { Client } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { listOperations } from 'cloud-platform-api/toolbox';
import { loadDocument } from 'cloud-platform-check/document';
import { describe, expect, it } from 'vitest';
import { documentPath, TEST_DOCUMENTS } from './documents.js';
import { MCP_BIN } from './processes.js';

/** The tool the server adds beside the operations when it runs an emulator in process. */
const JOURNAL_TOOL = 'journal';
const CLIENT_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

describe.each(TEST_DOCUMENTS)('$file', (doc) => {
  it('lists a tool per operation, each named as clients accept, and finds each operationId', async () => {
    const file = documentPath(doc);
    const operations = listOperations({ paths: (await loadDocument(file)).paths ?? {} });
    let stderr = '';
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [MCP_BIN, '--document', file, '--allow-writes', '--allow-deletes'],
      env: getDefaultEnvironment(),
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'any-document-test', version: '1.0.0' });
    try {
      await client.connect(transport);
    } catch (error) {
      throw new Error(`cloud-platform-mcp --document ${doc.file} did not start: ${error}\n${stderr}`);
    }
    try {
      const { tools } = await client.listTools();
      const names = tools.map((tool) => tool.name);
      expect(names.filter((name) => !CLIENT_NAME.test(name))).toEqual([]);
      expect(new Set(names).size).toBe(names.length);
      const operationTools = tools.filter((tool) => tool.name !== JOURNAL_TOOL);
      expect(operationTools).toHaveLength(operations.length);
      // An operationId is the tool's name where it is valid as one; else the description names it.
      const toolsOf = (id: string) =>
        operationTools.filter((tool) => tool.name === id || tool.description?.includes(JSON.stringify(id)));
      expect(operations.filter((op) => toolsOf(op.operationId).length !== 1).map((op) => op.operationId)).toEqual([]);
    } finally {
      await client.close();
    }
  });
});
