// The contract run as a JUnit XML report, for CI systems that show test results: a test suite per
// operation, a test case per check that applied to its answers, failing with each distinct failure
// and the curl command that reproduces it. An operation whose requests were not sent is skipped. Each
// suite carries the operation's coverage as properties (`coverage.statuses` = "3/4").
import junitReportBuilderModule, { type Builder } from 'junit-report-builder';
import type { CheckResult } from './check-contract.js';
import { curlCommand } from './report.js';

// junit-report-builder is CommonJS whose module.exports is the builder, while its types describe an
// ES module whose default export is: take the builder either way (as for ajv-formats).
const junitReportBuilder: Builder =
  (junitReportBuilderModule as unknown as { default?: Builder }).default ??
  (junitReportBuilderModule as unknown as Builder);

/** The run as JUnit XML, a test case per operation and check: what CI servers show. Holds no key. */
export function junitReport(result: CheckResult): string {
  const builder = junitReportBuilder.newBuilder().name(`cloud-platform-check ${result.baseUrl}`);
  for (const op of result.operations) {
    const suite = builder.testSuite().name(op.operationId);
    const coverage = result.coverage.operations.find((c) => c.operationId === op.operationId);
    for (const [kind, [covered, total]] of Object.entries(coverage?.figures ?? {}))
      suite.property(`coverage.${kind}`, `${covered}/${total}`);
    if (op.skipped && op.requests === 0) {
      suite.testCase().className(op.operationId).name('requests').skipped().standardOutput(op.skipped);
      continue;
    }
    for (const [check, counts] of Object.entries(op.checks)) {
      const requests = counts.passed + counts.failed;
      const testCase = suite
        .testCase()
        .className(op.operationId)
        .name(`${check} (${requests} request${requests === 1 ? '' : 's'})`);
      const failures = result.failures.filter((f) => f.operationId === op.operationId && f.check === check);
      if (failures.length === 0) continue;
      testCase.failure(failures.map((f) => f.message).join('\n'));
      testCase.standardOutput(
        failures.map((f) => `${f.message}\nrequest: ${f.note}\nreproduce: ${curlCommand(f.request)}`).join('\n\n'),
      );
    }
  }
  return builder.build();
}
