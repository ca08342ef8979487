// Made by scripts/lib/sdk-methods.ts from the x-sdk-method of each operation in openapi/: do not edit.

/** The client's resource layer: each method at its place, the operation it calls, the path parameter it takes by position. */
export interface SdkMethods {
  cloud: {
    inference: {
      apiKeys: {
        /** Create an inference API key: `POST /cloud/v3/inference/{project_id}/api_keys`. */
        create: { operationId: "createInferenceApiKey"; positional: "project_id"; paged: false };
      };
      deployments: {
        /** Delete an inference instance: `DELETE /cloud/v2/inference/deployments/{instance_id}`. */
        delete: { operationId: "deleteInferenceDeployment"; positional: "instance_id"; paged: false };
      };
    };
    bminstances: {
      /** Check the regional quota for a new bare metal server: `POST /cloud/v1/bminstances/{project_id}/{region_id}/check_limits`. */
      checkLimits: { operationId: "checkBareMetalQuota"; positional: never; paged: false };
    };
    instances: {
      ports: {
        /** List the network ports of an instance: `GET /cloud/v1/instances/{project_id}/{region_id}/{instance_id}/ports`. */
        list: { operationId: "listInstancePorts"; positional: never; paged: false };
      };
    };
    clientQuotas: {
      /** Get the quota notification threshold of a client: `GET /cloud/v2/client_quotas/{client_id}/notification_threshold`. */
      getNotificationThreshold: { operationId: "getQuotaNotificationThreshold"; positional: "client_id"; paged: false };
    };
  };
  cdn: {
    logsUploader: {
      configs: {
        /** Create a logs uploader config: `POST /cdn/logs_uploader/configs`. */
        create: { operationId: "createLogsUploaderConfig"; positional: never; paged: false };
        /** Change a logs uploader config partially: `PATCH /cdn/logs_uploader/configs/{config_id}`. */
        update: { operationId: "updateLogsUploaderConfig"; positional: "config_id"; paged: false };
      };
    };
  };
  streaming: {
    streams: {
      /** List live streams: `GET /streaming/streams`. */
      list: { operationId: "listStreams"; positional: never; paged: true };
    };
    videos: {
      /** Get a video: `GET /streaming/videos/{video_id}`. */
      get: { operationId: "getVideo"; positional: "video_id"; paged: false };
    };
  };
  dns: {
    zones: {
      /** Get a zone by name: `GET /dns/v2/zones/{name}`. */
      get: { operationId: "getDnsZone"; positional: "name"; paged: false };
    };
  };
  fastedge: {
    apps: {
      /** Delete an app: `DELETE /fastedge/v1/apps/{id}`. */
      delete: { operationId: "deleteEdgeApp"; positional: "id"; paged: false };
    };
  };
  storage: {
    notifications: {
      events: {
        /** Add a client event: `POST /storage/notifications/v1/event`. */
        create: { operationId: "addStorageEvent"; positional: never; paged: false };
        /** Delete a client event: `DELETE /storage/notifications/v1/event`. */
        delete: { operationId: "deleteStorageEvent"; positional: never; paged: false };
        /** Get the list of possible events: `GET /storage/notifications/v1/events/configurator`. */
        getConfigurator: { operationId: "getStorageEventsConfigurator"; positional: never; paged: false };
      };
    };
  };
}
