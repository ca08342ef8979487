// What each entry point exports at run time, listed: a change to the packages' surface is a visible
// diff here, to be made on purpose (and named in the changelog), never by accident.
import { describe, expect, it } from 'vitest';
import { EXPORTS } from './installed.js';

const SURFACE: Record<string, string[]> = {
  'cloud-platform-api': [
    'ApiConnectionError',
    'ApiError',
    'ApiResponseError',
    'ApiTimeoutError',
    'AuthenticationError',
    'BadRequestError',
    'CloudApiError',
    'CloudClientOptionError',
    'ConflictError',
    'DEFAULT_BASE_URL',
    'InternalServerError',
    'NotFoundError',
    'PermissionDeniedError',
    'RateLimitError',
    'UnprocessableEntityError',
    'createCloudClient',
    'isApiError',
    'isRetryable',
    'listAllStreams',
    'operationById',
    'operationIndex',
    'retryDelayMs',
    'unwrap',
  ],
  'cloud-platform-api/toolbox': [
    'BodyTooLargeError',
    'HTTP_METHODS',
    'PEER_BODY_LIMIT_BYTES',
    'REDACTED',
    'authSchemeOf',
    'authorizationValue',
    'createRedactor',
    'deriveRoutes',
    'everyProperty',
    'fillPath',
    'httpUrl',
    'jsonPointer',
    'keyHeaderOf',
    'kindOf',
    'listOperations',
    'networkCode',
    'notHttpUrl',
    'operationsAt',
    'pathPattern',
    'pathValueProblem',
    'pointerTokens',
    'printable',
    'readBoundedBytes',
    'readBoundedText',
    'redactJson',
    'redactedBodyText',
    'refTarget',
    'resolveRef',
    'responseExample',
    'responseFor',
    'schemaExample',
    'schemaProperties',
    'successLinks',
    'successStatus',
  ],
  'cloud-platform-check': ['CHECKS', 'CheckOptionError', 'checkContract', 'curlCommand', 'formatReport', 'junitReport'],
  'cloud-platform-check/contract': [
    'UnknownOperationError',
    'createAnswerChecker',
    'createContractValidator',
    'createResponseChecker',
    'describeErrors',
    'documentRef',
    'listOperations',
    'readAnswerBody',
  ],
  'cloud-platform-check/validate': ['UnknownOperationError', 'validateResponse'],
  'cloud-platform-check/coverage': [
    'computeCoverage',
    'coverageGaps',
    'coverageHtml',
    'coverageLine',
    'coverageSummary',
    'underThreshold',
  ],
  'cloud-platform-emulator': [
    'EmulatorError',
    'EmulatorOptionError',
    'FaultRuleError',
    'FixtureError',
    'JOURNAL_BODY_BUDGET_BYTES',
    'JOURNAL_BODY_LIMIT_BYTES',
    'JournalFilterError',
    'MAX_FAULT_RULES',
    'MAX_OVERRIDES',
    'MAX_OVERRIDE_HEADERS',
    'MAX_OVERRIDE_HEADER_BYTES',
    'OverrideError',
    'StateFileError',
    'StatePersistError',
    'builtInFixtures',
    'createEmulator',
  ],
  'cloud-platform-emulator/msw': ['createMswHandlers'],
  'cloud-platform-emulator/server': [
    'BODY_LIMIT_BYTES',
    'DEFAULT_CORS_ORIGINS',
    'DEFAULT_HOST',
    'DEFAULT_PORT',
    'TIMEOUTS',
    'createServerEmulator',
    'createSqliteStore',
    'readFixturesFile',
    'readSnapshotFile',
    'recordingFile',
    'startEmulatorServer',
    'writeSnapshotFile',
  ],
};

describe('the run-time surface of each entry point', () => {
  it('lists every entry point the install tests import', () => {
    expect(Object.keys(SURFACE).sort()).toEqual(EXPORTS.map(([specifier]) => specifier).sort());
  });

  it.each(Object.entries(SURFACE))('%s exports exactly what is listed', async (specifier, names) => {
    expect(Object.keys(await import(specifier)).sort()).toEqual([...names].sort());
  });
});

describe('the members of an emulator', () => {
  it('are its fetch, its core, its controls and its state; nothing only the adapters use', async () => {
    const { createEmulator } = await import('cloud-platform-emulator');
    const emulator = await createEmulator();
    expect(Object.keys(emulator).sort()).toEqual([
      'close',
      'controlRoutes',
      'coverage',
      'document',
      'faults',
      'fetch',
      'fixtures',
      'handle',
      'holdMs',
      'importState',
      'override',
      'overrides',
      'requests',
      'reset',
      'store',
      'upstream',
      'violations',
    ]);
    await emulator.close();
  });
});
