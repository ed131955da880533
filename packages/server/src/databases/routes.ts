import type { FastifyInstance } from 'fastify';
import { registerConnectionRoutes } from './connection-routes';
import { registerMetadataRoutes } from './metadata-routes';
import { registerUploadRoutes } from '../uploads/upload-routes';

/**
 * The database endpoints beyond CRUD: connection testing and validation, the engine list, and browsing
 * of catalogs, schemas, tables and table metadata, and file uploads into tables. Registered after the security plugin (request.user set).
 */
export async function registerDatabaseRoutes(app: FastifyInstance): Promise<void> {
  await app.register(registerConnectionRoutes);
  await app.register(registerMetadataRoutes);
  await app.register(registerUploadRoutes);
}
