/**
 * GET /api/v1/client_config/: the deployment's settings the browser side needs to draw (today the deck
 * charts' map style, LUMEN_MAP_STYLE_URL), for signed-in users and guests (embedded dashboards, <bi-chart>
 * with a guest token) alike. Read from server configuration only; nothing a request sends changes it.
 */
import type { FastifyInstance } from 'fastify';

/** The answer's `result`. */
export interface ClientConfig {
  /** A MapLibre style URL the deck charts draw under their layers; null: the offline base map. */
  map_style_url: string | null;
}

export async function registerClientConfigRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/v1/client_config/', { config: { allowGuest: true } }, async (_request, reply) => {
    const result: ClientConfig = { map_style_url: app.lumen.config.mapStyleUrl ?? null };
    // Configuration changes only with a restart; a browser may keep it for a few minutes.
    reply.header('Cache-Control', 'private, max-age=300');
    return { result };
  });
}
