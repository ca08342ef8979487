// The types of a per-test override, from the generated `operations`: what the request holds (path,
// query and body, as the handlers see them), and the answers the operation declares, one per status
// (a range such as 4XX stands for each of its hundred statuses). An answer with a status the operation
// does not declare, or a body of another shape, fails the typecheck.
import type { OperationId, operations } from 'cloud-platform-api';
import type { PathParams, QueryParams, DeclaredBody } from './operations/types.js';

type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';
type AsNumber<Text> = Text extends `${infer N extends number}` ? N : never;
/** A response key as the statuses it stands for: 200 as 200, '4XX' as 400 to 499, 'default' as any. */
type StatusOf<Key> = Key extends number
  ? Key
  : Key extends `${infer Class extends '1' | '2' | '3' | '4' | '5'}XX`
    ? AsNumber<`${Class}${Digit}${Digit}`>
    : Key extends 'default'
      ? number
      : never;
type BodyOf<Response> = Response extends { content: { [mediaType: string]: infer Body } } ? Body : undefined;
/** A value no part of which can be changed (the built-in fixtures as a test reads them). */
export type DeepReadonly<T> = T extends readonly (infer Item)[]
  ? readonly DeepReadonly<Item>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

// The body is read-only to the emulator, so a test may answer with the frozen built-in fixtures as they are.
type AnswerTo<Status, Body> = [Body] extends [undefined]
  ? { status: Status; body?: undefined; headers?: Record<string, string> }
  : { status: Status; body: DeepReadonly<Body>; headers?: Record<string, string> };

type Responses<Id extends OperationId> = operations[Id]['responses'];

/** An answer `operationId` declares: a status of its responses, with that response's body. */
export type OverrideAnswerOf<Id extends OperationId> = {
  [Key in keyof Responses<Id>]: AnswerTo<StatusOf<Key>, BodyOf<Responses<Id>[Key]>>;
}[keyof Responses<Id>];

/** The request an override is given: valid, with the document's defaults, typed as the operation declares it. */
export interface OverrideRequestOf<Id extends OperationId> {
  path: PathParams<Id>;
  query: QueryParams<Id>;
  body: DeclaredBody<Id>;
  headers: Record<string, string | undefined>;
}

/** A fixed answer, or a function of the request that makes one. */
export type OverrideOf<Id extends OperationId> =
  | OverrideAnswerOf<Id>
  | ((request: OverrideRequestOf<Id>) => OverrideAnswerOf<Id>);
