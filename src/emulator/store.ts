// The emulator's mutable state, kept in memory and, with a state file, written after every change
// (temp file + rename, before the change is acknowledged), so a kill -9 loses nothing acknowledged.
// A change that cannot be written is undone: the state goes back to what the file holds.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { components } from '../../generated/schema.js';
import { dictionary, type Dictionary } from './dictionary.js';
import type { Fixtures } from './fixtures.js';

type Schemas = components['schemas'];

export interface EmulatorState {
  /** Project id -> key name -> key (the secret is returned once and never stored). */
  inferenceKeys: Dictionary<Dictionary<Omit<Schemas['InferenceApiKey'], 'secret'>>>;
  /** Deployments that still exist. */
  deployments: string[];
  /** Config id -> config. */
  configs: Dictionary<Schemas['LogsUploaderConfig'] & { id: number; client_id: number }>;
  nextConfigId: number;
  /** SHA-256 of an API token -> the client id it acts as (tokens themselves are never stored). */
  clients: Dictionary<number>;
  nextClientId: number;
  /** Edge apps that still exist. */
  apps: number[];
  /** Client id -> its storage notification events. */
  storageEvents: Dictionary<Schemas['StorageEvent'][]>;
  /** Client id -> the threshold it set, or the fixture's. */
  thresholds: Dictionary<Schemas['QuotaNotificationThreshold']>;
}

export class StateFileError extends Error {
  override name = 'StateFileError';
}

/** A change could not be written to the state file; it was not applied. The server's fault, not the client's. */
export class StatePersistError extends Error {
  override name = 'StatePersistError';
}

/** Client ids for API tokens start here, clear of the fixture set's client ids. */
const FIRST_CLIENT_ID = 1000;

export function initialState(fixtures: Fixtures): EmulatorState {
  return {
    inferenceKeys: dictionary(),
    deployments: [...fixtures.deployments],
    configs: dictionary(),
    nextConfigId: 1,
    clients: dictionary(),
    nextClientId: FIRST_CLIENT_ID,
    apps: [...fixtures.apps],
    storageEvents: dictionary(),
    thresholds: dictionary(fixtures.thresholds.map((t) => [String(t.client_id), structuredClone(t)])),
  };
}

const SHAPE: Record<keyof EmulatorState, 'object' | 'array' | 'number'> = {
  inferenceKeys: 'object',
  deployments: 'array',
  configs: 'object',
  nextConfigId: 'number',
  clients: 'object',
  nextClientId: 'number',
  apps: 'array',
  storageEvents: 'object',
  thresholds: 'object',
};

/** Every JSON object becomes a null-prototype one, so keys such as `__proto__` or `constructor` are plain keys. */
const parseState = (text: string): unknown =>
  JSON.parse(text, (_key, value: unknown) => (value !== null && typeof value === 'object' && !Array.isArray(value) ? dictionary(value as object) : value));

/**
 * The next ids are derived from the data as well as read, so a hand-edited counter set back
 * can never hand out an id that is taken.
 */
function raiseCounters(state: EmulatorState): EmulatorState {
  for (const config of Object.values(state.configs)) {
    state.nextConfigId = Math.max(state.nextConfigId, config.id + 1);
    state.nextClientId = Math.max(state.nextClientId, config.client_id + 1);
  }
  for (const id of Object.values(state.clients)) state.nextClientId = Math.max(state.nextClientId, id + 1);
  return state;
}

function readStateFile(file: string): EmulatorState {
  let value: unknown;
  try {
    value = parseState(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new StateFileError(`State file ${file} cannot be read as JSON: ${(error as Error).message}`);
  }
  for (const [key, kind] of Object.entries(SHAPE)) {
    const field = (value as Record<string, unknown> | null)?.[key];
    const ok = kind === 'array' ? Array.isArray(field) : kind === 'number' ? Number.isSafeInteger(field) : typeof field === 'object' && field !== null && !Array.isArray(field);
    if (!ok) throw new StateFileError(`State file ${file}: "${key}" must be ${kind === 'number' ? 'an integer' : `an ${kind}`}`);
  }
  return raiseCounters(value as EmulatorState);
}

export class StateStore {
  state: EmulatorState;
  /** The state as the file holds it: what a change that cannot be written falls back to. */
  private written: string | undefined;

  constructor(
    private readonly fixtures: Fixtures,
    private readonly file?: string,
  ) {
    this.state = file && existsSync(file) ? readStateFile(file) : initialState(fixtures);
    if (file) this.written = JSON.stringify(this.state);
  }

  /**
   * Applies a change and persists it before returning, so the caller can acknowledge it safely.
   * Handlers check everything before they change anything; with a state file, a change that cannot
   * be written (a full disk, a read-only folder) is undone and reported as StatePersistError.
   */
  change<T>(apply: (state: EmulatorState) => T): T {
    const result = apply(this.state);
    if (this.file) this.save(this.file);
    return result;
  }

  reset(): void {
    this.change((state) => Object.assign(state, initialState(this.fixtures)));
  }

  private save(file: string): void {
    const temp = `${file}.${process.pid}.tmp`;
    try {
      const text = JSON.stringify(this.state);
      writeFileSync(temp, text);
      renameSync(temp, file);
      this.written = text;
    } catch (error) {
      rmSync(temp, { force: true });
      this.state = parseState(this.written!) as EmulatorState;
      throw new StatePersistError(`The change could not be saved to the state file: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
  }
}
