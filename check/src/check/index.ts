// `cloud-platform-check`: the contract runner, checkContract(), for any server that implements
// the document's operations, with its report in text and JUnit XML. Node only (it reads the bundled
// document). Coverage has its own entry point, cloud-platform-check/coverage.
export type { Answer, CheckName } from './verdicts.js';
export { CHECKS } from './verdicts.js';
export { checkContract, type CheckResult } from './check-contract.js';
export { CheckOptionError, type CheckOptions } from './check-options.js';
// The run's coverage, as CheckResult holds it; the functions that compute and show it are ./coverage's.
export type { CoverageReport } from './coverage/index.js';
export { junitReport } from './junit.js';
export { curlCommand, formatReport } from './report.js';
export type { Failure, OperationSummary, SentRequest } from './run-findings.js';
