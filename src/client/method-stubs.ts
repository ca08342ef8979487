// The resource layer as every client carries it at first: the tree of method names
// (generated/sdk-method-names.json), each method a stub. The first method call loads the layer itself
// (resources.ts, with the methods' table) and hands the call on; from then on the client's tree holds
// the built methods, so a call costs what it would have cost had the layer been there from the start.
// An app that calls only the path form never loads the layer, nor, bundled, ships it in its first chunk.
import names from '../../generated/sdk-method-names.json' with { type: 'json' };
import type { CallOptions } from './client-types.js';
import type { ApiCall, PagedCall, Resources } from './resource-types.js';

/** A method's place, and whether it is a paged list. */
type NameTree = { [name: string]: NameTree | 'call' | 'pages' };
type Built = Record<string, unknown>;
type AnyMethod = (...args: unknown[]) => unknown;

/** The call of a method that had to wait for the layer: its answer's body, and `.withResponse()`. */
function waitedCall<Data>(pending: Promise<{ call: ApiCall<Data> }>): ApiCall<Data> {
  // The call is wrapped: a promise resolved with the ApiCall itself would take its body and lose its withResponse.
  const data = pending.then(({ call }) => call);
  // Read through `data`, so that reading the response alone handles a failure, as a built method's does.
  const withResponse = () => data.then(() => pending).then(({ call }) => call.withResponse());
  return Object.assign(data, { withResponse });
}

/** The paged list of a method that has to wait for the layer: nothing is loaded until it is walked or read. */
function waitedPages(method: () => Promise<AnyMethod>, args: unknown[]): PagedCall<unknown> {
  const list = () => method().then((built) => ({ call: built(...args) as PagedCall<unknown> }));
  return {
    page: () => waitedCall(list().then(({ call }) => ({ call: call.page() }))) as ApiCall<unknown[]>,
    [Symbol.asyncIterator]: () =>
      (async function* walk() {
        yield* (await list()).call;
      })(),
  };
}

/** The built method at `path` of a built tree. */
const leafAt = (tree: Built, path: readonly string[]) =>
  path.reduce<unknown>((at, name) => (at as Built)[name], tree) as AnyMethod;

/** Stubs for a tree of names; `method(path)` gives the built method at that path, once the layer is loaded. */
function stubs(tree: NameTree, path: string[], method: (path: string[]) => () => Promise<AnyMethod>): Built {
  const made: Built = {};
  for (const [name, node] of Object.entries(tree)) {
    const at = [...path, name];
    if (typeof node === 'object') {
      made[name] = stubs(node, at, method);
      continue;
    }
    const built = method(at);
    made[name] =
      node === 'pages'
        ? (...args: unknown[]) => waitedPages(built, args)
        : (...args: unknown[]) => waitedCall(built().then((call) => ({ call: call(...args) as ApiCall<unknown> })));
  }
  return made;
}

/** Puts each built method in the place of its stub, in the client's own tree. */
function replaceStubs(tree: NameTree, target: Built, built: Built): void {
  for (const [name, node] of Object.entries(tree)) {
    if (typeof node === 'object') replaceStubs(node, target[name] as Built, built[name] as Built);
    else target[name] = built[name];
  }
}

/**
 * The client with its resource layer: each operation as a method at the place its x-sdk-method names,
 * calling the client's own path form (GET, POST, PATCH, DELETE), loaded with the first method call.
 */
export function withMethodStubs<Client extends object>(client: Client): Client & Resources<CallOptions> {
  let loading: Promise<Built> | undefined;
  // Loaded once; a load that failed (a chunk the network did not bring) is tried again by the next call.
  const layer = () =>
    (loading ??= import('./resources.js').then(
      ({ methodTree }) => {
        const built = methodTree(client);
        replaceStubs(names as NameTree, client as unknown as Built, built);
        return built;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const tree = stubs(names as NameTree, [], (path) => () => layer().then((built) => leafAt(built, path)));
  const taken = Object.keys(tree).find((area) => area in client);
  if (taken !== undefined) throw new Error(`The resource area "${taken}" would hide the client's own "${taken}"`);
  // The names and the types are made from the same tree by the build (scripts/lib/sdk-methods.ts).
  return Object.assign(client, tree as Resources<CallOptions>);
}
