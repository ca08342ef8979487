// What each of the 14 operations does, keyed by operationId. Routing, auth, validation and error
// shapes live in the core around them; these functions hold behaviour only, on the store's tables.
import type { components, OperationId } from 'cloud-platform-api';
import { resolveRef, type OpenApiDocument } from 'cloud-platform-api/contract';
import type { Store } from '../store/store.js';
import { clockText } from './clock.js';
import { deriveConfigurator } from './configurator.js';
import type { Fixtures } from './fixtures.js';
import { exceededQuotas, requestedAmounts, UnknownFlavorError } from './quota-check.js';
import { randomHex } from './random.js';
import { COUNTERS, nextId, rowKey } from './state.js';

type Schemas = components['schemas'];

/** An answer other than success, with its status; the core shapes the body for the operation's area. */
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
  /** The request body, valid, holding only the fields the document declares (the core drops the rest). */
  body: any;
  /**
   * The client the request's API token acts as: undefined for a token that never created anything,
   * unless `{ create: true }` gives it an id (inside the transaction that creates something).
   */
  clientId: (create?: { create: true }) => number | undefined;
}

/** The body of a success answer (the status is the document's), or undefined for none. */
export type Handler = (context: OperationContext) => unknown;

/** Timestamps of inference keys and uploader configs are in whole seconds. */
const nowInSeconds = clockText(1000, (time) => time.toISOString().replace('.000Z', 'Z'));


export function createHandlers(document: OpenApiDocument, fixtures: Fixtures, store: Store): Record<OperationId, Handler> {
  const configurator = deriveConfigurator(document);
  /** What a client that set no threshold has: the document's default for the field. */
  const defaultThreshold = resolveRef(document, document.components.schemas!.QuotaNotificationThreshold!).properties.threshold.default as number;
  const notFound = (what: string) => new HttpProblem(404, `${what} not found`);
  // Pages of the (frozen) fixture streams, made once each, so their JSON can be cached too.
  const streamPages = new Map<number, readonly Schemas['LiveStream'][]>();
  const { inferenceKeys, deployments, configs, apps, storageEvents, thresholds } = store.tables;
  /** Deletes a row that stands for a fixture resource, or answers 404. */
  const deleteOrNotFound = (table: { delete(key: string): boolean }, key: string, what: string) =>
    store.transaction(() => {
      if (!table.delete(key)) throw notFound(what);
    });

  return {
    createInferenceApiKey({ params, body }) {
      const row = rowKey.inferenceKey(params.project_id, body.name);
      return store.transaction(() => {
        if (inferenceKeys.get(row)) throw new HttpProblem(409, `An API key named "${body.name}" already exists in project ${params.project_id}`);
        const key = {
          name: body.name,
          description: body.description ?? null,
          expires_at: body.expires_at ?? null,
          created_at: nowInSeconds(),
          deployment_names: [],
        };
        inferenceKeys.put(row, key);
        return { ...key, secret: randomHex(24) };
      });
    },

    deleteInferenceDeployment({ params }) {
      deleteOrNotFound(deployments, params.instance_id, `Inference instance "${params.instance_id}"`);
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
      return store.transaction(() => {
        const now = nowInSeconds();
        // The document's defaults (enabled, for_all_resources) are in the body already: the validator put them there.
        const config = {
          ...body,
          id: nextId(store, COUNTERS.config),
          client_id: clientId({ create: true })!,
          created: now,
          updated: now,
          status: { status: 'in_progress' as const, updated: now },
        };
        configs.put(String(config.id), config);
        return config;
      });
    },

    updateLogsUploaderConfig({ params, body, clientId }) {
      return store.transaction(() => {
        const config = configs.get(String(params.config_id));
        if (!config || config.client_id !== clientId()) throw notFound(`Logs uploader config ${params.config_id}`);
        const changed = { ...config, ...body, updated: nowInSeconds() };
        configs.put(String(params.config_id), changed);
        return changed;
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
      deleteOrNotFound(apps, String(params.id), `App ${params.id}`);
    },

    // Without `client_id` (optional live, and what the service then does is not documented), the
    // events are the caller's own: those of the client its token acts as.
    addStorageEvent({ query, body, clientId }) {
      return store.transaction(() => {
        const client: number = query.client_id ?? clientId({ create: true })!;
        const row = rowKey.storageEvent(client, body);
        if (storageEvents.get(row)) {
          throw new HttpProblem(409, `Client ${client} already has a ${body.name} event for bucket "${body.bucket_name}" of storage "${body.storage_name}"`);
        }
        storageEvents.put(row, body);
        return body;
      });
    },

    deleteStorageEvent({ query, body, clientId }) {
      const client: number | undefined = query.client_id ?? clientId();
      const what = `A ${body.name} event of ${client === undefined ? 'this client' : `client ${client}`} for bucket "${body.bucket_name}" of storage "${body.storage_name}"`;
      if (client === undefined) throw notFound(what);
      deleteOrNotFound(storageEvents, rowKey.storageEvent(client, body), what);
    },

    getStorageEventsConfigurator() {
      return configurator;
    },

    getQuotaNotificationThreshold({ params }) {
      return (
        thresholds.get(String(params.client_id)) ?? { client_id: params.client_id, threshold: defaultThreshold, last_sending: null, last_message: null }
      );
    },
  };
}
