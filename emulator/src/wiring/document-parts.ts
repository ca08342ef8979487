// What depends only on the document, made once per document and shared by every emulator made from
// it: the routes and the router, the validators (Ajv compiles each schema once) and the call check,
// the error answers, the fixture loader and the built-in fixtures (frozen), the state checks and the
// fault rule check. A test suite that makes an emulator per test pays for these once.
import {
  deriveRoutes,
  refTarget,
  schemaProblem,
  type OpenApiDocument,
  type RouteSpec,
} from 'cloud-platform-api/toolbox';
import { EmulatorOptionError } from '../emulator-error.js';
import {
  createAnswerChecker,
  createContractValidator,
  documentPattern,
  type AnswerChecker,
  type ContractValidator,
  oneSidedDocument,
} from 'cloud-platform-check/contract';
import { lazily } from '../core/common/lazily.js';
import { deprecationHeaders } from '../core/document/deprecation-headers.js';
import { successTypes } from '../core/document/success-types.js';
import { createCallChecker, type CallChecker } from '../core/document/call-check.js';
import { createErrorAnswer, type ErrorAnswer } from '../core/document/area-errors.js';
import { compileFaultRule, type FaultRuleCheck } from '../core/controls/faults.js';
import { BUILT_IN_FIXTURES, fixtureSchemas, STATE_MODEL, type Fixtures } from '../operations/index.js';
import { createFixtureLoader, type FixtureLoader } from '../core/state/fixtures.js';
import { createRouter, type Router } from '../core/document/router.js';
import { withSafeIntegers } from '../core/document/safe-integers.js';
import { createStateChecker, type StateChecker } from '../core/state/state-check.js';
import type { StateSnapshot } from '../store/store.js';

/** What an emulator takes of its document, made once per document. */
export interface DocumentParts {
  routes: readonly RouteSpec[];
  match: Router;
  error: ErrorAnswer;
  /** The full check of a call (path, query, body, undeclared fields), for the operations and the proxy alike. */
  checkCall: CallChecker;
  /** The document's schemas as they are (no defaults put in): for checking answers. */
  validator: ContractValidator;
  deprecation: Map<RouteSpec, Record<string, string>>;
  /** The success media type of each route whose answer is not plain JSON. */
  successTypes: Map<RouteSpec, string>;
  /** The check of an answer against the document, made when the first override is added. */
  checkAnswer: () => AnswerChecker;
  /** The check of a fault rule, compiled when the first rule is added. */
  checkFaultRule: () => FaultRuleCheck;
  fixtureLoader: FixtureLoader<Fixtures>;
  /** The built-in fixture set, checked once: it is frozen, so every emulator can share it. */
  builtInFixtures(): Fixtures;
  /** The check of a whole state, compiled when the first non-empty state comes: a fresh emulator needs none. */
  checkState: StateChecker;
}

/** Why the validator's engine cannot run a pattern, or undefined when it can. */
function patternProblem(source: string): string | undefined {
  try {
    documentPattern(source);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** Each schema a route's request is checked against, with what it is: `query parameter limit`, `request body`. */
const requestSchemas = (route: RouteSpec): [what: string, pointer: string][] => [
  ...route.parameters.map((parameter): [string, string] => [
    `${parameter.in} parameter ${parameter.name}`,
    parameter.schema,
  ]),
  ...(route.body ? [['request body', route.body.schema] as [string, string]] : []),
];

/**
 * The routes, once every schema a request is checked against can be followed to its end and its
 * patterns run in linear time: a `$ref` or a pattern that cannot is an EmulatorOptionError naming it and
 * where it is, not a 500 on every request. All of them are walked at once, each schema once however
 * many routes share it; only where something is wrong are they walked route by route, to name it.
 */
function checkedRoutes(document: OpenApiDocument): RouteSpec[] {
  const routes = deriveRoutes(document);
  // A parameter or a body may give no schema: nothing to follow.
  const schemas = routes.flatMap((route) => requestSchemas(route).map(([, pointer]) => refTarget(document, pointer)));
  const allOf = schemas.filter((schema) => schema !== undefined);
  if (schemaProblem(document, { allOf }, patternProblem) === undefined) return routes;
  for (const route of routes) {
    for (const [what, pointer] of requestSchemas(route)) {
      if (refTarget(document, pointer) === undefined) continue;
      const problem = schemaProblem(document, { $ref: pointer }, patternProblem);
      if (problem) throw new EmulatorOptionError(`document: ${route.method} ${route.path}, ${what}: ${problem}`);
    }
  }
  return routes;
}

/**
 * A validator made when it is first used: an emulator of another document checks no answer before an
 * override or the proxy asks it to, so its start does not walk the whole document once more for it.
 */
function validatorOnFirstUse(make: () => ContractValidator): ContractValidator {
  const made = lazily(make);
  return {
    at: (pointer) => made().at(pointer),
    compile: (schema) => made().compile(schema),
    check: (pointer, value) => made().check(pointer, value),
  };
}

function makeParts(document: OpenApiDocument): DocumentParts {
  const routes = checkedRoutes(document);
  // Not strict: any document that is valid JSON Schema is served, never answered 500 for a keyword Ajv
  // would call a mistake (the project's own is linted by the tests, strictly). Answers, fixtures and state
  // are the answer's side: a required writeOnly property is asked of a request only.
  const validator = validatorOnFirstUse(() =>
    createContractValidator(oneSidedDocument(document, 'response'), { strict: false }),
  );
  // Request bodies get the defaults the document declares (an uploader config's `enabled`, say) as they are
  // checked; a readOnly property is required of answers only.
  const requestDocument = oneSidedDocument(withSafeIntegers(document), 'request');
  const requestValidator = createContractValidator(requestDocument, { useDefaults: true, strict: false });
  const fixtureLoader = createFixtureLoader(document, validator, {
    schemas: fixtureSchemas,
    builtIn: BUILT_IN_FIXTURES,
  });
  let builtIn: Fixtures | undefined;
  const checkState = lazily(() => createStateChecker(validator, STATE_MODEL));
  return {
    routes,
    match: createRouter(routes),
    error: createErrorAnswer(document),
    /** The full check of a call (path, query, body, undeclared fields), for the operations and the proxy alike. */
    checkCall: createCallChecker(document, routes, requestValidator),
    /** The document's schemas on the answer's side (no defaults put in): for checking answers. */
    validator,
    deprecation: deprecationHeaders(document, routes),
    successTypes: successTypes(document, routes),
    /** The check of an answer against the document, made when the first override is added. */
    checkAnswer: lazily(() => createAnswerChecker(document, validator)),
    /** The check of a fault rule, compiled when the first rule is added. */
    checkFaultRule: lazily(() => compileFaultRule(routes, requestValidator)),
    fixtureLoader,
    /** The built-in fixture set, checked once: it is frozen, so every emulator can share it. */
    builtInFixtures: (): Fixtures => (builtIn ??= fixtureLoader.builtIn()),
    /** The check of a whole state, compiled when the first non-empty state comes: a fresh emulator needs none. */
    checkState: (snapshot: StateSnapshot, source: string) => checkState()(snapshot, source),
  };
}

const made = new WeakMap<OpenApiDocument, DocumentParts>();

export function documentParts(document: OpenApiDocument): DocumentParts {
  let parts = made.get(document);
  if (!parts) {
    parts = makeParts(document);
    made.set(document, parts);
  }
  return parts;
}
