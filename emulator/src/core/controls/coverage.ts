// The journal's coverage of the document: which documented statuses the app met, which parameters,
// body properties and values it sent, which links it followed. The checker's model
// (cloud-platform-check/coverage), fed the requests the journal keeps; a status a fault injected counts as
// met only by a fault.
import { computeCoverage, type CoverageExchange, type CoverageReport } from 'cloud-platform-check/coverage';
import type { OpenApiDocument } from 'cloud-platform-api/toolbox';
import type { JournalEntry } from './journal.js';

/** A journal entry as coverage reads it: no header, but the header and cookie parameters it read as they came. */
const exchangeOf = (entry: JournalEntry): CoverageExchange => ({
  method: entry.method,
  path: entry.path,
  query: entry.query,
  sentParameters: entry.sentParameters,
  body: entry.body,
  status: entry.status,
  operationId: entry.operationId,
  fault: typeof entry.fault === 'number',
});

/** The coverage of the document by the requests a journal keeps, oldest first. */
export const journalCoverage = (document: OpenApiDocument, entries: readonly JournalEntry[]): CoverageReport =>
  computeCoverage(document, entries.map(exchangeOf));
