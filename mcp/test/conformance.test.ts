// The official MCP conformance suite (@modelcontextprotocol/conformance) against `cloud-platform-mcp --http`,
// at both revisions the server speaks: 2026-07-28 and 2025-11-25. The suite's own list of server scenarios
// is sorted here whole, so a new one is a decision, not a skip: each passes, or does not apply for a reason
// named below, and the suite's own words about each check prove the reason. A scenario that passes has no
// check that failed or warned but those named with their reason, and none that touched a fixture tool of
// the SDKs' test server: a check that "passes" because this server answered "there is no tool test_..."
// passed by accident, and is sorted as not applying.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpCommand } from './helpers/http-command.js';

const SUITE = path.join(
  import.meta.dirname,
  '..',
  '..',
  'node_modules',
  '@modelcontextprotocol',
  'conformance',
  'dist',
  'index.js',
);
const REVISIONS = ['2026-07-28', '2025-11-25'] as const;
type Revision = (typeof REVISIONS)[number];

/** What the suite says when it calls one of the fixture tools its SDKs' test server has, and this one has not. */
const FIXTURE_TOOL =
  /There is no tool \\?"test_\w+\\?"\. The tools are |diagnostic tool 'test_\w+'|Tool 'json_schema_2020_12_tool' not found/;
/** What it says of a method of a capability the server does not declare. */
const NO_METHOD = /Method not found|-32601/;

interface Exempt {
  reason: string;
  says: RegExp;
}
/** Passes: every check a success, but those named, each with why it does not apply and the suite's words for it. */
interface Passes {
  passes: true;
  except?: Record<string, Exempt>;
}
type Verdict = Passes | Exempt | { extension: string };

const passes = (except: Record<string, Exempt> = {}): Passes => ({ passes: true, except });

const fixtureTool = (what: string): Exempt => ({
  reason: `calls a fixture tool of the SDKs' test server (${what}); this server's tools are the document's operations`,
  says: FIXTURE_TOOL,
});
const NO_RESOURCES: Exempt = { reason: 'the server offers tools only: no resources capability', says: NO_METHOD };
const NO_PROMPTS: Exempt = { reason: 'the server offers tools only: no prompts capability', says: NO_METHOD };
const NO_SESSION: Exempt = {
  reason: 'needs a session: the server is stateless, each POST answered on its own, with no stream to resume',
  says: /session ID|MCP-Session-Id|priming event|retry field/,
};
const TASKS = { extension: 'the tasks extension, which the server does not implement' };
const SKILLS = { extension: 'the skills extension (SEP-2640), which the server does not implement' };

/** Every server scenario the suite lists, sorted; one verdict for both revisions, or one each. */
const VERDICTS: Record<string, Verdict | Record<Revision, Verdict>> = {
  'server-initialize': passes(),
  ping: passes(),
  'tools-list': passes(),
  'dns-rebinding-protection': passes(),
  'http-header-validation': passes(),
  'input-required-result-unsupported-methods': passes(),
  'server-stateless': passes({
    'sep-2575-http-server-no-independent-requests-on-stream': fixtureTool('test_streaming_elicitation'),
    'sep-2575-missing-capability-http-400': fixtureTool('test_missing_capability'),
    'sep-2575-server-rejects-undeclared-capability': fixtureTool('test_missing_capability'),
    'sep-2575-server-no-log-without-loglevel': fixtureTool('test_logging_tool'),
    'sep-2575-server-sends-prompts-list-changed-on-subscription': {
      reason: 'the server declares no prompts, so no list change',
      says: /did not declare prompts\.listChanged/,
    },
    'sep-2575-server-sends-tools-list-changed-on-subscription': {
      reason: 'the tools are fixed for the life of the server: no list change to announce',
      says: /did not declare tools\.listChanged/,
    },
  }),
  caching: passes({
    'sep-2549-prompts-list-caching-hints': NO_PROMPTS,
    'sep-2549-resources-list-caching-hints': NO_RESOURCES,
    'sep-2549-resources-templates-list-caching-hints': NO_RESOURCES,
    'sep-2549-resources-read-caching-hints': { ...NO_RESOURCES, says: /resources\/list failed/ },
  }),
  'server-sse-multiple-streams': {
    '2026-07-28': passes(),
    '2025-11-25': NO_SESSION,
  },
  'server-session-lifecycle': NO_SESSION,
  'server-sse-polling': NO_SESSION,
  'logging-set-level': { reason: 'the server has no logging capability: its log lines go to stderr', says: NO_METHOD },
  'completion-complete': { reason: 'the server has no prompts or resource templates to complete', says: NO_METHOD },
  'tools-call-simple-text': fixtureTool('test_simple_text'),
  'tools-call-image': fixtureTool('test_image_content'),
  'tools-call-audio': fixtureTool('test_audio_content'),
  'tools-call-embedded-resource': fixtureTool('test_embedded_resource'),
  'tools-call-mixed-content': fixtureTool('test_multiple_content_types'),
  'tools-call-with-logging': {
    reason: 'calls a fixture tool that logs, after logging/setLevel: the server has no logging capability',
    says: NO_METHOD,
  },
  'tools-call-error': fixtureTool('test_error_handling'),
  'tools-call-with-progress': fixtureTool('test_tool_with_progress'),
  'tools-call-sampling': fixtureTool('test_sampling'),
  'tools-call-elicitation': fixtureTool('test_elicitation'),
  'json-schema-2020-12': fixtureTool('json_schema_2020_12_tool'),
  'elicitation-sep1034-defaults': fixtureTool('test_elicitation_sep1034_defaults'),
  'elicitation-sep1330-enums': fixtureTool('test_elicitation_sep1330_enums'),
  'input-required-result-basic-elicitation': fixtureTool('test_input_required_result_elicitation'),
  'input-required-result-basic-sampling': fixtureTool('test_input_required_result_sampling'),
  'input-required-result-basic-list-roots': fixtureTool('test_input_required_result_list_roots'),
  'input-required-result-request-state': fixtureTool('test_input_required_result_request_state'),
  'input-required-result-multiple-input-requests': fixtureTool('test_input_required_result_multiple_inputs'),
  'input-required-result-result-type': fixtureTool('test_input_required_result_elicitation'),
  'input-required-result-capability-check': fixtureTool('test_input_required_result_capabilities'),
  'input-required-result-ignore-extra-params': fixtureTool('test_input_required_result_elicitation'),
  // Its two checks "succeed" on this server's -32602 for the missing fixture tool: passed by accident.
  'input-required-result-validate-input': fixtureTool('test_input_required_result_elicitation'),
  'input-required-result-missing-input-response': {
    reason: 'calls a fixture tool that asks for input; no tool of this server asks the client for input',
    says: /returned JSON-RPC error instead of re-requesting/,
  },
  'input-required-result-multi-round': {
    reason: 'calls a fixture tool that asks for input over several rounds; no tool of this server asks for input',
    says: /Expected InputRequiredResult/,
  },
  'input-required-result-tampered-state': {
    reason: 'calls a fixture tool that asks for input; no tool of this server asks for input, so no state to tamper',
    says: /could not get initial InputRequiredResult/,
  },
  'input-required-result-non-tool-request': {
    reason: 'asks for input on a prompt or resource request: the server has neither',
    says: NO_METHOD,
  },
  'http-custom-header-server-validation': {
    reason:
      'checks tools whose parameters the client mirrors into x-mcp-header headers: no tool of this server has one',
    says: /no tool with x-mcp-header annotations/,
  },
  'sep-2164-resource-not-found': {
    reason:
      'a resource not found is -32602 where resources are served: this server has none, so resources/read is -32601',
    says: /got -32601|data\.uri is undefined/,
  },
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
  'sep-2640-skills-directory': SKILLS,
  'sep-2640-skills-enumeration': SKILLS,
  'sep-2640-skills-manifest': SKILLS,
  'tasks-lifecycle': TASKS,
  'tasks-capability-negotiation': TASKS,
  'tasks-wire-fields': TASKS,
  'tasks-request-state-removal': TASKS,
  'tasks-mrtr-input': TASKS,
  'tasks-request-headers': TASKS,
  'tasks-dispatch-and-envelope': TASKS,
  'tasks-status-notifications': TASKS,
  'tasks-required-task-error': TASKS,
  'tasks-mrtr-composition': TASKS,
};

const verdictAt = (scenario: string, revision: Revision): Verdict => {
  const verdict = VERDICTS[scenario]!;
  return revision in verdict ? (verdict as Record<Revision, Verdict>)[revision] : (verdict as Verdict);
};

interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  errorMessage?: string;
  details?: unknown;
}

/** All the suite says of a check: its message and its details. */
const said = (check: Check) => `${check.errorMessage ?? ''} ${JSON.stringify(check.details ?? null)}`;

const suite = (args: readonly string[]) =>
  promisify(execFile)(process.execPath, [SUITE, ...args], { cwd: os.tmpdir(), maxBuffer: 16 * 1024 * 1024 });

/** Runs every scenario of the suite at one revision against the server, once; each scenario's checks. */
async function runAt(url: string, revision: Revision): Promise<Map<string, Check[]>> {
  const output = mkdtempSync(path.join(os.tmpdir(), `mcp-conformance-${revision}-`));
  // The suite exits 1 when any check fails; which failures are expected is this file's to judge.
  await suite(['server', '--url', url, '--suite', 'all', '--spec-version', revision, '--output-dir', output]).catch(
    (error: { code?: number }) => {
      if (error.code !== 1) throw error;
    },
  );
  return new Map(
    readdirSync(output).map((folder) => [
      /^server-(.+)-\d{4}-\d\d-\d\dT/.exec(folder)![1]!,
      JSON.parse(readFileSync(path.join(output, folder, 'checks.json'), 'utf8')) as Check[],
    ]),
  );
}

/** What the server itself was checked on: all but the suite's own check of the messages' shape. */
const judged = (checks: Check[]) => checks.filter((check) => check.id !== 'wire-schema-valid');

function expectVerdict(scenario: string, checks: Check[], verdict: Verdict): void {
  expect('extension' in verdict, `${scenario} ran, yet is sorted as an extension`).toBe(false);
  const wire = checks.find((check) => check.id === 'wire-schema-valid');
  if (wire) expect(wire.status, `${scenario}: every message the server sent is valid`).toBe('SUCCESS');
  if ('passes' in verdict) {
    const except = verdict.except ?? {};
    for (const check of checks) {
      const exempt = except[check.id];
      if (exempt) expect(said(check), `${scenario} / ${check.id}: ${exempt.reason}`).toMatch(exempt.says);
      else expect(check.status, `${scenario} / ${check.id}: ${said(check)}`).toMatch(/^(SUCCESS|INFO)$/);
      if (!exempt)
        expect(said(check), `${scenario} / ${check.id} passed on a missing fixture tool`).not.toMatch(FIXTURE_TOOL);
    }
    expect(judged(checks).filter((check) => check.status === 'SUCCESS' && !except[check.id]).length).toBeGreaterThan(0);
    return;
  }
  const { reason, says } = verdict as Exempt;
  const proofs = judged(checks).filter((check) => says.test(said(check)));
  expect(proofs.length, `${scenario} does not apply (${reason}): the suite says so`).toBeGreaterThan(0);
  for (const check of judged(checks))
    if (check.status !== 'SUCCESS' && check.status !== 'INFO')
      expect(said(check), `${scenario} / ${check.id}: ${reason}`).toMatch(says);
}

describe('the MCP conformance suite against cloud-platform-mcp --http', () => {
  const runs = new Map<Revision, Map<string, Check[]>>();
  let stopServer: (() => Promise<unknown>) | undefined;
  // Stopped by the afterAll below: one registered from inside this hook never ran, and left the process behind.
  beforeAll(async () => {
    const { url } = await startHttpCommand([], (stop) => (stopServer = stop));
    for (const revision of REVISIONS) runs.set(revision, await runAt(url, revision));
  }, 240_000);
  afterAll(() => stopServer?.());

  it('sorts every server scenario the suite lists: it passes, or the reason it does not apply is named', async () => {
    const { stdout } = await suite(['list', '--server']);
    const listed = [...stdout.matchAll(/^\s+- (\S+)/gm)].map((match) => match[1]);
    expect([...listed].sort()).toEqual(Object.keys(VERDICTS).sort());
  });

  it.each(REVISIONS)('runs at %s only scenarios sorted here, and every one not an extension', (revision) => {
    const ran = [...runs.get(revision)!.keys()];
    expect(ran.filter((scenario) => !(scenario in VERDICTS))).toEqual([]);
    const extensions = Object.keys(VERDICTS).filter((scenario) => 'extension' in verdictAt(scenario, revision));
    expect(ran.filter((scenario) => extensions.includes(scenario))).toEqual([]);
    expect(ran.length).toBeGreaterThan(20);
  });

  it.each(REVISIONS.flatMap((revision) => Object.keys(VERDICTS).map((scenario) => [revision, scenario] as const)))(
    'at %s, %s: passes, or does not apply for its reason',
    (revision, scenario) => {
      const checks = runs.get(revision)!.get(scenario);
      const verdict = verdictAt(scenario, revision);
      if (!checks) {
        // Not run at this revision: a scenario of another revision, or an extension.
        expect(REVISIONS.some((each) => runs.get(each)!.has(scenario)) || 'extension' in verdict, scenario).toBe(true);
        return;
      }
      expectVerdict(scenario, checks, verdict);
    },
  );
});
