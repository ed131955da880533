import type { FastifyInstance } from 'fastify';

export async function registerResourceRoutes(_app: FastifyInstance): Promise<void> {}
