// The app: what it does with CDN logs uploader configs and live streams, through the typed client's
// methods. Each function takes the client, so a test can hand it one pointed at the emulator.
import { NotFoundError, type CloudClient, type components } from 'cloud-platform-api';

export type UploaderConfig = components['schemas']['LogsUploaderConfig'];

/** Creates a config that uploads with policy 1 to target 2. The document does not require an answer's `id`: checked here. */
export async function createConfig(client: CloudClient, name: string): Promise<UploaderConfig & { id: number }> {
  const config = await client.cdn.logsUploader.configs.create({ name, policy: 1, target: 2 });
  if (config.id === undefined) throw new Error(`The new config "${name}" came back without an id`);
  return { ...config, id: config.id };
}

/** Stops a config's uploads; nothing else changes. */
export function disableConfig(client: CloudClient, id: number): Promise<UploaderConfig> {
  return client.cdn.logsUploader.configs.update(id, { enabled: false });
}

/** Renames a config; null when there is no such config, so a caller can tell "gone" from a failure. */
export async function renameConfig(client: CloudClient, id: number, name: string): Promise<UploaderConfig | null> {
  try {
    return await client.cdn.logsUploader.configs.update(id, { name });
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/** The names of every live stream, read page by page. */
export async function streamNames(client: CloudClient): Promise<string[]> {
  const names: string[] = [];
  for await (const stream of client.streaming.streams.list()) names.push(stream.name);
  return names;
}
