// The types of an operation's behaviour, from the generated `operations`: what its path, query and
// body hold, and what its success answer is. A handler that reads a field the document does not
// declare, or answers a field of the wrong type, fails the typecheck.
import type { OperationId, operations } from 'cloud-platform-api';
import type { OpenApiDocument } from 'cloud-platform-api/toolbox';
import type { CoreTables } from '../core/state/state.js';
import type { Store, TableRows } from '../store/store.js';

type Op<Id extends OperationId> = operations[Id];
/** `T`, or an empty record where the document declares none (openapi-typescript writes `never`). */
type OrNone<T> = [T] extends [never] ? Record<string, never> : NonNullable<T>;
type JsonOf<T> = T extends { content: { 'application/json': infer Body } } ? Body : undefined;
type SuccessStatus<Id extends OperationId> = Extract<keyof Op<Id>['responses'], 200 | 201 | 204>;

export type PathParams<Id extends OperationId> = OrNone<Op<Id>['parameters']['path']>;
export type QueryParams<Id extends OperationId> = OrNone<Op<Id>['parameters']['query']>;
/** The body the document declares, `| undefined` where it is optional; undefined where there is none. */
export type DeclaredBody<Id extends OperationId> = [Op<Id>['requestBody']] extends [never]
  ? undefined
  : undefined extends Op<Id>['requestBody']
    ? JsonOf<NonNullable<Op<Id>['requestBody']>> | undefined
    : JsonOf<Op<Id>['requestBody']>;
/** The body of the operation's success answer; undefined for one with no body (204). */
export type SuccessBody<Id extends OperationId> = JsonOf<Op<Id>['responses'][SuccessStatus<Id>]>;

/** The client a request's token acts as; `{ create: true }` gives a token that has none an id (inside a create). */
export type ClientId = (create?: { create: true }) => number | undefined;

export interface OperationContext<Id extends OperationId> {
  params: PathParams<Id>;
  query: QueryParams<Id>;
  /** Valid, holding only the fields the document declares (the core drops the rest), with its defaults. */
  body: DeclaredBody<Id>;
  clientId: ClientId;
}

export type OperationHandler<Id extends OperationId> = (context: OperationContext<Id>) => SuccessBody<Id>;
export type OperationHandlers = { [Id in OperationId]?: OperationHandler<Id> };

/** What an area's behaviour works with: the document, its part of the fixtures, its tables and the core's. */
export interface AreaContext<T extends TableRows = TableRows, F extends object = object> {
  document: OpenApiDocument;
  fixtures: F;
  store: Store<T & CoreTables>;
}
