// Coverage: what a list of exchanges met of the document, as data, text lines and an HTML page.
export type { HiddenParameters, InputCoverage, SentParameter, ValueCoverage } from './inputs.js';
export { sentParameterReader } from './inputs.js';
export {
  computeCoverage,
  type CoverageExchange,
  type CoverageReport,
  type Figure,
  type LinkCoverage,
  type OperationCoverage,
} from './model.js';
export { coverageGaps, coverageLine, coverageSummary, underThreshold } from './summary.js';
export { coverageHtml } from './html.js';
