import type { FastifyInstance } from 'fastify';

/** Registration point; the implementation lands with its issue. Registers no routes yet. */
export async function registerImportExportRoutes(_app: FastifyInstance): Promise<void> {}
