// What each of the 14 operations does, keyed by operationId. Routing, auth, validation and error
// shapes live in the server; these functions hold behaviour only.
import { randomBytes } from 'node:crypto';
import type { components } from '../../generated/schema.js';
import { schemaProperties, type JsonObject, type OpenApiDocument } from '../contract/document.js';
import type { OperationId } from '../operations.js';
import { deriveConfigurator } from './configurator.js';
import { dictionary } from './dictionary.js';
import type { Fixtures } from './fixtures.js';
import { exceededQuotas, requestedAmounts, UnknownFlavorError } from './quota-check.js';
import type { StateStore } from './store.js';

type Schemas = components['schemas'];

/** An answer other than success, with its status; the server shapes the body for the operation's area. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface OperationContext {
  params: Record<string, any>;
  query: Record<string, any>;
  body: any;
  /**
   * The client the request's API token acts as: undefined for a token that never created anything,
   * unless `{ create: true }` gives it an id (inside the change that creates something).
   */
  clientId: (create?: { create: true }) => number | undefined;
}

/** The body of a success answer (the status is the document's), or undefined for none. */
export type Handler = (context: OperationContext) => unknown;

/** Timestamps of inference keys and uploader configs are in whole seconds. */
const nowInSeconds = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

const DEFAULT_THRESHOLD = 80;

/** Events are the same event when kind, bucket and storage match. */
const sameEvent = (a: Schemas['StorageEvent'], b: Schemas['StorageEvent']) => a.name === b.name && a.bucket_name === b.bucket_name && a.storage_name === b.storage_name;

/** Copies the fields a client may set, as the document lists them, ignoring anything else sent. */
function pick(body: JsonObject, fields: readonly string[]): JsonObject {
  return Object.fromEntries(fields.filter((f) => body[f] !== undefined).map((f) => [f, body[f]]));
}

export function createHandlers(document: OpenApiDocument, fixtures: Fixtures, store: StateStore): Record<OperationId, Handler> {
  const configFields = Object.keys(schemaProperties(document, document.components.schemas!.LogsUploaderConfigFields!));
  const configurator = deriveConfigurator(document);
  const notFound = (what: string) => new HttpProblem(404, `${what} not found`);
  // Pages of the (frozen) fixture streams, made once each, so their JSON can be cached too.
  const streamPages = new Map<number, readonly Schemas['LiveStream'][]>();

  return {
    createInferenceApiKey({ params, body }) {
      const project = String(params.project_id);
      return store.change((state) => {
        const keys = state.inferenceKeys[project] ?? dictionary();
        if (keys[body.name]) throw new HttpProblem(409, `An API key named "${body.name}" already exists in project ${project}`);
        state.inferenceKeys[project] = keys;
        const key: Omit<Schemas['InferenceApiKey'], 'secret'> = {
          name: body.name,
          description: body.description ?? null,
          expires_at: body.expires_at ?? null,
          created_at: nowInSeconds(),
          deployment_names: [],
        };
        keys[body.name] = key;
        return { ...key, secret: randomBytes(24).toString('hex') };
      });
    },

    deleteInferenceDeployment({ params }) {
      store.change((state) => {
        const index = state.deployments.indexOf(params.instance_id);
        if (index < 0) throw notFound(`Inference instance "${params.instance_id}"`);
        state.deployments.splice(index, 1);
      });
    },

    checkBareMetalQuota({ params, body }) {
      const region = fixtures.regions[String(params.region_id)];
      if (!region) throw notFound(`Region ${params.region_id}`);
      try {
        return exceededQuotas(region, requestedAmounts(fixtures, body ?? {}));
      } catch (error) {
        if (error instanceof UnknownFlavorError) throw new HttpProblem(400, error.message);
        throw error;
      }
    },

    createLogsUploaderConfig({ body, clientId }) {
      return store.change((state) => {
        const now = nowInSeconds();
        const config = {
          enabled: true,
          for_all_resources: false,
          resources: [],
          ...pick(body, configFields),
          id: state.nextConfigId++,
          client_id: clientId({ create: true })!,
          created: now,
          updated: now,
          status: { status: 'in_progress' as const, updated: now },
        };
        state.configs[String(config.id)] = config;
        return config;
      });
    },

    updateLogsUploaderConfig({ params, body, clientId }) {
      return store.change((state) => {
        const config = state.configs[String(params.config_id)];
        if (!config || config.client_id !== clientId()) throw notFound(`Logs uploader config ${params.config_id}`);
        Object.assign(config, pick(body, configFields), { updated: nowInSeconds() });
        return config;
      });
    },

    // `with_broadcasts` is accepted and changes nothing: what it adds is not documented anywhere.
    listStreams({ query }) {
      const page = query.page ?? 1;
      if (page < 1) throw new HttpProblem(400, `query.page: must be 1 or more (minimum)`);
      const size = fixtures.streamsPageSize;
      let slice = streamPages.get(page);
      if (!slice) {
        slice = Object.freeze(fixtures.streams.slice((page - 1) * size, page * size));
        if (slice.length > 0) streamPages.set(page, slice);
      }
      return slice;
    },

    getVideo({ params }) {
      const video = fixtures.videos.find((v) => v.id === params.video_id);
      if (!video) throw notFound(`Video ${params.video_id}`);
      return video;
    },

    getDnsZone({ params }) {
      const zone = fixtures.zones.find((z) => z.name === params.name);
      if (!zone) throw notFound(`Zone "${params.name}"`);
      return { Zone: zone };
    },

    listInstancePorts({ params }) {
      const instance = fixtures.instances.find(
        (i) => i.project_id === params.project_id && i.region_id === params.region_id && i.instance_id === params.instance_id,
      );
      if (!instance) throw notFound(`Instance ${params.instance_id} in project ${params.project_id}, region ${params.region_id}`);
      return { count: instance.ports.length, results: instance.ports };
    },

    deleteEdgeApp({ params }) {
      store.change((state) => {
        const index = state.apps.indexOf(params.id);
        if (index < 0) throw notFound(`App ${params.id}`);
        state.apps.splice(index, 1);
      });
    },

    // Without `client_id` (optional live, and what the service then does is not documented), the
    // events are the caller's own: those of the client its token acts as.
    addStorageEvent({ query, body, clientId }) {
      return store.change((state) => {
        const client = query.client_id ?? clientId({ create: true })!;
        const events = state.storageEvents[String(client)] ?? [];
        if (events.some((e) => sameEvent(e, body))) {
          throw new HttpProblem(409, `Client ${client} already has a ${body.name} event for bucket "${body.bucket_name}" of storage "${body.storage_name}"`);
        }
        state.storageEvents[String(client)] = [...events, body];
        return body;
      });
    },

    deleteStorageEvent({ query, body, clientId }) {
      const client = query.client_id ?? clientId();
      store.change((state) => {
        const events = client === undefined ? [] : (state.storageEvents[String(client)] ?? []);
        const index = events.findIndex((e) => sameEvent(e, body));
        if (index < 0) throw notFound(`A ${body.name} event of ${client === undefined ? 'this client' : `client ${client}`} for bucket "${body.bucket_name}" of storage "${body.storage_name}"`);
        events.splice(index, 1);
      });
    },

    getStorageEventsConfigurator() {
      return configurator;
    },

    getQuotaNotificationThreshold({ params }) {
      return (
        store.state.thresholds[String(params.client_id)] ?? { client_id: params.client_id, threshold: DEFAULT_THRESHOLD, last_sending: null, last_message: null }
      );
    },
  };
}
