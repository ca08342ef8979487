// The GitHub workflow's steps as GitHub runs them: a step that pipes must fail when any command of
// the pipe fails, and the breaking-change gate must fail when `npm run diff` does. GitHub runs a
// step's script with `bash -e` by default and with `bash --noprofile --norc -eo pipefail` when the
// step names `shell: bash`.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/sources.js';

interface Step {
  name?: string;
  run?: string;
  shell?: string;
}

const workflowsDir = path.join(projectRoot, '.github', 'workflows');
const steps: [string, Step][] = readdirSync(workflowsDir).flatMap((file) => {
  const workflow = parse(readFileSync(path.join(workflowsDir, file), 'utf8')) as {
    jobs: Record<string, { steps?: Step[] }>;
  };
  return Object.entries(workflow.jobs).flatMap(([job, { steps: list = [] }]) =>
    list.map((step, i): [string, Step] => [`${file} ${job} ${step.name ?? `step ${i + 1}`}`, step]),
  );
});

/** The command GitHub runs a step's script file with, on Linux. */
const githubShell = (step: Step, file: string) =>
  step.shell === 'bash'
    ? ['bash', '--noprofile', '--norc', '-eo', 'pipefail', file]
    : step.shell === undefined
      ? ['bash', '-e', file]
      : [step.shell, file];

/** A pipe (`a | b`) in a script, not an `||`. */
const pipes = (script: string) => /(^|[^|])\|(?!\|)/.test(script.replace(/'[^']*'|"[^"]*"/g, ''));
const hasPipefail = (step: Step) =>
  step.shell === 'bash' || /set -[a-z]*o pipefail|set -o pipefail/.test(step.run ?? '');

/** Runs a step's script as GitHub would, with `npm` replaced by a stub that prints a line and exits `npmExit`. */
function runStep(step: Step, npmExit: number) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'workflow-step-'));
  const script = path.join(dir, 'step.sh');
  writeFileSync(script, step.run!.replace(/\$\{\{\s*github\.base_ref\s*\}\}/g, 'main'));
  writeFileSync(path.join(dir, 'npm'), `#!/bin/sh\necho "## Contract changes (stub npm $*)"\nexit ${npmExit}\n`);
  chmodSync(path.join(dir, 'npm'), 0o755);
  const summary = path.join(dir, 'summary.md');
  writeFileSync(summary, '');
  const [command, ...args] = githubShell(step, script);
  const result = spawnSync(command!, args, {
    encoding: 'utf8',
    env: { ...process.env, PATH: `${dir}:${process.env.PATH}`, GITHUB_STEP_SUMMARY: summary },
  });
  return { status: result.status, summary: readFileSync(summary, 'utf8') };
}

describe('the GitHub workflow', () => {
  it('runs every step that pipes with pipefail', () => {
    const piping = steps.filter(([, step]) => step.run && pipes(step.run));
    expect(piping.length).toBeGreaterThan(0);
    for (const [name, step] of piping) expect(hasPipefail(step), name).toBe(true);
  });

  it.each([
    ['npm run diff | tee -a "$GITHUB_STEP_SUMMARY"', true],
    ['a || b', false],
    ["echo 'a | b'", false],
    ['npm test', false],
  ])('finds a pipe in %j: %s', (script, expected) => expect(pipes(script)).toBe(expected));

  const gate = steps.find(([name]) => /Breaking-change gate/.test(name));

  it('has a breaking-change gate that writes the markdown changelog to the step summary', () => {
    expect(gate, 'a step named "Breaking-change gate"').toBeDefined();
    expect(gate![1].run).toMatch(/npm run (--silent )?diff -- .*--markdown.*\| tee -a "\$GITHUB_STEP_SUMMARY"/);
  });

  it('fails the gate step when npm run diff fails, and passes it when it passes, with the output in the summary', () => {
    const [, step] = gate!;
    const failing = runStep(step, 1);
    expect(failing.status).not.toBe(0);
    expect(failing.summary).toContain('## Contract changes (stub npm run --silent diff -- origin/main --markdown)');
    expect(runStep(step, 0).status).toBe(0);
  });

  it('would not have failed with the step as it was (a pipe under bash -e): the check above can fail', () => {
    const before: Step = { run: 'npm run diff -- "origin/${{ github.base_ref }}" | tee -a "$GITHUB_STEP_SUMMARY"' };
    expect(hasPipefail(before)).toBe(false);
    expect(runStep(before, 1).status).toBe(0);
  });
});
