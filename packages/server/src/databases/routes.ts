import type { FastifyInstance } from 'fastify';

export async function registerDatabaseRoutes(_app: FastifyInstance): Promise<void> {}
