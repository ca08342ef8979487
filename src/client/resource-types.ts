// The types of the resource layer (client.streaming.videos.get(1444)), made from the generated tree of
// names (generated/sdk-methods.d.ts) and the generated operation types: a method takes its one path
// parameter by position, the rest of its parameters and its body's fields as one object, and the call
// options last; it resolves to the answer's body.
import type { SdkMethods } from '../../generated/sdk-methods.js';
import type { operations } from '../../generated/schema.js';

type OperationId = keyof operations;

/** An object with no keys. */
type Nothing = Record<never, never>;
/** `T` without `undefined`, or Nothing where the operation has none of it (openapi-typescript writes `?: never`). */
type Present<T> = [NonNullable<T>] extends [never] ? Nothing : NonNullable<T>;
type PathParameters<Id extends OperationId> = Present<operations[Id]['parameters']['path']>;
type QueryParameters<Id extends OperationId> = Present<operations[Id]['parameters']['query']>;
/** The body's fields: they go in the method's object beside the parameters (the build checks no name is both). */
type BodyFields<Id extends OperationId> = [NonNullable<operations[Id]['requestBody']>] extends [never]
  ? Nothing
  : NonNullable<operations[Id]['requestBody']> extends { content: { 'application/json': infer Body } }
    ? Body
    : Nothing;

type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 205 | 206;
type Responses<Id extends OperationId> = operations[Id]['responses'];
/** The body of the operation's success answer; `undefined` where it has none (a 204). */
export type AnswerOf<Id extends OperationId> = {
  [Status in keyof Responses<Id>]: Status extends SuccessStatus
    ? Responses<Id>[Status] extends { content: { 'application/json': infer Body } }
      ? Body
      : undefined
    : never;
}[keyof Responses<Id>];

/** What the method's one object holds: the path parameters but the positional one, the query parameters, the body's fields. */
export type ParamsOf<Id extends OperationId, Positional extends PropertyKey> = Omit<PathParameters<Id>, Positional> &
  QueryParameters<Id> &
  BodyFields<Id>;

type RequiredKeysOf<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
/** The object argument: absent where there is nothing to put in it, optional where nothing in it is required. */
type ParamsArgument<Params> = [keyof Params] extends [never]
  ? []
  : [RequiredKeysOf<Params>] extends [never]
    ? [params?: Params]
    : [params: Params];
type PositionalArgument<Id extends OperationId, Positional> = [Positional] extends [never]
  ? []
  : Positional extends keyof PathParameters<Id>
    ? [value: PathParameters<Id>[Positional]]
    : never;

/** A method's arguments: its path parameter (if it has exactly one), its object, the call options. */
export type MethodArguments<Id extends OperationId, Positional extends PropertyKey, Options> = [
  ...PositionalArgument<Id, Positional>,
  ...ParamsArgument<ParamsOf<Id, Positional>>,
  options?: Options,
];

/** A call of the resource layer: a promise of the answer's body, which throws an ApiError for any other status. */
export interface ApiCall<Data> extends Promise<Data> {
  /** The answer's body and the raw `Response` beside it (its body already read). */
  withResponse(): Promise<{ data: Data; response: Response }>;
}

/** A paged list: `for await` walks every page (until an empty one); `.page()` reads one, the `page` given or the first. */
export interface PagedCall<Item> extends AsyncIterable<Item> {
  page(): ApiCall<Item[]>;
}

type ItemOf<List> = List extends readonly (infer Item)[] ? Item : never;

/** The method a leaf of the tree names. */
type MethodOf<Leaf, Options> = Leaf extends {
  operationId: infer Id extends OperationId;
  positional: infer Positional extends PropertyKey;
  paged: infer Paged;
}
  ? (
      ...args: MethodArguments<Id, Positional, Options>
    ) => Paged extends true ? PagedCall<ItemOf<AnswerOf<Id>>> : ApiCall<AnswerOf<Id>>
  : never;

/**
 * The resource layer over a tree of names: an object per area and resource, a method per operation,
 * whose last argument is the call options (`Options`, given by the client's types, whose CloudClient
 * includes this layer).
 */
export type Resources<Options, Tree = SdkMethods> = {
  readonly [Name in keyof Tree]: Tree[Name] extends { operationId: string }
    ? MethodOf<Tree[Name], Options>
    : Resources<Options, Tree[Name]>;
};
