// The resource layer: client.streaming.videos.get(1444) is client.GET('/streaming/videos/{video_id}',
// { params: { path: { video_id: 1444 } } }), unwrapped. Each method is built from the tree the build
// reads from the document's x-sdk-method names (generated/sdk-methods.json) and calls the client's own
// path form, so options, retries, errors, logging and the key are the path form's, unchanged.
import sdkMethods from '../../generated/sdk-methods.json' with { type: 'json' };
import type { CallOptions } from './client-types.js';
import { CloudClientOptionError } from './option-error.js';
import { walkPages } from './paginate.js';
import type { ApiCall, PagedCall, Resources } from './resource-types.js';
import { type FetchResult, unwrap } from './unwrap.js';

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
 * A promise of the answer's body that keeps the answer for `.withResponse()`: the unwrapped body's own
 * promise (a plain one, so `await` takes its fast path) with the method beside it. The body is unwrapped at
 * once, as an async function's promise settles: a failure nobody awaits is an unhandled rejection, whatever
 * failed (the argument, the network or the status); `.withResponse()` reads the same outcome.
 */
function resourceCall<Data>(result: Promise<FetchResult<Data>>): ApiCall<Data> {
  const data = unwrap(result);
  const withResponse = () => data.then(async (body) => ({ data: body, response: (await result).response }));
  return Object.assign(data, { withResponse });
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A method as built: its name, how to call the path form, and its path parameters (read once from the template). */
interface Method {
  name: string;
  leaf: Leaf;
  pathNames: string[];
  call: PathCall;
}

/** The path form's init for one call: the method's arguments sorted into params, body and options. */
function initOf({ name, leaf, pathNames }: Method, args: unknown[]): Init {
  const path: [string, unknown][] = [];
  const query: [string, unknown][] = [];
  const body: [string, unknown][] = [];
  let at = 0;
  if (pathNames.length === 1) path.push([pathNames[0]!, args[at++]]);
  const takesObject = pathNames.length > 1 || leaf.query.length > 0 || leaf.body !== 'none';
  // An argument past the options would be dropped unseen: a mistake in the call, said as one.
  const most = at + (takesObject ? 1 : 0) + 1;
  if (args.length > most)
    throw new CloudClientOptionError(`${name} takes at most ${most} arguments, got ${args.length}`);
  const [params = {}, options = {}] = takesObject ? args.slice(at) : [undefined, args[at]];
  if (!isPlainObject(params)) throw new CloudClientOptionError(`The parameters of ${name} must be an object`);
  if (!isPlainObject(options)) throw new CloudClientOptionError(`The options of ${name} must be an object`);
  for (const entry of Object.entries(params)) {
    const [key] = entry;
    if (pathNames.length === 1 && key === pathNames[0]) {
      throw new CloudClientOptionError(`${name} takes "${key}" first, by position, not in its parameters`);
    }
    if (pathNames.includes(key)) path.push(entry);
    else if (leaf.query.includes(key)) query.push(entry);
    else if (leaf.body !== 'none') body.push(entry);
    else throw new CloudClientOptionError(`${name} takes no parameter "${key}"`);
  }
  const unknown = Object.keys(options).find((key) => !(CALL_OPTIONS as string[]).includes(key));
  if (unknown !== undefined) {
    throw new CloudClientOptionError(`${name} has no option "${unknown}": its options are ${CALL_OPTIONS.join(', ')}`);
  }
  // Object.fromEntries keeps a key such as "__proto__" as a field, where an assignment would not.
  const init: Init = { ...options };
  if (path.length > 0 || query.length > 0) {
    init.params = {
      ...(pathNames.length > 0 ? { path: Object.fromEntries(path) } : {}),
      ...(query.length > 0 ? { query: Object.fromEntries(query) } : {}),
    };
  }
  if (leaf.body === 'required' || body.length > 0) init.body = Object.fromEntries(body);
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
  const [params = {}, options] = args;
  const { page: first = 1, ...filters } = isPlainObject(params) ? params : {};
  // The page first, then the filters, as listAllStreams sends them.
  const onPage = (page: number) => send(method, [isPlainObject(params) ? { page, ...filters } : params, options]);
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
    const method: Method = {
      name,
      leaf,
      pathNames: [...leaf.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!),
      call: (path, init) => client[leaf.method]!(path, init),
    };
    built[key] = leaf.paged ? (...args: unknown[]) => pages(method, args) : (...args: unknown[]) => send(method, args);
  }
  return built;
}

/**
 * The client with its resource layer: each operation as a method at the place its x-sdk-method names,
 * calling the client's own path form (GET, POST, PATCH, DELETE).
 */
export function withResources<Client extends object>(client: Client): Client & Resources<CallOptions> {
  const resources = build(sdkMethods as Tree, client as unknown as Record<string, PathCall>, '');
  const taken = Object.keys(resources).find((area) => area in client);
  if (taken !== undefined) throw new Error(`The resource area "${taken}" would hide the client's own "${taken}"`);
  // The tree and the types are made from the same names by the build (scripts/lib/sdk-methods.ts).
  return Object.assign(client, resources as Resources<CallOptions>);
}
