import type { FastifyInstance } from 'fastify';

export async function registerDatasetRoutes(_app: FastifyInstance): Promise<void> {}
