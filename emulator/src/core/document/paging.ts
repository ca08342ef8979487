// A list operation's paging, as its own query parameters declare it: a page size (`limit`, `per_page`,
// `page_size`, `size`...), and an offset (`offset`, `skip`, `start`) or a page number (`page`, counted from
// 1, or from 0 where its schema's minimum is 0). Only the parameters the operation declares are read;
// one not given takes its schema's default.
import {
  resolveRef,
  type JsonObject,
  type OpenApiDocument,
  type ParameterSpec,
  type RouteSpec,
} from 'cloud-platform-api/toolbox';

/** Parameter names of each part of paging, compared without case, `_` or `-`. */
const NAMES = {
  size: new Set(['limit', 'perpage', 'pagesize', 'size', 'maxresults', 'top']),
  offset: new Set(['offset', 'skip', 'start']),
  page: new Set(['page', 'pagenumber', 'pageindex']),
};
const plain = (name: string) => name.toLowerCase().replace(/[-_]/g, '');

/** A whole number a query value holds, or undefined. */
function whole(value: unknown): number | undefined {
  const number = Number(Array.isArray(value) ? value[0] : value);
  return value !== undefined && Number.isSafeInteger(number) && number >= 0 ? number : undefined;
}

/** The route's paging parameters: the name of each part it declares, and where its pages start. */
export interface Paging {
  size: string | undefined;
  offset: string | undefined;
  page: string | undefined;
  /** The number of the first page: 0 where the page parameter's minimum is 0, else 1. */
  firstPage: number;
  /** The defaults the parameters' schemas declare, by name. */
  defaults: Record<string, unknown>;
}

export function pagingOf(document: OpenApiDocument, route: RouteSpec): Paging {
  const query = route.parameters.filter((parameter) => parameter.in === 'query');
  const named = (names: Set<string>) => query.find((parameter) => names.has(plain(parameter.name)));
  const schemaOf = (parameter: ParameterSpec) => resolveRef<JsonObject>(document, { $ref: parameter.schema });
  const [size, offset, page] = [named(NAMES.size), named(NAMES.offset), named(NAMES.page)];
  const defaults = Object.fromEntries(
    [size, offset, page].flatMap((parameter) => (parameter ? [[parameter.name, schemaOf(parameter).default]] : [])),
  );
  return {
    size: size?.name,
    offset: offset?.name,
    page: page?.name,
    firstPage: page && schemaOf(page).minimum === 0 ? 0 : 1,
    defaults,
  };
}

/** The part of `items` the query asks for, by the route's paging parameters; all of them where it declares none. */
export function pageOf<T>(paging: Paging, query: Record<string, unknown>, items: readonly T[]): T[] {
  const given = (name: string | undefined) =>
    name === undefined ? undefined : whole(query[name] ?? paging.defaults[name]);
  const [size, page, offset] = [given(paging.size), given(paging.page), given(paging.offset)];
  const start = offset ?? (page !== undefined && size !== undefined ? Math.max(0, page - paging.firstPage) * size : 0);
  return items.slice(start, size === undefined ? undefined : start + size);
}
