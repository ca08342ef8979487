// The official MCP conformance suite (@modelcontextprotocol/conformance) against `cloud-platform-mcp --http`:
// every server scenario that applies passes with every check a success. The rest test features this server
// does not offer, or the fixture tools of the SDKs' own test server; each is named below with why, and the
// suite's own list must hold no scenario this file has not sorted, so a new one is a decision, not a skip.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startHttpCommand } from './helpers/http-command.js';

const CONFORMANCE = path.join(import.meta.dirname, '..', '..', 'node_modules', '.bin', 'conformance');

const APPLIES = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'];

const NO_RESOURCES = 'the server offers tools only: no resources capability';
const NO_PROMPTS = 'the server offers tools only: no prompts capability';
const FIXTURE_TOOL =
  "calls a fixture tool of the SDKs' test server (test_*), which this server, made from the document, has not";

const DOES_NOT_APPLY: Record<string, string> = {
  'logging-set-level': 'the server has no logging capability: its log lines go to stderr',
  'completion-complete': 'the server has no prompts or resource templates to complete',
  'tools-call-simple-text': FIXTURE_TOOL,
  'tools-call-image': FIXTURE_TOOL,
  'tools-call-audio': FIXTURE_TOOL,
  'tools-call-embedded-resource': FIXTURE_TOOL,
  'tools-call-mixed-content': FIXTURE_TOOL,
  'tools-call-with-logging': FIXTURE_TOOL,
  'tools-call-error': FIXTURE_TOOL,
  'tools-call-with-progress': FIXTURE_TOOL,
  'tools-call-sampling': FIXTURE_TOOL,
  'tools-call-elicitation': FIXTURE_TOOL,
  'json-schema-2020-12': FIXTURE_TOOL,
  'elicitation-sep1034-defaults': FIXTURE_TOOL,
  'elicitation-sep1330-enums': FIXTURE_TOOL,
  'server-sse-polling': 'needs a session: the server is stateless, one request each, with no SSE stream to resume',
  'server-sse-multiple-streams': 'needs a session: the server is stateless, one request each, with no GET stream',
  'resources-list': NO_RESOURCES,
  'resources-read-text': NO_RESOURCES,
  'resources-read-binary': NO_RESOURCES,
  'resources-templates-read': NO_RESOURCES,
  'resources-subscribe': NO_RESOURCES,
  'resources-unsubscribe': NO_RESOURCES,
  'prompts-list': NO_PROMPTS,
  'prompts-get-simple': NO_PROMPTS,
  'prompts-get-with-args': NO_PROMPTS,
  'prompts-get-embedded-resource': NO_PROMPTS,
  'prompts-get-with-image': NO_PROMPTS,
};

const run = (args: readonly string[]) =>
  spawnSync(CONFORMANCE, args, { encoding: 'utf8', timeout: 60_000, cwd: os.tmpdir() });

interface Check {
  id: string;
  status: string;
  errorMessage?: string;
}

describe('the MCP conformance suite against cloud-platform-mcp --http', () => {
  it('sorts every server scenario of the suite: it applies, or the reason it does not is named', () => {
    const listed = run(['list', '--server']);
    expect(listed.status, listed.stderr).toBe(0);
    const scenarios = [...listed.stdout.matchAll(/^\s+- (\S+)/gm)].map((match) => match[1]);
    expect(scenarios.length).toBeGreaterThan(APPLIES.length);
    expect([...scenarios].sort()).toEqual([...APPLIES, ...Object.keys(DOES_NOT_APPLY)].sort());
  });

  it.each(APPLIES)(
    'passes %s, every check a success',
    async (scenario) => {
      const { url } = await startHttpCommand();
      const output = mkdtempSync(path.join(os.tmpdir(), 'mcp-conformance-'));
      const result = run(['server', '--url', url, '--scenario', scenario, '--output-dir', output]);
      expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
      const [folder] = readdirSync(output);
      const checks = JSON.parse(readFileSync(path.join(output, folder!, 'checks.json'), 'utf8')) as Check[];
      expect(checks.length).toBeGreaterThan(0);
      expect(checks.filter((check) => check.status !== 'SUCCESS')).toEqual([]);
    },
    60_000,
  );
});
