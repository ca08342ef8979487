// The resource layer: client.streaming.videos.get(1444) is client.GET('/streaming/videos/{video_id}',
// { params: { path: { video_id: 1444 } } }), unwrapped. Each method is built from the tree the build
// reads from the document's x-sdk-method names (generated/sdk-methods.json) and calls the client's own
// path form, so options, retries, errors, logging and the key are the path form's, unchanged. Loaded with
// a client's first method call (method-stubs.ts), so an app of the path form alone does not carry it.
import sdkMethods from '../../generated/sdk-methods.json' with { type: 'json' };
import type { CallOptions } from './client-types.js';
import { CloudClientOptionError } from './option-error.js';
import { walkPages } from './paginate.js';
import type { ApiCall, PagedCall } from './resource-types.js';
import { dataOf, type FetchResult } from './unwrap.js';

/** What the build writes for each method: how to make its call. */
interface Leaf {
  method: string;
  path: string;
  /** The keys of the method's object that are query parameters. */
  query: string[];
  body: 'none' | 'optional' | 'required';
  /** A list read page by page through the `page` query parameter. */
  paged?: true;
}
type Tree = { [name: string]: Tree | Leaf };
type Init = Record<string, unknown>;
type PathCall = (path: string, init: Init) => Promise<FetchResult<unknown>>;

const CALL_OPTIONS: readonly (keyof CallOptions)[] = ['timeoutMs', 'maxRetries', 'signal', 'headers'];

/**
 * A promise of the answer's body that keeps the answer for `.withResponse()`: the body's own promise (a
 * plain one, so `await` takes its fast path) with the method beside it. The body is unwrapped at once, as
 * an async function's promise settles: a failure nobody awaits is an unhandled rejection, whatever failed
 * (the argument, the network or the status); `.withResponse()` reads the same outcome.
 */
function resourceCall<Data>(result: Promise<FetchResult<Data>>): ApiCall<Data> {
  const data = result.then(dataOf) as ApiCall<Data>;
  data.withResponse = () => data.then(async (body) => ({ data: body, response: (await result).response }));
  return data;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A method as built, with what each call of it needs worked out once. */
interface Method {
  name: string;
  leaf: Leaf;
  /** The path parameter taken by position, where the template has exactly one. */
  positional: string | undefined;
  /** The path parameters taken in the object: all of them, where there are two or more. */
  pathNames: ReadonlySet<string>;
  query: ReadonlySet<string>;
  /** Whether the method takes the object of parameters after its positional one. */
  takesObject: boolean;
  /** The most arguments it takes: its positional one, its object, the options. */
  most: number;
  call: PathCall;
}

function methodOf(name: string, leaf: Leaf, call: PathCall): Method {
  const pathNames = [...leaf.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
  const positional = pathNames.length === 1 ? pathNames[0] : undefined;
  const takesObject = pathNames.length > 1 || leaf.query.length > 0 || leaf.body !== 'none';
  return {
    name,
    leaf,
    positional,
    pathNames: new Set(positional === undefined ? pathNames : []),
    query: new Set(leaf.query),
    takesObject,
    most: (positional === undefined ? 0 : 1) + (takesObject ? 1 : 0) + 1,
    call,
  };
}

const CALL_OPTION_NAMES: ReadonlySet<string> = new Set(CALL_OPTIONS);

/** Sets a field, a key such as "__proto__" included, as a field of its own: an assignment would set the prototype. */
function put(target: Init, key: string, value: unknown): Init {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
  return target;
}

/** The options of one call, checked: the path form's init with them, or a fresh one where there are none. */
function initWithOptions({ name }: Method, options: unknown): Init {
  if (options === undefined) return {};
  if (!isPlainObject(options)) throw new CloudClientOptionError(`The options of ${name} must be an object`);
  for (const key of Object.keys(options)) {
    if (!CALL_OPTION_NAMES.has(key))
      throw new CloudClientOptionError(`${name} has no option "${key}": its options are ${CALL_OPTIONS.join(', ')}`);
  }
  return { ...options };
}

/** The path form's init for one call: the method's arguments sorted into params, body and options. */
function initOf(method: Method, args: unknown[]): Init {
  const { name, leaf, positional, pathNames, query: queryNames, takesObject } = method;
  // An argument past the options would be dropped unseen: a mistake in the call, said as one.
  if (args.length > method.most)
    throw new CloudClientOptionError(`${name} takes at most ${method.most} arguments, got ${args.length}`);
  let at = 0;
  // A computed key in a literal is a field of its own, whatever its name.
  let path: Init | undefined = positional === undefined ? undefined : { [positional]: args[at++] };
  let query: Init | undefined;
  let body: Init | undefined;
  const given = takesObject ? args[at++] : undefined;
  const params = given === undefined ? {} : given;
  if (!isPlainObject(params)) throw new CloudClientOptionError(`The parameters of ${name} must be an object`);
  for (const key of Object.keys(params)) {
    const value = params[key];
    if (key === positional)
      throw new CloudClientOptionError(`${name} takes "${key}" first, by position, not in its parameters`);
    if (pathNames.has(key)) path = put(path ?? {}, key, value);
    else if (queryNames.has(key)) query = put(query ?? {}, key, value);
    else if (leaf.body !== 'none') body = put(body ?? {}, key, value);
    else throw new CloudClientOptionError(`${name} takes no parameter "${key}"`);
  }
  const init = initWithOptions(method, args[at]);
  if (path !== undefined || query !== undefined) {
    // Where the template has parameters, the path form gets their values, none given included, to check.
    const sorted: Init = {};
    if (positional !== undefined || pathNames.size > 0) sorted.path = path ?? {};
    if (query !== undefined) sorted.query = query;
    init.params = sorted;
  }
  if (body !== undefined || leaf.body === 'required') init.body = body ?? {};
  return init;
}

/** One call through the path form; a bad argument rejects the call, as a bad option of the path form does. */
function send(method: Method, args: unknown[]): ApiCall<unknown> {
  let result: Promise<FetchResult<unknown>>;
  try {
    result = method.call(method.leaf.path, initOf(method, args));
  } catch (error) {
    result = Promise.reject(error);
  }
  return resourceCall(result);
}

/** A paged list: nothing is sent until it is walked or `.page()` is called. */
function pages(method: Method, args: unknown[]): PagedCall<unknown> {
  const [params = {}, ...rest] = args;
  const { page: first = 1, ...filters } = isPlainObject(params) ? params : {};
  // The page first, then the filters, as listAllStreams sends them; the arguments after the parameters
  // go on as given, so each page's call checks them as `.page()` does (one too many is refused, not dropped).
  const onPage = (page: number) => send(method, [isPlainObject(params) ? { page, ...filters } : params, ...rest]);
  return {
    page: () => send(method, args) as ApiCall<unknown[]>,
    [Symbol.asyncIterator]: () =>
      walkPages((page) => onPage(page) as Promise<unknown[]>, first as number, method.leaf.path),
  };
}

function build(tree: Tree, client: Record<string, PathCall>, prefix: string): Record<string, unknown> {
  const built: Record<string, unknown> = {};
  for (const [key, node] of Object.entries(tree)) {
    const name = `${prefix}${key}`;
    if (typeof node.method !== 'string') {
      built[key] = build(node as Tree, client, `${name}.`);
      continue;
    }
    const leaf = node as Leaf;
    const method = methodOf(name, leaf, (path, init) => client[leaf.method]!(path, init));
    built[key] = leaf.paged ? (...args: unknown[]) => pages(method, args) : (...args: unknown[]) => send(method, args);
  }
  return built;
}

/**
 * The resource layer of a client: each operation as a method at the place its x-sdk-method names,
 * calling the client's own path form (GET, POST, PATCH, DELETE). The client sets it in the place of its
 * stubs with its first method call (method-stubs.ts).
 */
export const methodTree = (client: object): Record<string, unknown> =>
  build(sdkMethods as Tree, client as Record<string, PathCall>, '');
