import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { type LumenConfig } from './config';
import { type MetadataStore, openMetadataStore } from './metadata/connect';
import { migrateToLatest } from './metadata/migrate';
import { resolveSecretKey } from './secret-key';
import { ensureAdmin, seedRoles } from './security/bootstrap';

export interface PreparedServer {
  app: FastifyInstance;
  store: MetadataStore;
  config: LumenConfig;
  /** Set the first time an admin is created: the CLI prints these once. */
  adminCredentials: { username: string; password: string; generated: boolean } | null;
}

/**
 * Everything `lumen start` does before listening: secret key, metadata migrations, roles, first admin,
 * the app. Kept apart from the CLI so tests and other entry points (workers) share it.
 */
export async function prepareServer(config: LumenConfig): Promise<PreparedServer> {
  config = { ...config, secretKey: resolveSecretKey(config).key };
  const store = openMetadataStore(config.metadataUrl);
  try {
    await migrateToLatest(store, config);
    await seedRoles({ store });
    const adminCredentials = await ensureAdmin({ store, config });
    const app = await buildApp({ config, store });
    return { app, store, config, adminCredentials };
  } catch (error) {
    await store.close();
    throw error;
  }
}
