import type { FastifyInstance } from 'fastify';
import { registerDashboardPermalinkRoutes } from './dashboard-permalink';
import { registerExploreFormDataRoutes } from './explore-form-data';
import { registerExplorePermalinkRoutes } from './explore-permalink';

/**
 * Shareable state: dashboard and explore permalinks (never expire) and the explore form-data cache
 * (expires). SQL Lab permalinks live with SQL Lab and use `createPermalink`/`readPermalink` from store.ts.
 */
export async function registerPermalinkRoutes(app: FastifyInstance): Promise<void> {
  registerDashboardPermalinkRoutes(app);
  registerExplorePermalinkRoutes(app);
  registerExploreFormDataRoutes(app);
}
