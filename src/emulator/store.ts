// The emulator's mutable state, kept in memory and, with a state file, written after every change
// (temp file + rename, before the change is acknowledged), so a kill -9 loses nothing acknowledged.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { components } from '../../generated/schema.js';
import type { Fixtures } from './fixtures.js';

type Schemas = components['schemas'];

export interface EmulatorState {
  /** Project id -> key name -> key (the secret is returned once and never stored). */
  inferenceKeys: Record<string, Record<string, Schemas['InferenceApiKey']>>;
  /** Deployments that still exist. */
  deployments: string[];
  /** Config id -> config. */
  configs: Record<string, Schemas['LogsUploaderConfig'] & { id: number; client_id: number }>;
  nextConfigId: number;
  /** SHA-256 of an API token -> the client id it acts as (tokens themselves are never stored). */
  clients: Record<string, number>;
  nextClientId: number;
  /** Edge apps that still exist. */
  apps: number[];
  /** Client id -> its storage notification events. */
  storageEvents: Record<string, Schemas['StorageEvent'][]>;
  /** Client id -> the threshold it set, or the fixture's. */
  thresholds: Record<string, Schemas['QuotaNotificationThreshold']>;
}

export class StateFileError extends Error {
  override name = 'StateFileError';
}

/** Client ids for API tokens start here, clear of the fixture set's client ids. */
const FIRST_CLIENT_ID = 1000;

export function initialState(fixtures: Fixtures): EmulatorState {
  return {
    inferenceKeys: {},
    deployments: [...fixtures.deployments],
    configs: {},
    nextConfigId: 1,
    clients: {},
    nextClientId: FIRST_CLIENT_ID,
    apps: [...fixtures.apps],
    storageEvents: {},
    thresholds: Object.fromEntries(fixtures.thresholds.map((t) => [String(t.client_id), structuredClone(t)])),
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

function readStateFile(file: string): EmulatorState {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new StateFileError(`State file ${file} cannot be read as JSON: ${(error as Error).message}`);
  }
  for (const [key, kind] of Object.entries(SHAPE)) {
    const field = (value as Record<string, unknown> | null)?.[key];
    const ok = kind === 'array' ? Array.isArray(field) : kind === 'number' ? Number.isInteger(field) : typeof field === 'object' && field !== null && !Array.isArray(field);
    if (!ok) throw new StateFileError(`State file ${file}: "${key}" must be ${kind === 'number' ? 'an integer' : `an ${kind}`}`);
  }
  return value as EmulatorState;
}

export class StateStore {
  state: EmulatorState;

  constructor(
    private readonly fixtures: Fixtures,
    private readonly file?: string,
  ) {
    this.state = file && existsSync(file) ? readStateFile(file) : initialState(fixtures);
  }

  /** Applies a change and persists it before returning, so the caller can acknowledge it safely. */
  change<T>(apply: (state: EmulatorState) => T): T {
    const result = apply(this.state);
    this.save();
    return result;
  }

  reset(): void {
    this.change((state) => Object.assign(state, initialState(this.fixtures)));
  }

  private save(): void {
    if (!this.file) return;
    const temp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(this.state));
    renameSync(temp, this.file);
  }
}
