import type { FastifyInstance } from 'fastify';

export async function registerAppRoutes(_app: FastifyInstance): Promise<void> {}
