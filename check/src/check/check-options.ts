// The contract runner's options, checked and completed: each bad one is a CheckOptionError that names
// the option and the rule. Also the safety policy: what may be sent to a server that is not loopback.
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { httpUrl, isLoopback, notHttpUrl, UsageError, type FetchFunction } from 'cloud-platform-api/toolbox';

/** What checkContract sends, where, and how fast; `cloud-platform-check`'s flags, as options. */
export interface CheckOptions {
  /** The server to check, e.g. http://127.0.0.1:4010. Required. */
  baseUrl: string;
  /** Sent in the header and scheme the document's security scheme names. Default: GCORE_API_KEY. */
  apiKey?: string | undefined;
  /** Check only these operations. Default: all. */
  operations?: readonly string[] | undefined;
  /** How many requests at most. Default 500. */
  maxRequests?: number | undefined;
  /** The same seed sends the same requests. Default: a random one, printed in the report. */
  seed?: number | undefined;
  /** Requests per second at most. Default: 5 for a host that is not loopback, unlimited on loopback. */
  rate?: number | undefined;
  /** Send POST and PATCH to a host that is not loopback, and DELETEs of resources the run did not create to loopback. */
  allowWrites?: boolean | undefined;
  /** How long one request may take. Default 30 s. */
  timeoutMs?: number | undefined;
  /** For tests and proxies: called as fetch(request, { signal }), as the client calls its own. Default: globalThis.fetch. */
  fetch?: FetchFunction | undefined;
}

/** An option checkContract cannot use; the message names the option and the rule. The commands' UsageError, by its own name. */
export class CheckOptionError extends UsageError {
  override name = 'CheckOptionError';
}

export const DEFAULT_MAX_REQUESTS = 500;
export const REMOTE_RATE = 5;
const DEFAULT_TIMEOUT_MS = 30_000;
const MAX_SEED = 2 ** 31 - 1;

export interface ResolvedCheckOptions {
  baseUrl: URL;
  apiKey: string;
  operations: readonly string[] | undefined;
  maxRequests: number;
  seed: number;
  /** Requests per second; Infinity for no limit. */
  rate: number;
  allowWrites: boolean;
  loopback: boolean;
  timeoutMs: number;
  fetch: FetchFunction;
}

/** A host on this machine: the loopback range, [::1] or localhost (the toolbox's rule, for every tool). */
export { isLoopback };

function wholeNumber(name: string, value: number | undefined, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min || value > max)
    throw new CheckOptionError(`${name} must be a whole number from ${min} to ${max}, got ${value}`);
  return value;
}

function parseBaseUrl(text: string | undefined): URL {
  if (!text) throw new CheckOptionError('--base-url is required: the server to check, such as http://127.0.0.1:4010');
  const url = httpUrl(text);
  if (!url) throw new CheckOptionError(notHttpUrl('--base-url', text));
  return url;
}

/** The key to send; '' where none is given and the document asks for no credentials (`keyNeeded` false). */
function parseApiKey(given: string | undefined, keyNeeded: boolean): string {
  const key = given ?? process.env.GCORE_API_KEY;
  if (!key && !keyNeeded) return '';
  if (!key) throw new CheckOptionError('An API key is required: --api-key, or the GCORE_API_KEY environment variable');
  // The key goes into a header; one that a header cannot hold is refused without quoting it.
  if (/[^\t\x20-\x7e\x80-\xff]/.test(key) || key.trim() !== key)
    throw new CheckOptionError('The API key has characters an HTTP header cannot hold');
  return key;
}

/** The options checked; `keyNeeded`: whether the document asks for credentials anywhere (default: it does). */
export function resolveCheckOptions(options: CheckOptions, keyNeeded = true): ResolvedCheckOptions {
  const baseUrl = parseBaseUrl(options.baseUrl);
  const loopback = isLoopback(baseUrl.hostname);
  if (options.rate !== undefined && !(options.rate > 0))
    throw new CheckOptionError(`--rate must be a number of requests per second above 0, got ${options.rate}`);
  return {
    baseUrl,
    apiKey: parseApiKey(options.apiKey, keyNeeded),
    operations: options.operations,
    maxRequests: wholeNumber('--max-requests', options.maxRequests, 1, 1_000_000, DEFAULT_MAX_REQUESTS),
    seed: wholeNumber('--seed', options.seed, 0, MAX_SEED, Math.floor(Math.random() * MAX_SEED)),
    rate: options.rate ?? (loopback ? Infinity : REMOTE_RATE),
    allowWrites: options.allowWrites === true,
    loopback,
    timeoutMs: wholeNumber('timeoutMs', options.timeoutMs, 1, 2 ** 31 - 1, DEFAULT_TIMEOUT_MS),
    fetch: options.fetch ?? globalThis.fetch,
  };
}

/**
 * Why a request may not be sent, or undefined when it may. GETs always; POST and PATCH to loopback, or
 * anywhere with allowWrites; a DELETE only of a resource this run created (a linked one), or of any
 * resource on loopback with allowWrites.
 */
export function refusal(
  method: string,
  linked: boolean,
  policy: Pick<ResolvedCheckOptions, 'loopback' | 'allowWrites'>,
): string | undefined {
  if (method === 'GET' || method === 'HEAD') return undefined;
  if (method === 'DELETE') {
    if (linked || (policy.loopback && policy.allowWrites)) return undefined;
    return policy.loopback
      ? 'a DELETE of a resource this run did not create: --allow-writes sends it to a loopback server'
      : 'a DELETE of a resource this run did not create, to a server that is not loopback: never sent';
  }
  return policy.loopback || policy.allowWrites
    ? undefined
    : `a ${method} to a server that is not loopback: --allow-writes sends it`;
}

/** A threshold flag's text as a percentage from 0 to 100 (`--fail-under-statuses 90`), or undefined when not given. */
export function percentOption(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const percent = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || percent > 100)
    throw new CheckOptionError(`--${name} must be a percentage from 0 to 100, got "${text}"`);
  return percent;
}

/**
 * A file a flag writes, checked before the run rather than after it: a name, in a folder that exists and
 * may be written, that is not itself a folder. Undefined when the flag is not given.
 */
export function outputFileOption(name: string, file: string | undefined): string | undefined {
  if (file === undefined) return undefined;
  if (file.trim() === '') throw new CheckOptionError(`--${name} needs a file name, got an empty one`);
  const folder = path.dirname(path.resolve(file));
  if (!statSync(folder, { throwIfNoEntry: false })?.isDirectory())
    throw new CheckOptionError(`--${name} ${file}: its folder ${folder} does not exist`);
  try {
    accessSync(folder, constants.W_OK);
  } catch (error) {
    throw new CheckOptionError(
      `--${name} ${file}: its folder ${folder} cannot be written (${(error as NodeJS.ErrnoException).code})`,
    );
  }
  if (statSync(file, { throwIfNoEntry: false })?.isDirectory())
    throw new CheckOptionError(`--${name} ${file}: is a folder, not a file`);
  return file;
}
